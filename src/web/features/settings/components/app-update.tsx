import { useEffect, useRef, useState } from 'react';
import { APP_VERSION } from '@shared/version';
import { Button } from '@web/components/ui/button';
import { toast } from '@web/components/ui/toast';
import { applyUpdate, checkForUpdate, UPDATE_FAILED, type UpdateProgress, type UpdateState } from '../lib/app-update';

/** What the card says in each state (the status line is announced: aria-live). */
export const UPDATE_TEXT = {
  idle: `You have version ${APP_VERSION}. Check whether a newer one is out.`,
  checking: 'Checking for updates…',
  available: 'A new version of Big 7 is available.',
  upToDate: `You're up to date (version ${APP_VERSION}).`,
  updating: 'Updating Big 7…',
} as const satisfies Record<UpdateState, string>;

const BUTTON: Partial<Record<UpdateState, string>> = {
  idle: 'Check for Updates',
  checking: 'Checking…',
  available: 'Update Now',
  upToDate: 'Check Again',
};

/**
 * The app update check on /settings (spec part 2 §4): idle → checking → available (the server runs another
 * version, or a newer service worker is waiting) or upToDate; Update Now → updating with progress 10, 25, 50, 75,
 * 95, 100, then the app reloads at /. A failed check reads as up to date; a failed update says 'Update Failed'.
 */
export function AppUpdate() {
  const [state, setState] = useState<UpdateState>('idle');
  const [progress, setProgress] = useState<UpdateProgress | 0>(0);
  const alive = useRef(true);
  const buttonRef = useRef<HTMLButtonElement>(null);
  useEffect(
    () => () => {
      alive.current = false;
    },
    [],
  );

  const check = async () => {
    setState('checking');
    const result = await checkForUpdate().catch(() => 'upToDate' as const);
    if (alive.current) setState(result);
  };
  const update = async () => {
    setState('updating');
    setProgress(0);
    try {
      await applyUpdate({ onProgress: (p) => alive.current && setProgress(p) });
    } catch {
      if (!alive.current) return;
      toast({ ...UPDATE_FAILED, variant: 'destructive' });
      setState('available');
      requestAnimationFrame(() => buttonRef.current?.focus());
    }
  };

  const label = BUTTON[state];
  return (
    <section aria-labelledby="app-update" className="mt-4 rounded-2xl border border-border bg-surface p-4" data-testid="app-update" data-state={state}>
      <h2 id="app-update" className="font-medium">
        App Updates
      </h2>
      <p role="status" aria-live="polite" className="mt-1 text-muted" data-testid="app-update-status">
        {UPDATE_TEXT[state]}
        {state === 'updating' && progress > 0 && <span className="sr-only"> {progress}%</span>}
      </p>
      {state === 'updating' ? (
        <div className="mt-3 flex items-center gap-3">
          <div
            role="progressbar"
            aria-label="Update progress"
            aria-valuemin={0}
            aria-valuemax={100}
            aria-valuenow={progress}
            className="h-3 flex-1 overflow-hidden rounded-full bg-surface-3"
          >
            <div className="h-full rounded-full bg-primary transition-[width] duration-300" style={{ width: `${progress}%` }} />
          </div>
          <span aria-hidden="true" className="w-12 text-right text-sm font-semibold tabular-nums" data-testid="app-update-progress">
            {progress}%
          </span>
        </div>
      ) : (
        label && (
          <Button
            ref={buttonRef}
            className="mt-3 aria-disabled:cursor-wait aria-disabled:opacity-60"
            variant={state === 'available' ? 'primary' : 'secondary'}
            block
            // aria-disabled, not disabled: the button keeps keyboard focus through the check.
            aria-disabled={state === 'checking'}
            aria-busy={state === 'checking'}
            onClick={() => {
              if (state === 'checking') return;
              void (state === 'available' ? update() : check());
            }}
          >
            {label}
          </Button>
        )
      )}
    </section>
  );
}
