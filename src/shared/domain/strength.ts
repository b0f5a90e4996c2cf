import { AREAS } from './scoring';
import { addLocalDays, type LocalDate } from './dates';
import type { StepResult, StreakState } from './streak-engine';

/**
 * The strength score (issue 28): per area, the exponential average Loop Habit Tracker uses for a daily habit. Each
 * settled day in order updates s ← s·m + v·(1 − m), with m = 0.5^(1/STRENGTH_HALF_LIFE_DAYS): v is the area's score
 * that day (0–1, the check-in's stored area score) on a checked-in day, 0 on a missed day; a day frozen by a shield,
 * a rest day or a recovered day leaves s unchanged. Overall = the mean of the seven areas. It starts at 0.
 *
 * Incremental: the state keeps the strength before its last few settled days (`base`) and those days (`recent`), so
 * each settled day costs O(1) and a correction the streak makes to a recent day (a recovery bridging its gap, a late
 * check-in) is recomputed from that day forward — never a replay of all history.
 */
export const STRENGTH_HALF_LIFE_DAYS = 13;
export const STRENGTH_M = 0.5 ** (1 / STRENGTH_HALF_LIFE_DAYS);
/** How many settled days stay correctable (at least a recovery offer's window and a late check-in's reach). */
export const STRENGTH_RECENT_DAYS = 16;
/** The history the screens draw: the last settled dates. */
export const STRENGTH_HISTORY_DAYS = 90;

export type StrengthDayKind = 'checked-in' | 'missed' | 'kept';

export interface StrengthDay {
  date: LocalDate;
  kind: StrengthDayKind;
  /** The area scores (AREAS order, 0–1) of a checked-in day. */
  v?: readonly number[];
}

export interface StrengthState {
  /** Per area (AREAS order), the strength before the days in `recent`. */
  base: number[];
  /** The last settled days, oldest first (at most STRENGTH_RECENT_DAYS). */
  recent: StrengthDay[];
}

export const initialStrength = (): StrengthState => ({ base: AREAS.map(() => 0), recent: [] });

/** One settled day's update of the per-area values. */
export function strengthDayStep(s: readonly number[], day: StrengthDay): number[] {
  if (day.kind === 'kept') return [...s];
  const v = day.kind === 'checked-in' ? day.v : undefined;
  return s.map((x, i) => x * STRENGTH_M + (v?.[i] ?? 0) * (1 - STRENGTH_M));
}

/** The per-area strength now. O(STRENGTH_RECENT_DAYS). */
export const strengthValues = (st: StrengthState): number[] => st.recent.reduce<number[]>(strengthDayStep, st.base);

export const overallStrength = (areas: readonly number[]): number => areas.reduce((a, b) => a + b, 0) / areas.length;

/** A settled day no longer correctable: its date and the per-area strength after it (stored for the history). */
export interface StrengthFoldedDay {
  date: LocalDate;
  values: number[];
}

/**
 * Appends settled days (in date order), folding the oldest into `base` past STRENGTH_RECENT_DAYS; each folded day is
 * pushed to `folded` (when given) with the strength after it.
 */
export function addStrengthDays(st: StrengthState, days: readonly StrengthDay[], folded?: StrengthFoldedDay[]): StrengthState {
  let base = st.base;
  const recent = [...st.recent, ...days];
  while (recent.length > STRENGTH_RECENT_DAYS) {
    const day = recent.shift()!;
    base = strengthDayStep(base, day);
    folded?.push({ date: day.date, values: base });
  }
  return { base, recent };
}

/**
 * The state before the settled days from `from` on (a late offline check-in replays them): those days dropped from
 * `recent`. null when one of them may already be folded into `base` (older than the correctable window).
 */
export function rewindStrength(st: StrengthState, from: LocalDate): StrengthState | null {
  const first = st.recent[0];
  if (first && first.date > from && st.recent.length >= STRENGTH_RECENT_DAYS) return null;
  return { base: st.base, recent: st.recent.filter((d) => d.date < from) };
}

/** A check-in edited: its recent day takes the new area scores (a day not checked in, or no longer recent, stays). */
export function replaceStrengthScores(st: StrengthState, date: LocalDate, v: readonly number[]): StrengthState {
  return { base: st.base, recent: st.recent.map((d) => (d.date === date && d.kind === 'checked-in' ? { date, kind: d.kind, v: [...v] } : d)) };
}

/**
 * The per-area strength after each of the last STRENGTH_HISTORY_DAYS settled dates, ascending: the stored folded days
 * (`older`, ascending, any length) then the recent ones. O(STRENGTH_HISTORY_DAYS).
 */
export function strengthHistory(st: StrengthState, older: readonly StrengthFoldedDay[]): StrengthFoldedDay[] {
  const out: StrengthFoldedDay[] = older.slice(-STRENGTH_HISTORY_DAYS);
  let s = st.base;
  for (const day of st.recent) {
    s = strengthDayStep(s, day);
    out.push({ date: day.date, values: s });
  }
  return out.slice(-STRENGTH_HISTORY_DAYS);
}

/** Marks recent settled dates as another kind (a recovery keeps its gap's missed dates); recomputed from there on. */
export function correctStrengthDays(st: StrengthState, dates: readonly LocalDate[], kind: StrengthDayKind, v?: readonly number[]): StrengthState {
  const set = new Set(dates);
  return { base: st.base, recent: st.recent.map((d) => (set.has(d.date) ? { date: d.date, kind, ...(v ? { v } : {}) } : d)) };
}

/**
 * The strength after a streak engine step from `before` (its settled days and their events): every date the step
 * settled is a day — checked in (with `scoresOf(date)`), kept (a shield, a rest day) or missed — and a recovery's
 * gap dates become kept. O(days settled + recent days).
 */
export function strengthAfterStep(
  st: StrengthState,
  before: StreakState,
  step: StepResult,
  scoresOf: (date: LocalDate) => readonly number[],
  folded?: StrengthFoldedDay[],
): StrengthState {
  const kept = new Set<LocalDate>();
  const checked = new Set<LocalDate>();
  for (const e of step.events) {
    if (e.type === 'rest-day' || e.type === 'shield-used') kept.add(e.date);
    if (e.type === 'check-in') checked.add(e.date);
  }
  const to = step.state.lastProcessedDate;
  // A user first seen: the days before are not misses (the engine's rule); only a first check-in is a day.
  const from = before.lastProcessedDate !== null ? addLocalDays(before.lastProcessedDate, 1) : [...checked].sort()[0];
  const days: StrengthDay[] = [];
  if (from && to) {
    for (let d = from; d <= to; d = addLocalDays(d, 1)) {
      days.push(checked.has(d) ? { date: d, kind: 'checked-in', v: scoresOf(d) } : { date: d, kind: kept.has(d) ? 'kept' : 'missed' });
    }
  }
  let out = addStrengthDays(st, days, folded);
  for (const e of step.events) if (e.type === 'recovery') out = correctStrengthDays(out, e.gapDates, 'kept');
  return out;
}
