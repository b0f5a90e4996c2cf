import { addLocalDays, isLocalDate, type LocalDate } from './dates';

/**
 * Rest days (issue 28): dates a user planned ahead as excused. A rest day that ends without a check-in is neither
 * counted nor broken by the streak engine (no shield, no recovery offer, no day added); a check-in on it counts as
 * usual and gives the rest day back. The planning rules live here, once.
 */

/** Rest days a user may plan per calendar year (the user's local year), all tiers alike. */
export const REST_DAYS_PER_YEAR = 14;
/** The icon of a rest day (calendar, ledger, legend). */
export const REST_DAY_ICON = '🌴';
/** How far ahead a rest day may be planned (days after today). */
export const REST_DAYS_MAX_AHEAD = 90;
/** Dates one request may plan. */
export const REST_DAYS_PER_REQUEST = REST_DAYS_PER_YEAR;

export const REST_DAY_MESSAGES = {
  notAhead: 'Rest days are planned ahead: pick a date after today.',
  tooFar: `Rest days can be planned at most ${REST_DAYS_MAX_AHEAD} days ahead.`,
  malformed: 'Pick rest days as dates (YYYY-MM-DD).',
  repeated: 'Each rest day can be picked once.',
  already: 'That date is already a rest day.',
  left: (n: number) => `You have ${n} rest day${n === 1 ? '' : 's'} left this year.`,
  started: "A rest day that has started can't be cancelled.",
  notRestDay: 'That date is not a rest day.',
} as const;

export const yearOf = (date: LocalDate): string => date.slice(0, 4);

/** Rest days (kept, i.e. planned or used, not given back) in `year`. */
export const restDaysInYear = (restDays: readonly LocalDate[], year: string): number =>
  restDays.filter((d) => yearOf(d) === year).length;

export interface RestDayAllowance {
  limitPerYear: number;
  usedThisYear: number;
  remainingThisYear: number;
}

export function restDayAllowance(restDays: readonly LocalDate[], today: LocalDate): RestDayAllowance {
  const used = restDaysInYear(restDays, yearOf(today));
  return { limitPerYear: REST_DAYS_PER_YEAR, usedThisYear: used, remainingThisYear: Math.max(0, REST_DAYS_PER_YEAR - used) };
}

/** Why `date` cannot be planned on `today` apart from the allowance (malformed, not ahead, too far, already planned), or null. */
function dateBlocker(date: string, today: LocalDate, restDays: readonly LocalDate[]): string | null {
  if (!isLocalDate(date)) return REST_DAY_MESSAGES.malformed;
  if (date <= today) return REST_DAY_MESSAGES.notAhead;
  if (date > addLocalDays(today, REST_DAYS_MAX_AHEAD)) return REST_DAY_MESSAGES.tooFar;
  if (restDays.includes(date)) return REST_DAY_MESSAGES.already;
  return null;
}

/** Why `date` cannot be planned as a rest day on `today` (given the kept rest days), or null when it can (the date picker says it). */
export function restDayBlocker(date: string, today: LocalDate, restDays: readonly LocalDate[]): string | null {
  return validateRestDayPlan([date], today, restDays);
}

/**
 * Validates a plan of `dates` (all or nothing) against the kept rest days on `today`. Returns the first problem a
 * person can act on, or null. The allowance is per year of each date (a date next year counts against next year).
 */
export function validateRestDayPlan(dates: readonly string[], today: LocalDate, restDays: readonly LocalDate[]): string | null {
  if (new Set(dates).size !== dates.length) return REST_DAY_MESSAGES.repeated;
  for (const d of dates) {
    const why = dateBlocker(d, today, restDays);
    if (why) return why;
  }
  const byYear = new Map<string, number>();
  for (const d of dates) byYear.set(yearOf(d), (byYear.get(yearOf(d)) ?? 0) + 1);
  for (const [year, n] of [...byYear].sort()) {
    const left = REST_DAYS_PER_YEAR - restDaysInYear(restDays, year);
    if (n > left) return REST_DAY_MESSAGES.left(Math.max(0, left));
  }
  return null;
}

/** Why a planned rest day cannot be cancelled on `today`, or null. */
export function restDayCancelBlocker(date: LocalDate, today: LocalDate, restDays: readonly LocalDate[]): { status: 404 | 409; message: string } | null {
  if (!restDays.includes(date)) return { status: 404, message: REST_DAY_MESSAGES.notRestDay };
  if (date <= today) return { status: 409, message: REST_DAY_MESSAGES.started };
  return null;
}
