import { useEffect } from 'react';
import { applyBadge, shouldBadge } from '@shared/domain/app-badge';

type BadgeStatus = Parameters<typeof shouldBadge>[0];

/**
 * Keeps the installed app's icon badge in step with today (issue 30): on while today's window is open and the
 * check-in is still to do, off otherwise: a check-in lands on the dashboard, which clears it at once (the service
 * worker sets it too, as it shows a reminder).
 */
export function useAppBadge(status: BadgeStatus): void {
  const on = shouldBadge(status);
  useEffect(() => {
    if (on === null || typeof navigator === 'undefined') return;
    void applyBadge(navigator, on);
  }, [on]);
}
