/**
 * How much data a level or a trend needs before it claims anything (issue 15, decision 020): one "No" is not a
 * red alarm, and one "Yes" is not mastery. Before that the screens say how many more check-ins are needed.
 */
export const MIN_CHECK_INS_FOR_LEVELS = 3;
/** Days with a check-in among the last 7 (today included) before a weekly trend is shown. */
export const MIN_DAYS_FOR_TRENDS = 3;

export const hasEnoughForLevels = (checkIns: number): boolean => checkIns >= MIN_CHECK_INS_FOR_LEVELS;

/** '2 more check-ins to see your level' / '1 more day to see a trend'. */
export function moreNeededText(have: number, need: number, what: 'level' | 'trend'): string {
  const left = Math.max(0, need - have);
  if (what === 'level') return `${left} more check-in${left === 1 ? '' : 's'} to see your level`;
  return `Check in ${left} more day${left === 1 ? '' : 's'} this week to see a trend`;
}
