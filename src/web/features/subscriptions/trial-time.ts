import { TRIAL_MS } from '@shared/domain/trials';

const HOUR = 60 * 60 * 1000;
const DAY = 24 * HOUR;

/** Trial start = expiry − 30 days (spec part 2 §4). */
export const trialStart = (expiresAt: Date): Date => new Date(expiresAt.getTime() - TRIAL_MS);

/**
 * What is left of a trial: under 24 h as hours and minutes ('5h 12m left'), otherwise whole days
 * ('12 days left'), 'Ended' at or after expiry.
 */
export function trialRemaining(expiresAt: Date, now: Date): string {
  const ms = expiresAt.getTime() - now.getTime();
  if (ms <= 0) return 'Ended';
  if (ms < DAY) {
    const totalMinutes = Math.floor(ms / 60_000);
    return `${Math.floor(totalMinutes / 60)}h ${totalMinutes % 60}m left`;
  }
  const days = Math.ceil(ms / DAY);
  return `${days} ${days === 1 ? 'day' : 'days'} left`;
}

export const isUnderADay = (expiresAt: Date, now: Date): boolean => {
  const ms = expiresAt.getTime() - now.getTime();
  return ms > 0 && ms < DAY;
};

export const formatDate = (d: Date): string =>
  d.toLocaleDateString(undefined, { year: 'numeric', month: 'long', day: 'numeric' });
