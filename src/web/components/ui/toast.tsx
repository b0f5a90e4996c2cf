import { ApiError, errorMessage } from '@web/lib/api-client';
import { createValueStore, useStore } from '@web/lib/create-store';

/**
 * Toasts (spec part 1 §2.6, §9; issue 30): in one place, bottom centre, just above the bottom navigation (near the
 * bottom edge on a screen without it), moved up clear of a primary action they would cover (./toaster.tsx). Screens
 * do not send a toast that repeats what they already show.
 * One at a time (a new toast replaces the visible one),
 * a 3-second progress bar, a close button, default and destructive variants, auto-dismiss after about 6 s.
 *
 *   toast({ title: 'Email Sent', description: message })
 *   toast({ title: 'Error', description: '...', variant: 'destructive', duration: 10_000 })
 *   toastError(err, 'Registration Failed')   // the one place error toasts come from
 *
 * This module is the store only (no Radix): every screen imports it; the Radix Toaster (./toaster.tsx) is loaded by
 * the providers when the first toast is raised.
 */
export interface ToastInput {
  title: string;
  description?: string;
  variant?: 'default' | 'destructive';
  /** Milliseconds before it dismisses itself; default 6000. */
  duration?: number;
}
export interface ToastState extends ToastInput {
  id: number;
  open: boolean;
}

export const TOAST_DEFAULT_DURATION = 6_000;
export const TOAST_PROGRESS_MS = 3_000;
const TOAST_REMOVE_DELAY = 3_000;

const shown = createValueStore<ToastState | null>(null);
let nextId = 1;

export function toast(input: ToastInput): { id: number; dismiss: () => void } {
  const id = nextId++;
  shown.set({ ...input, id, open: true });
  return { id, dismiss: () => dismissToast(id) };
}

/** Raises a destructive toast for an error: the title given, the error's message as the text. */
export function toastError(err: unknown, title = 'Error', fallback?: string): void {
  // A server answer shows the server's words (a 401 outside the auth pages: 'Session expired - redirecting...').
  const description =
    err instanceof ApiError
      ? err.status === 401
        ? err.message
        : err.serverMessage || fallback || err.message
      : errorMessage(err, fallback);
  toast({ title, description, variant: 'destructive' });
}

export function dismissToast(id?: number): void {
  const current = shown.read();
  if (!current || (id !== undefined && current.id !== id)) return;
  shown.set({ ...current, open: false });
  const closing = current.id;
  setTimeout(() => {
    const now = shown.read();
    if (now?.id === closing && !now.open) {
      shown.set(null);
    }
  }, TOAST_REMOVE_DELAY);
}

/** Whether the bottom navigation is on screen: toasts sit just above it, or near the bottom edge without it. */
const aboveNav = createValueStore(false);
/** Set by the app shell whenever the bottom navigation appears or goes. */
export const setToastAboveNav = (on: boolean): void => {
  if (aboveNav.read() !== on) aboveNav.set(on);
};
export const useToastAboveNav = (): boolean => useStore(aboveNav);

/** The toast shown now (null when none): read by the Toaster. */
export function useCurrentToast(): ToastState | null {
  return useStore(shown);
}
