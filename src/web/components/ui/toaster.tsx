import { createPortal } from 'react-dom';
import { Toast as RadixToast } from 'radix-ui';
import { cn } from './cn';
import { useTopDialog } from './dialog-state';
import { dismissToast, TOAST_DEFAULT_DURATION, TOAST_PROGRESS_MS, useCurrentToast, useToastPlacement } from './toast';
import { X } from 'lucide-react';

/**
 * Above the bottom navigation (bottom-left of the content next to the rail from 1024 px); on a screen without it,
 * or while a dialog is open (its buttons are at its bottom, over the lower half of the screen), at the top: on a
 * phone right of a header's back button (a 44 px link at the left edge), centred from 640 px.
 */
const VIEWPORT = {
  'above-nav':
    'bottom-[calc(4.75rem+env(safe-area-inset-bottom))] left-1/2 w-[min(28rem,calc(100vw-2rem))] -translate-x-1/2 lg:bottom-6 lg:left-[calc(50%+3rem)]',
  top: 'top-[calc(0.75rem+env(safe-area-inset-top))] left-16 right-4 sm:left-1/2 sm:right-auto sm:w-[min(28rem,calc(100vw-2rem))] sm:-translate-x-1/2',
} as const;

/** Mounted once by the app providers (loaded with the first toast). */
export default function Toaster() {
  const t = useCurrentToast();
  const screenPlacement = useToastPlacement();
  // While a dialog is open the toasts are shown inside it: everything outside a modal dialog is inert and under it.
  const dialog = useTopDialog();
  const placement = dialog ? 'top' : screenPlacement;
  const destructive = t?.variant === 'destructive';
  const viewport = <RadixToast.Viewport className={cn('fixed z-[100] m-0 flex list-none flex-col outline-none', VIEWPORT[placement])} />;
  return (
    <RadixToast.Provider swipeDirection={placement === 'top' ? 'up' : 'down'} duration={TOAST_DEFAULT_DURATION} label="Notification">
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
            <X aria-hidden="true" size={18} strokeWidth={2.5} />
          </RadixToast.Close>
          <div
            aria-hidden="true"
            className={cn('toast-progress absolute bottom-0 left-0 h-1', destructive ? 'bg-danger-fg/70' : 'bg-primary')}
            style={{ animationDuration: `${TOAST_PROGRESS_MS}ms` }}
          />
        </RadixToast.Root>
      )}
      {dialog ? createPortal(viewport, dialog) : viewport}
    </RadixToast.Provider>
  );
}
