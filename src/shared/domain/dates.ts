import { tzOffset } from '@date-fns/tz';
import { addDays, format, parseISO } from 'date-fns';

/**
 * Timezone maths for the whole product (server and client).
 *
 * A "local date" is a calendar date in the user's IANA timezone, written YYYY-MM-DD.
 * A "wall time" is a clock reading HH:MM on that date.
 *
 * DST rule (used for the check-in window and for day boundaries): the instant of a local wall time is the
 * FIRST instant whose local clock reading on that date is at or after the wall time.
 *  - On a spring-forward day, when the wall time does not exist (it falls in the gap), that is the instant the
 *    clocks jump, i.e. the first existing moment after the gap (02:30 in a 02:00→03:00 gap opens at 03:00).
 *  - On a fall-back day, when the wall time happens twice, it is the first (earlier) occurrence.
 * The start of a local day is the instant of its 00:00 by the same rule, and the end of a local day is the
 * millisecond before the start of the next one (23:59:59.999 local on ordinary days).
 */

const MINUTE_MS = 60_000;
const HOUR_MS = 3_600_000;
const DATE_RE = /^(\d{4})-(\d{2})-(\d{2})$/;
const TIME_RE = /^([01]\d|2[0-3]):([0-5]\d)$/;

export type LocalDate = string;

/** Offset (minutes east of UTC) of `tz` at `instant`; an unknown zone is treated as UTC. */
export function offsetMinutes(tz: string, instant: Date | number): number {
  const o = tzOffset(tz, typeof instant === 'number' ? new Date(instant) : instant);
  return Number.isFinite(o) ? o : 0;
}

/** true for a timezone name this runtime knows (IANA names such as Europe/London, or UTC). */
export function isKnownTimeZone(tz: string): boolean {
  if (!tz || tz.length > 64) return false;
  // Building a DateTimeFormat costs tens of microseconds: each zone is tried once (a reminder tick asks per row).
  const known = knownZones.get(tz);
  if (known !== undefined) return known;
  let ok: boolean;
  try {
    new Intl.DateTimeFormat('en-US', { timeZone: tz });
    ok = true;
  } catch {
    ok = false;
  }
  if (knownZones.size >= 2_000) knownZones.clear(); // zone names are few; anything else is kept bounded
  knownZones.set(tz, ok);
  return ok;
}
const knownZones = new Map<string, boolean>();

/** The local wall clock at an instant, as milliseconds of a fictional UTC timeline. */
function wallMs(instant: number, tz: string): number {
  return instant + offsetMinutes(tz, instant) * MINUTE_MS;
}

/** The local date (YYYY-MM-DD) of an instant in a timezone. */
export function localDateOf(instant: Date | number, tz: string): LocalDate {
  const ms = typeof instant === 'number' ? instant : instant.getTime();
  return new Date(wallMs(ms, tz)).toISOString().slice(0, 10);
}

/** Minutes since local midnight (0..1439) of the wall clock at an instant. */
export function localMinutesOf(instant: Date | number, tz: string): number {
  const ms = typeof instant === 'number' ? instant : instant.getTime();
  const w = new Date(wallMs(ms, tz));
  return w.getUTCHours() * 60 + w.getUTCMinutes();
}

/** The local hour (0..23) at an instant. */
export function localHourOf(instant: Date | number, tz: string): number {
  return Math.floor(localMinutesOf(instant, tz) / 60);
}

export function isLocalDate(s: string): boolean {
  const m = DATE_RE.exec(s);
  if (!m) return false;
  const d = new Date(Date.UTC(Number(m[1]), Number(m[2]) - 1, Number(m[3])));
  return d.toISOString().slice(0, 10) === s;
}

/** Parses HH:MM (24 h) into minutes since midnight, or null. */
export function parseWallTime(s: string): number | null {
  const m = TIME_RE.exec(s);
  if (!m) return null;
  return Number(m[1]) * 60 + Number(m[2]);
}

/** Calendar arithmetic on local dates (no timezone involved). */
export function addLocalDays(date: LocalDate, days: number): LocalDate {
  return format(addDays(parseISO(date), days), 'yyyy-MM-dd');
}

/** Whole days from a to b (b - a) between two local dates. */
export function localDaysBetween(a: LocalDate, b: LocalDate): number {
  return Math.round((Date.parse(`${b}T00:00:00Z`) - Date.parse(`${a}T00:00:00Z`)) / 86_400_000);
}

