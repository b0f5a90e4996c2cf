import { useSyncExternalStore } from 'react';
import { Toast as RadixToast } from 'radix-ui';
import { ApiError, errorMessage } from '../../lib/api-client';
import { cn } from './cn';

/**
 * Toasts (spec part 1 §2.6, §9): bottom centre just above the bottom navigation (never over a screen's primary
 * action: screens do not send a toast that repeats what they already show), one at a time (a new toast replaces the visible one),
 * a 3-second progress bar, a close button, default and destructive variants, auto-dismiss after about 6 s.
 *
 *   toast({ title: 'Email Sent', description: message })
 *   toast({ title: 'Error', description: '...', variant: 'destructive', duration: 10_000 })
 *   toastError(err, 'Registration Failed')   // the one place error toasts come from
 */
export interface ToastInput {
  title: string;
  description?: string;
  variant?: 'default' | 'destructive';
  /** Milliseconds before it dismisses itself; default 6000. */
  duration?: number;
}
interface ToastState extends ToastInput {
  id: number;
  open: boolean;
}

export const TOAST_DEFAULT_DURATION = 6_000;
export const TOAST_PROGRESS_MS = 3_000;
const TOAST_REMOVE_DELAY = 3_000;

let current: ToastState | null = null;
let nextId = 1;
const listeners = new Set<() => void>();
const emit = () => listeners.forEach((l) => l());

export function toast(input: ToastInput): { id: number; dismiss: () => void } {
  const id = nextId++;
  current = { ...input, id, open: true };
  emit();
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
  if (!current || (id !== undefined && current.id !== id)) return;
  current = { ...current, open: false };
  emit();
  const closing = current.id;
  setTimeout(() => {
    if (current?.id === closing && !current.open) {
      current = null;
      emit();
    }
  }, TOAST_REMOVE_DELAY);
}

function useCurrentToast(): ToastState | null {
  return useSyncExternalStore(
    (l) => {
      listeners.add(l);
      return () => listeners.delete(l);
    },
    () => current,
    () => null,
  );
}

/** Mounted once by the app providers. */
export function Toaster() {
  const t = useCurrentToast();
  const destructive = t?.variant === 'destructive';
  return (
    <RadixToast.Provider swipeDirection="down" duration={TOAST_DEFAULT_DURATION} label="Notification">
      {t && (
        <RadixToast.Root
          key={t.id}
          open={t.open}
          duration={t.duration ?? TOAST_DEFAULT_DURATION}
          onOpenChange={(open) => {
            if (!open) dismissToast(t.id);
          }}
          type={destructive ? 'foreground' : 'background'}
          className={cn(
            'toast-root relative w-full overflow-hidden rounded-xl border px-4 py-3 pr-12 shadow-lg',
            destructive ? 'border-danger bg-danger text-danger-fg' : 'border-border bg-surface text-fg',
          )}
          data-variant={t.variant ?? 'default'}
        >
          <RadixToast.Title className="font-semibold">{t.title}</RadixToast.Title>
          {t.description && <RadixToast.Description className="mt-1 text-sm">{t.description}</RadixToast.Description>}
          <RadixToast.Close
            aria-label="Close"
            className="absolute right-1 top-1 inline-flex h-11 w-11 items-center justify-center rounded-lg focus-visible:outline-none focus-visible:ring-4 focus-visible:ring-ring"
          >
            <svg aria-hidden="true" viewBox="0 0 24 24" width="18" height="18" fill="none" stroke="currentColor" strokeWidth="2.5">
              <path d="M6 6l12 12M18 6L6 18" />
            </svg>
          </RadixToast.Close>
          <div
            aria-hidden="true"
            className={cn('toast-progress absolute bottom-0 left-0 h-1', destructive ? 'bg-danger-fg/70' : 'bg-primary')}
            style={{ animationDuration: `${TOAST_PROGRESS_MS}ms` }}
          />
        </RadixToast.Root>
      )}
      <RadixToast.Viewport className="fixed bottom-[calc(4.75rem+env(safe-area-inset-bottom))] left-1/2 z-[100] m-0 flex w-[min(28rem,calc(100vw-2rem))] -translate-x-1/2 list-none flex-col outline-none lg:bottom-6 lg:left-[calc(50%+3rem)]" />
    </RadixToast.Provider>
  );
}
