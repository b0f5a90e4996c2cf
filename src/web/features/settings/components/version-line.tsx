import { useMemo } from 'react';
import { APP_VERSION } from '@shared/version';
import { createTapCounter, DEV_TOOLS_OFF, toggleDevMode } from '@web/lib/dev-mode';
import { toast } from '@web/components/ui/toast';

/**
 * The app version line: ten quick taps toggle developer mode where the server offers developer tools, and say
 * that the server has them off otherwise.
 */
export function VersionLine({ devTools }: { devTools: boolean }) {
  const counter = useMemo(() => createTapCounter(), []);
  const text = `Big 7 version ${APP_VERSION}`;
  return (
    <p className="mt-6 text-center text-sm text-muted" data-testid="app-version">
      <button
        type="button"
        className="min-h-11 rounded-lg px-3 focus-visible:outline-none focus-visible:ring-4 focus-visible:ring-ring"
        onClick={() => {
          if (!counter.tap()) return;
          if (!devTools) {
            toast({ title: DEV_TOOLS_OFF.title, description: DEV_TOOLS_OFF.description });
            return;
          }
          const on = toggleDevMode();
          toast({ title: on ? 'Developer Mode On' : 'Developer Mode Off', description: on ? 'Developer tools are below.' : 'Your streak was reset.' });
        }}
      >
        {text}
      </button>
    </p>
  );
}
