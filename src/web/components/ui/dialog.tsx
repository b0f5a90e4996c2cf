import { useEffect, useId, useLayoutEffect, useRef, type ReactNode } from 'react';
import { createPortal } from 'react-dom';
import { dialogStack, otherDialogs } from './dialog-state';
import { Button } from './button';
import { X } from 'lucide-react';

// Which dialogs are open lives apart (./dialog-state.ts), so the dashboard's queue reads it without this file.
export { useOtherDialogOpen, useTopDialog } from './dialog-state';

/**
 * Modal dialog on the native `<dialog>` element opened with `showModal()`: the browser keeps the focus inside it, makes
 * the page behind it inert and draws it in the top layer over a dimmed backdrop (decision 033: Radix's
 * dialog forced the style and layout of the whole page as it opened). Labelled by its title; Escape and a click on
 * the backdrop close it; the focus goes back to where it was. A visible × close button and a height that fits a
 * 360×640 screen (the body scrolls).
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
  // The element focused when the dialog opened is remembered here and focused again when it closes (the dialog is
  // removed from the page, not only closed, so the browser's own return of the focus cannot be relied on).
  const returnFocus = useRef<HTMLElement | null>(null);
  const wasOpen = useRef(false);
  if (open && !wasOpen.current && typeof document !== 'undefined') {
    returnFocus.current = document.activeElement instanceof HTMLElement ? document.activeElement : null;
  }
  wasOpen.current = open;
  useEffect(() => {
    if (!open || queued) return;
    otherDialogs.set(otherDialogs.read() + 1);
    return () => otherDialogs.set(otherDialogs.read() - 1);
  }, [open, queued]);
  if (!open || typeof document === 'undefined') return null;
  // In <body>, as a portal: the dialog inherits no text style from wherever the component that opens it sits.
  return createPortal(
    <OpenDialog onOpenChange={onOpenChange} title={title} description={description} closeLabel={closeLabel} onEscapeKeyDown={onEscapeKeyDown} returnFocus={returnFocus}>
      {children}
    </OpenDialog>,
    document.body,
  );
}

/** The `<dialog>` while open: shown modal as it mounts, closed as it unmounts. */
function OpenDialog({
  onOpenChange,
  title,
  description,
  children,
  closeLabel,
  onEscapeKeyDown,
  returnFocus,
}: {
  onOpenChange: (open: boolean) => void;
  title: string;
  description?: ReactNode;
  children?: ReactNode;
  closeLabel: string;
  onEscapeKeyDown?: (e: KeyboardEvent) => void;
  returnFocus: { current: HTMLElement | null };
}) {
  const ref = useRef<HTMLDialogElement>(null);
  const titleId = useId();
  const descriptionId = useId();
  // The latest handlers, for the listeners below (added once, as the dialog opens).
  const latest = useRef({ onOpenChange, onEscapeKeyDown });
  latest.current = { onOpenChange, onEscapeKeyDown };
  const requestClose = () => latest.current.onOpenChange(false);
  useLayoutEffect(() => {
    const dialog = ref.current;
    if (!dialog) return;
    const back = returnFocus.current;
    // Escape: the browser's own close request is refused; the keydown decides (a dialog may step back inside).
    const onCancel = (e: Event) => e.preventDefault();
    const onKeyDown = (e: KeyboardEvent) => {
      if (e.key !== 'Escape' || e.defaultPrevented) return;
      e.preventDefault();
      e.stopPropagation();
      // A fresh event, so that the handler's preventDefault() says "stay open" (this one is already prevented).
      const escape = new KeyboardEvent('keydown', { key: 'Escape', cancelable: true });
      latest.current.onEscapeKeyDown?.(escape);
      if (!escape.defaultPrevented) latest.current.onOpenChange(false);
    };
    // A click on the backdrop (outside the dialog's box: the click lands on the dialog element itself) closes it; on
    // click, not on the press, so the focus handed back to the opener is not taken by the press that follows.
    const onClick = (e: MouseEvent) => {
      if (e.target !== dialog) return;
      const r = dialog.getBoundingClientRect();
      if (e.clientX < r.left || e.clientX > r.right || e.clientY < r.top || e.clientY > r.bottom) latest.current.onOpenChange(false);
    };
    // Closed by the browser itself (it may insist on a second Escape): the state follows.
    const onClose = () => latest.current.onOpenChange(false);
    dialog.addEventListener('cancel', onCancel);
    dialog.addEventListener('keydown', onKeyDown);
    dialog.addEventListener('click', onClick);
    dialog.addEventListener('close', onClose);
    if (!dialog.open) dialog.showModal();
    dialogStack.set([...dialogStack.read(), dialog]);
    return () => {
      // The listeners go first: the `close` event of our own close() must not close what opened next.
      dialog.removeEventListener('cancel', onCancel);
      dialog.removeEventListener('keydown', onKeyDown);
      dialog.removeEventListener('click', onClick);
      dialog.removeEventListener('close', onClose);
      dialogStack.set(dialogStack.read().filter((d) => d !== dialog));
      if (dialog.open) dialog.close();
      if (back && back.isConnected && back !== document.body) back.focus();
    };
  }, [returnFocus]);
  return (
    <dialog
      ref={ref}
      aria-labelledby={titleId}
      aria-describedby={description ? descriptionId : undefined}
      className="fixed inset-0 m-auto flex h-fit max-h-[calc(100dvh-2rem)] w-[min(26rem,calc(100vw-2rem))] max-w-none flex-col overscroll-contain rounded-2xl border border-border bg-surface p-0 text-fg shadow-xl backdrop:bg-black/60 focus:outline-none"
    >
      {/* The title and the close button stay in view; the body scrolls on a short screen. */}
      <div className="flex items-start gap-2 px-4 pt-4 sm:px-6 sm:pt-5">
        <h2 id={titleId} className="min-w-0 flex-1 pt-2 text-xl font-bold">
          {title}
        </h2>
        <button
          type="button"
          aria-label={closeLabel}
          onClick={requestClose}
          className="-mr-3 inline-flex h-11 w-11 shrink-0 items-center justify-center rounded-xl text-muted hover:bg-surface-2 hover:text-fg focus-visible:outline-none focus-visible:ring-4 focus-visible:ring-ring"
          data-testid="dialog-close"
        >
          <X aria-hidden="true" size={20} strokeWidth={2.5} />
        </button>
      </div>
      <div className="min-h-0 overflow-y-auto overscroll-contain px-4 pb-5 sm:px-6 sm:pb-6">
        {description && (
          <p id={descriptionId} className="mt-2 text-muted">
            {description}
          </p>
        )}
        {children}
      </div>
    </dialog>
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
        <Button variant="outline" disabled={busy} onClick={() => onOpenChange(false)}>
          {cancelLabel}
        </Button>
        <Button variant={destructive ? 'destructive' : 'primary'} onClick={onConfirm} disabled={busy}>
          {busy && busyLabel ? busyLabel : confirmLabel}
        </Button>
      </div>
    </Modal>
  );
}
