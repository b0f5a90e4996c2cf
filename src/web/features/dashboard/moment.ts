import { toPercent } from '@shared/domain/scoring';
import type { CheckInMoment } from '@web/lib/check-ins';

/** The words of the moment after a check-in, from the check-in response (issue 15). */
export function momentText(m: CheckInMoment): { icon: string; title: string; body: string } {
  const pct = toPercent(m.score);
  if (m.celebration) return { icon: '🎉', title: 'Milestone reached!', body: m.celebration.message };
  if (m.isFirstCheckIn) {
    return { icon: '⭐', title: 'Your first check-in is done!', body: `Today’s score: ${pct}%. Your streak has begun.` };
  }
  if (m.replaced) return { icon: '✅', title: 'Check-in updated', body: `Today’s score is now ${pct}%.` };
  return { icon: '✅', title: 'Check-in complete!', body: `Today’s score: ${pct}%. One more day for your streak.` };
}
