import type { ReactNode } from 'react';
import { QueryClientProvider } from '@tanstack/react-query';
import { Tooltip } from 'radix-ui';
import { queryClient } from '../lib/query-client';
import { LoadingOverlay } from '../components/ui/loading-overlay';
import { Toaster } from '../components/ui/toast';
import { OfflineSync } from '../features/check-ins/components/offline-sync';

/** Spec §9: tooltip open delay 700 ms, skip delay 300 ms. */
export const TOOLTIP_DELAY_MS = 700;
export const TOOLTIP_SKIP_DELAY_MS = 300;

export function Providers({ children }: { children: ReactNode }) {
  return (
    <QueryClientProvider client={queryClient}>
      <Tooltip.Provider delayDuration={TOOLTIP_DELAY_MS} skipDelayDuration={TOOLTIP_SKIP_DELAY_MS}>
        {children}
        <LoadingOverlay />
        <Toaster />
        <OfflineSync />
      </Tooltip.Provider>
    </QueryClientProvider>
  );
}
