import { createValueStore, useStore } from '@web/lib/create-store';

/**
 * Which dialogs are open (./dialog.tsx keeps them): apart from the dialog's code, so that a screen that only waits
 * for dialogs (the dashboard's queue of the dialogs it opens by itself) does not load it.
 */

/** How many open dialogs are outside the dashboard's queue (see Modal's `queued`). */
export const otherDialogs = createValueStore(0);
/** Whether a dialog that is not one of the dashboard's queued dialogs is open (the queue waits for it). */
export const useOtherDialogOpen = (): boolean => useStore(otherDialogs) > 0;

/**
 * The open dialog elements, the last opened last. A modal `<dialog>` makes everything outside it inert and sits in the
 * browser's top layer: whatever must stay readable and usable while one is open (the toasts) is rendered inside the
 * topmost one (`useTopDialog`).
 */
export const dialogStack = createValueStore<readonly HTMLDialogElement[]>([]);
/** The topmost open dialog element, or null: the toaster renders its toasts inside it (see dialogStack). */
export const useTopDialog = (): HTMLDialogElement | null => useStore(dialogStack).at(-1) ?? null;
