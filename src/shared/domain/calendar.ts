import { officialWindow } from './check-in-rules';
import { addLocalDays, localDateOf, type LocalDate } from './dates';
import { milestoneFloor } from './streak-engine';

/**
 * The streak calendar's day states (spec part 1 §4.4), as a pure function of what the server read. The state of
 * today comes from the check-in window itself (`officialWindow`), so the calendar and the check-in screen agree
 * on every day, DST days included ("today-open" exactly when the window is open).
 */
export type CalendarDayStateOf =
  | 'completed'
  | 'milestone'
  | 'frozen'
  | 'before-registration'
  | 'today-open'
  | 'today-waiting'
  | 'missed'
  | 'recovered'
  | 'rest'
  | 'future';

export interface CalendarDayOf {
  date: LocalDate;
  state: CalendarDayStateOf;
  /** The streak reached on a completed day. */
  streak?: number;
}

export interface CalendarInput {
  /** YYYY-MM. */
  month: string;
  now: Date;
  timezone: string;
  checkInTime: string;
  /** When the account was created. */
  registeredAt: Date;
  /** The month's check-ins, with the streak each reached. */
  checkIns: readonly { date: LocalDate; streak: number }[];
  frozen: readonly LocalDate[];
  recovered: readonly LocalDate[];
  /** Issue 28: the month's rest days (used, or planned ahead). */
  rest?: readonly LocalDate[];
  /** The date of the user's first check-in ever, or null. */
  firstCheckIn: LocalDate | null;
}

/** The first and last local dates of a month (YYYY-MM). */
export function monthBounds(month: string): { first: LocalDate; last: LocalDate } {
  const first = `${month}-01`;
  const nextMonthFirst = `${addLocalDays(first, 32).slice(0, 7)}-01`;
  return { first, last: addLocalDays(nextMonthFirst, -1) };
}

/** Whether today's official window has opened at `now` (it stays open to the end of the local date). */
export function windowOpenToday(now: Date, tz: string, checkInTime: string): boolean {
  const w = officialWindow(localDateOf(now, tz), tz, checkInTime);
  return !!w && now.getTime() >= w.opensAt.getTime() && now.getTime() <= w.closesAt.getTime();
}

export function calendarDays(input: CalendarInput): { today: LocalDate; days: CalendarDayOf[] } {
  return dayStatesBetween(monthBounds(input.month), input);
}

/**
 * The day states of every date from `first` to `last` (inclusive): the one rule behind the month calendar and the
 * year in pixels (issue 29). `checkIns`, `frozen`, `recovered` and `rest` need only cover that range.
 */
export function dayStatesBetween(
  { first, last }: { first: LocalDate; last: LocalDate },
  input: Omit<CalendarInput, 'month'>,
): { today: LocalDate; days: CalendarDayOf[] } {
  const tz = input.timezone;
  const today = localDateOf(input.now, tz);
  const done = new Map(input.checkIns.map((d) => [d.date, d.streak]));
  const frozen = new Set(input.frozen);
  const recovered = new Set(input.recovered);
  const rest = new Set(input.rest ?? []);
  const registered = localDateOf(input.registeredAt, tz);
  const open = windowOpenToday(input.now, tz, input.checkInTime);
  const days: CalendarDayOf[] = [];
  for (let d = first; d <= last; d = addLocalDays(d, 1)) {
    const streak = done.get(d);
    let state: CalendarDayStateOf;
    if (streak !== undefined) state = milestoneFloor(streak) === streak && streak > 0 ? 'milestone' : 'completed';
    // A rest day without a check-in, planned ahead, today's or used: neither missed nor counted.
    else if (rest.has(d)) state = 'rest';
    else if (d > today) state = 'future';
    else if (d === today) state = open ? 'today-open' : 'today-waiting';
    else if (frozen.has(d)) state = 'frozen';
    // A recovered date is part of the streak even before the first check-in on record (a streak set or carried over).
    else if (recovered.has(d)) state = 'recovered';
    else if (d < registered || input.firstCheckIn === null || d < input.firstCheckIn) state = 'before-registration';
    else state = 'missed';
    days.push({ date: d, state, ...(streak !== undefined ? { streak } : {}) });
  }
  return { today, days };
}