/** The last `count` local dates ending with `today`, oldest first. */
export function lastLocalDays(today: LocalDate, count: number): LocalDate[] {
  return Array.from({ length: count }, (_, i) => addLocalDays(today, i - count + 1));
}

/** 'YYYY-MM' of a local date. */
export const localMonthOf = (date: LocalDate): string => date.slice(0, 7);

/** The month (YYYY-MM) `n` months after `month` (negative goes back). */
export function addLocalMonths(month: string, n: number): string {
  const [y, m] = month.split('-').map(Number) as [number, number];
  const d = new Date(Date.UTC(y, m - 1 + n, 1));
  return `${d.getUTCFullYear()}-${String(d.getUTCMonth() + 1).padStart(2, '0')}`;
}

/** 0 = Sunday … 6 = Saturday for a local date (a calendar date: no timezone involved). */
export const weekdayOf = (date: LocalDate): number => new Date(`${date}T00:00:00Z`).getUTCDay();

export const WEEKDAYS_SHORT = ['Sun', 'Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat'] as const;

/** 'Mon' for a local date (the same on every runtime and locale). */
export const weekdayShortOf = (date: LocalDate): string => WEEKDAYS_SHORT[weekdayOf(date)]!;

/**
 * The instant of the wall time `time` (HH:MM) on local date `date` in `tz`: the first instant whose local
 * clock reading is at or after it (see the DST rule at the top of this file).
 */
export function instantOfLocalTime(date: LocalDate, time: string, tz: string): Date {
  const dm = DATE_RE.exec(date);
  const minutes = parseWallTime(time);
  if (!dm || minutes === null) throw new Error(`Invalid local date/time: ${date} ${time}`);
  const wall = Date.UTC(Number(dm[1]), Number(dm[2]) - 1, Number(dm[3]), 0, minutes);

  // Every offset in force within ±30 h of the wall time (no zone is further than that from UTC).
  const offsets = new Set<number>();
  for (let h = -30; h <= 30; h += 3) offsets.add(offsetMinutes(tz, wall + h * HOUR_MS));

  let best: number | null = null;
  for (const o of offsets) {
    const candidate = wall - o * MINUTE_MS;
    if (wallMs(candidate, tz) === wall && (best === null || candidate < best)) best = candidate;
  }
  if (best !== null) return new Date(best);

  // The wall time falls in a gap: find the instant the clocks jump over it.
  const sorted = [...offsets].sort((a, b) => a - b);
  let lo = wall - sorted[sorted.length - 1]! * MINUTE_MS; // reads before the wall time
  let hi = wall - sorted[0]! * MINUTE_MS; // reads after the wall time
  while (hi - lo > 1) {
    const mid = Math.floor((lo + hi) / 2);
    if (wallMs(mid, tz) >= wall) hi = mid;
    else lo = mid;
  }
  return new Date(hi);
}

/** The first instant of a local date. */
export function startOfLocalDay(date: LocalDate, tz: string): Date {
  return instantOfLocalTime(date, '00:00', tz);
}

/** The last millisecond of a local date (23:59:59.999 local on ordinary days). */
export function endOfLocalDay(date: LocalDate, tz: string): Date {
  return new Date(startOfLocalDay(addLocalDays(date, 1), tz).getTime() - 1);
}

/** '20:00' → '8:00 PM', '23:45' → '11:45 PM', '00:30' → '12:30 AM'. */
export function formatWallTime12h(time: string): string {
  const minutes = parseWallTime(time);
  if (minutes === null) return time;
  const h = Math.floor(minutes / 60);
  const m = minutes % 60;
  const h12 = h % 12 === 0 ? 12 : h % 12;
  return `${h12}:${String(m).padStart(2, '0')} ${h < 12 ? 'AM' : 'PM'}`;
}

const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'] as const;

/** An instant as the local clock in `tz` reads it, e.g. '8:00 PM on Thu, Nov 26' (same text on every runtime). */
export function formatLocalDateTime(instant: Date | number, tz: string): string {
  const date = localDateOf(instant, tz);
  const minutes = localMinutesOf(instant, tz);
  const time = `${String(Math.floor(minutes / 60)).padStart(2, '0')}:${String(minutes % 60).padStart(2, '0')}`;
  const day = new Date(`${date}T00:00:00Z`);
  return `${formatWallTime12h(time)} on ${WEEKDAYS_SHORT[day.getUTCDay()]}, ${MONTHS[day.getUTCMonth()]} ${day.getUTCDate()}`;
}
