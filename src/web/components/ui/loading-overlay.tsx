import { useEffect, useState } from 'react';
import { createValueStore, useStore } from '@web/lib/create-store';
import { cn } from './cn';

/**
 * The full-screen loading overlay (spec part 1 §2.5): showOverlay('logging-in' | 'loading-data' |
 * 'logging-out' | anything else) and hideOverlay(); it fades out 300 ms after the state is cleared.
 */
export type OverlayState = 'logging-in' | 'loading-data' | 'logging-out' | (string & {});
export const OVERLAY_FADE_MS = 300;

export function overlayText(state: OverlayState): string {
  switch (state) {
    case 'logging-in':
      return 'Loading you in';
    case 'loading-data':
      return 'Loading your data';
    case 'logging-out':
      return 'Logging you out';
    default:
      return 'Loading';
  }
}

const overlay = createValueStore<OverlayState | null>(null);
export function showOverlay(s: OverlayState): void {
  overlay.set(s);
}
export function hideOverlay(): void {
  overlay.set(null);
}

export function useOverlayState(): OverlayState | null {
  return useStore(overlay);
}

/** Mounted once by the app providers. */
export function LoadingOverlay() {
  const s = useOverlayState();
  const [shown, setShown] = useState<OverlayState | null>(s);
  const [visible, setVisible] = useState(Boolean(s));
  useEffect(() => {
    if (s) {
      setShown(s);
      setVisible(true);
      return;
    }
    setVisible(false);
    const t = setTimeout(() => setShown(null), OVERLAY_FADE_MS);
    return () => clearTimeout(t);
  }, [s]);
  if (!shown) return null;
  return (
    <div
      role="status"
      aria-live="polite"
      data-testid="loading-overlay"
      className={cn(
        'overlay-fade fixed inset-0 z-[90] flex flex-col items-center justify-center gap-4 bg-bg/95 text-fg',
        visible ? 'opacity-100' : 'opacity-0',
      )}
    >
      <span className="spinner h-12 w-12 rounded-full border-4 border-border border-t-primary" aria-hidden="true" />
      <p className="text-lg font-semibold">{overlayText(shown)}</p>
    </div>
  );
}
