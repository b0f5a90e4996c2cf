import { lazy, Suspense, useState, type ReactNode } from 'react';
import { QueryClientProvider } from '@tanstack/react-query';
import { queryClient } from '../lib/query-client';
import { LoadingOverlay } from '../components/ui/loading-overlay';
import { useCurrentToast } from '../components/ui/toast';

/**
 * Spec §9: tooltip open delay 700 ms, skip delay 300 ms. No screen shows a tooltip yet; the first tooltip component
 * sets these on its own Tooltip.Provider, so Radix's tooltip and popper code load only with a screen that uses them.
 */
export const TOOLTIP_DELAY_MS = 700;
export const TOOLTIP_SKIP_DELAY_MS = 300;

// The Radix toaster loads with the first toast, not with every page.
const Toaster = lazy(() => import('../components/ui/toaster'));

/** Mounts the toaster once a toast has been raised, and keeps it mounted (so later toasts animate as usual). */
function LazyToaster() {
  const current = useCurrentToast();
  const [needed, setNeeded] = useState(false);
  if (current && !needed) setNeeded(true);
  if (!needed && !current) return null;
  return (
    <Suspense fallback={null}>
      <Toaster />
    </Suspense>
  );
}

export function Providers({ children }: { children: ReactNode }) {
  return (
    <QueryClientProvider client={queryClient}>
      {children}
      <LoadingOverlay />
      <LazyToaster />
    </QueryClientProvider>
  );
}
