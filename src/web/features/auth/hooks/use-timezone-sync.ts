import { useEffect, useRef } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { isAuthPage } from '@web/lib/api-client';
import { setCurrentUser, useCurrentUser } from '@web/features/auth/api/get-current-user';
import { browserTimezone, temporalTimezone } from '@web/lib/dates';
import { updateTimezone } from '../api/update-timezone';

/** How long after the screen renders the stored timezone is compared with the browser's. */
export const TIMEZONE_CHECK_DELAY_MS = 500;

/**
 * Spec part 1 §4.1: the stored timezone is compared with the browser's; when they differ (except on the
 * authentication pages) it is updated on the server. A failure is only logged. Tried once per zone per load.
 */
export function useTimezoneSync(pathname: string): void {
  const user = useCurrentUser().data;
  const queryClient = useQueryClient();
  const tried = useRef<string | null>(null);
  useEffect(() => {
    if (!user || isAuthPage(pathname)) return;
    // In a task of its own, after the screen's first render. The usual answer (the zone is unchanged) comes from
    // Temporal without loading Intl's date data, a long task under a phone's CPU (decision 033); only a
    // zone that looks changed (or a browser without Temporal) asks Intl for the name the server stores.
    const t = setTimeout(() => {
      if (temporalTimezone() === user.timezone) return;
      const zone = browserTimezone();
      if (!zone || zone === user.timezone || tried.current === zone) return;
      tried.current = zone;
      updateTimezone(zone)
        .then((updated) => {
          if (updated) setCurrentUser(queryClient, updated);
        })
        .catch((err: unknown) => console.warn('Timezone update failed', err));
    }, TIMEZONE_CHECK_DELAY_MS);
    return () => clearTimeout(t);
  }, [user, pathname, queryClient]);
}
