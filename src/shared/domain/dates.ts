import { tzOffset } from '@date-fns/tz';

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

/** Offset (minutes east of UTC) of `tz` at `instant`, straight from the runtime's zone data; NaN for an unknown zone. */
function zoneOffset(tz: string, ms: number): number {
  return tzOffset(tz, new Date(ms));
}

/**
 * Offsets per zone and UTC hour: `Intl` is slow (most of a dashboard read's CPU before this cache), and an offset
 * only changes at a transition. An hour whose first and last millisecond have the same offset holds no transition
 * (two transitions within one hour that cancel out do not occur in the zone database), so its offset is kept; an
 * hour with a transition inside is marked and answered exactly each time.
 */
const OFFSET_CACHE_HOURS_PER_ZONE = 8_192;
const offsetsByZone = new Map<string, Map<number, number | null>>();

/** Offset (minutes east of UTC) of `tz` at `instant`; an unknown zone is treated as UTC. */
export function offsetMinutes(tz: string, instant: Date | number): number {
  const ms = typeof instant === 'number' ? instant : instant.getTime();
  const hour = Math.floor(ms / HOUR_MS);
  let zone = offsetsByZone.get(tz);
  if (!zone) {
    if (!isKnownTimeZone(tz)) return 0;
    offsetsByZone.set(tz, (zone = new Map()));
  }
  let o = zone.get(hour);
  if (o === undefined) {
    if (zone.size >= OFFSET_CACHE_HOURS_PER_ZONE) zone.clear();
    const first = zoneOffset(tz, hour * HOUR_MS);
    o = first === zoneOffset(tz, (hour + 1) * HOUR_MS - 1) ? first : null;
    zone.set(hour, o);
  }
  const exact = o ?? zoneOffset(tz, ms);
  return Number.isFinite(exact) ? exact : 0;
}

/** Zone names already checked (valid ones only; a bounded set, so random names cannot grow it without end). */
const KNOWN_ZONES_MAX = 1_024;
const knownZones = new Set<string>();

/** true for a timezone name this runtime knows (IANA names such as Europe/London, or UTC). */
export function isKnownTimeZone(tz: string): boolean {
  if (!tz || tz.length > 64) return false;
  if (knownZones.has(tz)) return true;
  try {
    new Intl.DateTimeFormat('en-US', { timeZone: tz });
  } catch {
    return false;
  }
  if (knownZones.size >= KNOWN_ZONES_MAX) knownZones.clear();
  knownZones.add(tz);
  return true;
}

/** The zone itself when this runtime knows it; otherwise UTC (an unknown stored zone is read as UTC everywhere). */
export const zoneOrUtc = (tz: string): string => (isKnownTimeZone(tz) ? tz : 'UTC');

/** The local wall clock at an instant, as milliseconds of a fictional UTC timeline. */
function wallMs(instant: number, tz: string): number {
  return instant + offsetMinutes(tz, instant) * MINUTE_MS;
}

/** The local date (YYYY-MM-DD) of an instant in a timezone. */
export function localDateOf(instant: Date | number, tz: string): LocalDate {
  const ms = typeof instant === 'number' ? instant : instant.getTime();
  return dateOfDay(Math.floor(wallMs(ms, tz) / DAY_MS));
}

const DAY_MS = 86_400_000;
/** YYYY-MM-DD of a day number (days since 1970-01-01), remembered: asked on every read, and formatting is not free. */
const dateOfDay = memo((day: number): LocalDate => new Date(day * DAY_MS).toISOString().slice(0, 10), 4_096);

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

/** How many answers each of this file's memos keeps before it starts afresh. */
const MEMO_MAX = 20_000;

/** Calendar arithmetic on local dates (no timezone involved). */
export function addLocalDays(date: LocalDate, days: number): LocalDate {
  return shiftedDate(date, days);
}
const shiftedDate = memo((date: LocalDate, days: number): LocalDate => {
  const m = DATE_RE.exec(date);
  if (!m) throw new Error(`Invalid local date: ${date}`);
  return new Date(Date.UTC(Number(m[1]), Number(m[2]) - 1, Number(m[3]) + days)).toISOString().slice(0, 10);
}, MEMO_MAX);

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
  // A pure function of its three strings, asked many times per request (the check-in window's bounds): answered
  // from a bounded memo after the first time (a fresh Date each time, so callers may keep or change it).
  return new Date(instantMs(date, time, tz));
}
const instantMs = memo(computeInstantOfLocalTime, MEMO_MAX);

function computeInstantOfLocalTime(date: LocalDate, time: string, tz: string): number {
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
  if (best !== null) return best;

  // The wall time falls in a gap: find the instant the clocks jump over it.
  const sorted = [...offsets].sort((a, b) => a - b);
  let lo = wall - sorted[sorted.length - 1]! * MINUTE_MS; // reads before the wall time
  let hi = wall - sorted[0]! * MINUTE_MS; // reads after the wall time
  while (hi - lo > 1) {
    const mid = Math.floor((lo + hi) / 2);
    if (wallMs(mid, tz) >= wall) hi = mid;
    else lo = mid;
  }
  return hi;
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

/**
 * `fn` remembered by its arguments (joined with '|'), for a pure function asked again and again with the same
 * strings and numbers. With `max`, the memo is emptied once it holds that many answers (a bound for a memo that
 * lives as long as the process); without, it keeps every answer for as long as the returned function lives (a memo
 * for one batch of work).
 */
export function memo<A extends Array<string | number>, R>(fn: (...args: A) => R, max = Infinity): (...args: A) => R {
  const seen = new Map<string, R>();
  return (...args: A) => {
    const key = args.join('|');
    let r = seen.get(key);
    if (r === undefined) {
      r = fn(...args);
      if (seen.size >= max) seen.clear();
      seen.set(key, r);
    }
    return r;
  };
}
