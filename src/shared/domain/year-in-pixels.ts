import { dayStatesBetween, type CalendarDayStateOf, type CalendarInput } from './calendar';
import type { LocalDate } from './dates';
import { mean } from './scoring';

/**
 * A year in pixels (issue 29): every date of a year with its state and, on a checked-in day, its score. The states
 * are the streak calendar's (shared/domain/calendar: one rule), folded into the year's eight; imported check-ins are
 * history, so they count as checked-in days here (never in the streak).
 */
export const YEAR_DAY_STATES = ['checked-in', 'frozen', 'rest', 'missed', 'recovered', 'before-start', 'today', 'future'] as const;
export type YearDayState = (typeof YEAR_DAY_STATES)[number];

export interface YearDay {
  date: LocalDate;
  state: YearDayState;
  /** 0..1 on a checked-in day (the check-in's score, or one area's), else null. */
  score: number | null;
}

const FROM_CALENDAR: Record<CalendarDayStateOf, YearDayState> = {
  completed: 'checked-in',
  milestone: 'checked-in',
  frozen: 'frozen',
  rest: 'rest',
  missed: 'missed',
  recovered: 'recovered',
  'before-registration': 'before-start',
  'today-open': 'today',
  'today-waiting': 'today',
  future: 'future',
};

export interface YearInput extends Omit<CalendarInput, 'month' | 'checkIns'> {
  year: number;
  /** The year's check-ins (imported ones included), each with the score to show (0..1). */
  checkIns: readonly { date: LocalDate; score: number }[];
}

export const yearBounds = (year: number): { first: LocalDate; last: LocalDate } => ({ first: `${year}-01-01`, last: `${year}-12-31` });

/** One entry per date of the year, ascending. */
export function yearDays(input: YearInput): YearDay[] {
  const scores = new Map(input.checkIns.map((c) => [c.date, c.score]));
  const { days } = dayStatesBetween(yearBounds(input.year), {
    ...input,
    // The calendar's streak marks (milestones) mean nothing here: every check-in is a plain checked-in day.
    checkIns: input.checkIns.map((c) => ({ date: c.date, streak: 0 })),
  });
  return days.map((d) => {
    const state = FROM_CALENDAR[d.state];
    return { date: d.date, state, score: state === 'checked-in' ? (scores.get(d.date) ?? null) : null };
  });
}

/** The account's first year: the year it was registered, or of its earliest check-in if that is older (an import). */
export function firstYearOf(registered: LocalDate, earliestCheckIn: LocalDate | null): number {
  const first = earliestCheckIn && earliestCheckIn < registered ? earliestCheckIn : registered;
  return Number(first.slice(0, 4));
}

/** The years the account has, newest first. */
export function yearsOf(firstYear: number, thisYear: number): number[] {
  const out: number[] = [];
  for (let y = thisYear; y >= firstYear; y--) out.push(y);
  return out;
}

export const YEAR_MESSAGES = {
  malformed: 'year must be a year like 2026 (four digits)',
  beforeAccount: (year: number, firstYear: number) => `Your history starts in ${firstYear}: pick a year from ${firstYear} on, not ${year}.`,
  future: (year: number, thisYear: number) => `${year} has not started yet: pick a year up to ${thisYear}.`,
} as const;

/** Why a year cannot be shown (a message a person can act on), or null. */
export function yearProblem(year: number, firstYear: number, thisYear: number): string | null {
  if (year < firstYear) return YEAR_MESSAGES.beforeAccount(year, firstYear);
  if (year > thisYear) return YEAR_MESSAGES.future(year, thisYear);
  return null;
}

/** The year's average: the mean score of its checked-in days (0..1), or null without any. */
export function yearAverage(days: readonly Pick<YearDay, 'score'>[]): number | null {
  const scores = days.map((d) => d.score).filter((s): s is number => s !== null);
  return scores.length ? mean(scores) : null;
}
