import { useEffect, useRef } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { isAuthPage } from '@web/lib/api-client';
import { setCurrentUser, useCurrentUser } from '@web/lib/current-user';
import { browserTimezone } from '@web/lib/dates';
import { updateTimezone } from '../api/update-timezone';

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
    const zone = browserTimezone();
    if (!zone || zone === user.timezone || tried.current === zone) return;
    tried.current = zone;
    updateTimezone(zone)
      .then((updated) => {
        if (updated) setCurrentUser(queryClient, updated);
      })
      .catch((err: unknown) => console.warn('Timezone update failed', err));
  }, [user, pathname, queryClient]);
}
