import { daySentence } from '@shared/domain/check-in-moment';
import { toPercent } from '@shared/domain/scoring';
import type { CheckInMoment } from '@web/lib/check-ins';

/**
 * The words of the moment after a check-in, from the check-in response (issue 15): a title, a body, and the one
 * sentence that fits the day's score (issue 30: a hard day is met with care, not with "Nice work").
 */
export function momentText(m: CheckInMoment): { icon: string; title: string; body: string; sentence: string } {
  const pct = toPercent(m.score);
  const sentence = daySentence(m.score);
  if (m.celebration) return { icon: '🎉', title: 'Milestone reached!', body: m.celebration.message, sentence };
  if (m.isFirstCheckIn) {
    return { icon: '⭐', title: 'Your first check-in is done!', body: `Today’s score: ${pct}%. Your streak has begun.`, sentence };
  }
  if (m.replaced) return { icon: '✅', title: 'Check-in updated', body: `Today’s score is now ${pct}%.`, sentence };
  return { icon: '✅', title: 'Check-in complete!', body: `Today’s score: ${pct}%. One more day for your streak.`, sentence };
}
