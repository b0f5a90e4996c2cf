import type { ReactNode } from 'react';
import { Dialog as RadixDialog } from 'radix-ui';
import { Button } from './button';

/**
 * Modal dialog built on Radix (focus trap, Escape, labelled by its title).
 *   <Modal open={open} onOpenChange={setOpen} title="..." description="...">{body}</Modal>
 *   <ConfirmDialog open onOpenChange title description confirmLabel="Sign Out" destructive onConfirm={...} />
 */
export function Modal({
  open,
  onOpenChange,
  title,
  description,
  children,
  closeButton = false,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  title: string;
  description?: ReactNode;
  children?: ReactNode;
  /** A visible × button in the corner (Escape and the overlay close the dialog either way). */
  closeButton?: boolean;
}) {
  return (
    <RadixDialog.Root open={open} onOpenChange={onOpenChange}>
      <RadixDialog.Portal>
        <RadixDialog.Overlay className="fixed inset-0 z-[80] bg-black/60" />
        <RadixDialog.Content
          className="fixed left-1/2 top-1/2 z-[81] max-h-[85vh] w-[min(26rem,calc(100vw-2rem))] -translate-x-1/2 -translate-y-1/2 overflow-y-auto rounded-2xl border border-border bg-surface p-6 text-fg shadow-xl focus:outline-none"
          {...(description ? {} : { 'aria-describedby': undefined })}
        >
          {closeButton && (
            <RadixDialog.Close
              aria-label="Close"
              className="absolute right-2 top-2 inline-flex h-11 w-11 items-center justify-center rounded-xl text-muted hover:bg-surface-2 hover:text-fg focus-visible:outline-none focus-visible:ring-4 focus-visible:ring-ring"
            >
              <svg aria-hidden="true" viewBox="0 0 24 24" width="20" height="20" fill="none" stroke="currentColor" strokeWidth="2.5" strokeLinecap="round">
                <path d="M6 6l12 12M18 6L6 18" />
              </svg>
            </RadixDialog.Close>
          )}
          <RadixDialog.Title className={closeButton ? 'pr-10 text-xl font-bold' : 'text-xl font-bold'}>{title}</RadixDialog.Title>
          {description && <RadixDialog.Description className="mt-2 text-muted">{description}</RadixDialog.Description>}
          {children}
        </RadixDialog.Content>
      </RadixDialog.Portal>
    </RadixDialog.Root>
  );
}

export function ConfirmDialog({
  open,
  onOpenChange,
  title,
  description,
  confirmLabel,
  cancelLabel = 'Cancel',
  busyLabel,
  busy = false,
  destructive = false,
  onConfirm,
  closeButton = false,
  children,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  title: string;
  description?: ReactNode;
  confirmLabel: string;
  cancelLabel?: string;
  busyLabel?: string;
  busy?: boolean;
  destructive?: boolean;
  onConfirm: () => void;
  closeButton?: boolean;
  /** Extra content between the description and the buttons. */
  children?: ReactNode;
}) {
  return (
    <Modal open={open} onOpenChange={onOpenChange} title={title} description={description} closeButton={closeButton}>
      {children}
      <div className="mt-6 flex flex-col-reverse gap-3 sm:flex-row sm:justify-end">
        <RadixDialog.Close asChild>
          <Button variant="outline" disabled={busy}>
            {cancelLabel}
          </Button>
        </RadixDialog.Close>
        <Button variant={destructive ? 'destructive' : 'primary'} onClick={onConfirm} disabled={busy}>
          {busy && busyLabel ? busyLabel : confirmLabel}
        </Button>
      </div>
    </Modal>
  );
}
