import { useEffect, useRef, type ReactNode } from 'react';
import { Dialog as RadixDialog } from 'radix-ui';
import { createValueStore, useStore } from '@web/lib/create-store';
import { Button } from './button';

/** How many dialogs are open now, and how many of them are outside the dashboard's queue (see `queued` below). */
const openDialogs = createValueStore({ all: 0, others: 0 });
/** Whether a dialog that is not one of the dashboard's queued dialogs is open (the queue waits for it). */
export const useOtherDialogOpen = (): boolean => useStore(openDialogs).others > 0;
/** Whether any dialog is open (toasts then sit at the top, away from the dialog's buttons). */
export const useAnyDialogOpen = (): boolean => useStore(openDialogs).all > 0;

/**
 * Modal dialog built on Radix (focus trap, Escape, labelled by its title, focus back to the opener on close),
 * with a visible × close button and a height that fits a 360×640 screen (the body scrolls).
 *   <Modal open={open} onOpenChange={setOpen} title="..." description="...">{body}</Modal>
 *   <ConfirmDialog open onOpenChange title description confirmLabel="Sign Out" destructive onConfirm={...} />
 */
export function Modal({
  open,
  onOpenChange,
  title,
  description,
  children,
  closeButton: _closeButton = true,
  closeLabel = 'Close',
  onEscapeKeyDown,
  queued = false,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  title: string;
  description?: ReactNode;
  children?: ReactNode;
  /** Kept for callers written before every dialog had its × button: the button is always shown. */
  closeButton?: boolean;
  /** The accessible name of the × button in the corner. */
  closeLabel?: string;
  /** Escape pressed: call preventDefault() to keep the dialog open (e.g. to step back inside it). */
  onEscapeKeyDown?: (e: KeyboardEvent) => void;
  /**
   * One of the dialogs the dashboard opens by itself, one at a time (src/shared/domain/dashboard-modals.ts). Every
   * other dialog, while open, holds that queue back so that nothing opens over it.
   */
  queued?: boolean;
}) {
  // Radix returns focus to a Dialog.Trigger; these dialogs are opened by the app's own buttons (and by effects),
  // so the element focused when the dialog opened is remembered here and focused again when it closes.
  const returnFocus = useRef<HTMLElement | null>(null);
  const wasOpen = useRef(false);
  if (open && !wasOpen.current && typeof document !== 'undefined') {
    returnFocus.current = document.activeElement instanceof HTMLElement ? document.activeElement : null;
  }
  wasOpen.current = open;
  useEffect(() => {
    if (!open) return;
    const count = (by: number) => {
      const n = openDialogs.read();
      openDialogs.set({ all: n.all + by, others: n.others + (queued ? 0 : by) });
    };
    count(1);
    return () => count(-1);
  }, [open, queued]);
  return (
    <RadixDialog.Root open={open} onOpenChange={onOpenChange}>
      <RadixDialog.Portal>
        <RadixDialog.Overlay className="fixed inset-0 z-[80] bg-black/60" />
        <RadixDialog.Content
          className="fixed left-1/2 top-1/2 z-[81] flex max-h-[calc(100dvh-2rem)] w-[min(26rem,calc(100vw-2rem))] -translate-x-1/2 -translate-y-1/2 flex-col rounded-2xl border border-border bg-surface text-fg shadow-xl focus:outline-none"
          onEscapeKeyDown={onEscapeKeyDown}
          onCloseAutoFocus={(e) => {
            const el = returnFocus.current;
            if (el && el.isConnected && el !== document.body) {
              e.preventDefault();
              el.focus();
            }
          }}
          {...(description ? {} : { 'aria-describedby': undefined })}
        >
          {/* The title and the close button stay in view; the body scrolls on a short screen. */}
          <div className="flex items-start gap-2 px-4 pt-4 sm:px-6 sm:pt-5">
            <RadixDialog.Title className="min-w-0 flex-1 pt-2 text-xl font-bold">{title}</RadixDialog.Title>
            <RadixDialog.Close
              aria-label={closeLabel}
              className="-mr-3 inline-flex h-11 w-11 shrink-0 items-center justify-center rounded-xl text-muted hover:bg-surface-2 hover:text-fg focus-visible:outline-none focus-visible:ring-4 focus-visible:ring-ring"
              data-testid="dialog-close"
            >
              <svg aria-hidden="true" viewBox="0 0 24 24" width="20" height="20" fill="none" stroke="currentColor" strokeWidth="2.5" strokeLinecap="round">
                <path d="M6 6l12 12M18 6L6 18" />
              </svg>
            </RadixDialog.Close>
          </div>
          <div className="min-h-0 overflow-y-auto px-4 pb-5 sm:px-6 sm:pb-6">
            {description && <RadixDialog.Description className="mt-2 text-muted">{description}</RadixDialog.Description>}
            {children}
          </div>
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
