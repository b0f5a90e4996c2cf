import { addLocalDays, localDateOf, localDaysBetween, startOfLocalDay, type LocalDate } from './dates';
import { AREAS } from './scoring';

/** Streak levels and milestones (spec part 1 §4.6, §4.7). Every value lives here once. */

export interface StreakLevel {
  min: number;
  name: string;
  icon: string;
}

/** By current streak, ascending. */
export const STREAK_LEVELS: readonly StreakLevel[] = [
  { min: 0, name: 'Ready to Start', icon: '✨' },
  { min: 1, name: 'Seed Planted', icon: '🌱' },
  { min: 5, name: 'Sprouting', icon: '🌿' },
  { min: 10, name: 'Growing Strong', icon: '🪴' },
  { min: 15, name: 'Branching', icon: '🌳' },
  { min: 20, name: 'Blooming', icon: '🌸' },
  { min: 25, name: 'Thriving', icon: '🌺' },
  { min: 30, name: 'Flourishing', icon: '🌻' },
  { min: 100, name: 'Warrior', icon: '⚔️' },
  { min: 365, name: 'Champion', icon: '🏆' },
];

/** Shown instead of the level icon when yesterday was frozen and today has no check-in. */
export const FROZEN_ICON = '❄️';

export interface Milestone {
  days: number;
  name: string;
  emoji: string;
  /** How the client labels it (730 is shown as 2 years). */
  label: string;
}

/** Milestones are also checkpoints: a break without shields resets to the highest one achieved. */
export const MILESTONES: readonly Milestone[] = [
  { days: 30, name: 'Dedicated Soul', emoji: '🔥', label: '30 days' },
  { days: 100, name: 'Legendary Warrior', emoji: '⚔️', label: '100 days' },
  { days: 365, name: 'Master of Wellness', emoji: '👑', label: '365 days' },
  { days: 730, name: 'Ultimate Champion', emoji: '🏆', label: '2 years' },
];

export const MILESTONE_DAYS: readonly number[] = MILESTONES.map((m) => m.days);

export function levelFor(streak: number): StreakLevel {
  let found = STREAK_LEVELS[0]!;
  for (const l of STREAK_LEVELS) if (streak >= l.min) found = l;
  return found;
}

/** The highest milestone at or below `days` (0 when none): the checkpoint a streak of `days` has achieved. */
export function milestoneFloor(days: number): number {
  let floor = 0;
  for (const m of MILESTONE_DAYS) if (days >= m) floor = m;
  return floor;
}

export function milestoneAt(days: number): Milestone | undefined {
  return MILESTONES.find((m) => m.days === days);
}

/** The next milestone above the current streak (undefined after the last one). */
export function nextMilestone(streak: number): Milestone | undefined {
  return MILESTONES.find((m) => m.days > streak);
}

/** A count with its noun: '1 day', '0 days', '2 shields'. */
export const countText = (n: number, one: string, many = `${one}s`): string => `${n} ${n === 1 ? one : many}`;

/**
 * A streak length as an adjective before "streak": 12 → '12-day'; a milestone by its label ('2 years' for
 * 730 → '2-year'), so texts read 'a 30-day streak', never 'a 30 days streak'.
 */
export function streakLengthText(days: number, label?: string): string {
  const m = label ? /^(\d+) (day|year)s?$/.exec(label) : null;
  return m ? `${m[1]}-${m[2]}` : `${days}-day`;
}

/**
 * The streak engine: pure functions over one user's streak state, applied incrementally (O(1) per check-in,
 * O(missed days at risk) per rollover — never a replay of history). Persistence lives in the streaks module.
 *
 * Rules (all in the user's local calendar):
 * - A day is *settled* once it has a check-in, or once it has ended and the rollover decided it.
 *   `lastProcessedDate` is the last settled date; dates after it are still open.
 * - Rollover of an ended, unsettled day D (D has no check-in):
 *   - nothing at risk (currentStreak ≤ checkpoint: the streak cannot fall lower) → nothing happens;
 *   - else a shield is left → one shield is used and D is frozen (the streak carries on, unchanged);
 *   - else the streak breaks: it resets to the checkpoint (the highest milestone achieved, 30/100/365/730;
 *     it never goes back down, so 730 is permanent). A lost streak of RECOVERY_MIN_STREAK+ becomes
 *     recoverable for RECOVERY_WINDOW_DAYS days.
 *   Several ended days (downtime) are settled in order: each uses a shield until none are left, then the
 *   streak breaks once (the following days have nothing at risk).
 * - While a recovery offer is open (RECOVERY_WINDOW_DAYS from the break that lost the streak), a later
 *   break does not replace it: the first lost streak stays on offer and the later missed dates join its gap.
 *   The gap is bounded by the window, so it is kept as a short list of dates (`gapDates`).
 * - A check-in on D first settles every day before D, then adds one: D-1 was completed, frozen or
 *   recovered (the streak continues), or the break already reset the streak to its checkpoint (which the
 *   check-in then builds on). A check-in on an already settled date (possible after a timezone change
 *   moves "today" backwards) changes nothing.
 * - A milestone is reached when the streak becomes exactly its days for the first time since the
 *   checkpoint was below it.
 * - A rest day (issue 28: planned ahead, shared/domain/rest-days.ts) is an input to the engine: an ended day that is a
 *   rest day without a check-in is neither counted nor broken — it uses no shield, opens no recovery, joins no
 *   recovery gap and adds no day (a 'rest-day' event records it). A check-in on a rest day counts as usual.
 * - Recovery restores the lost value plus the check-ins made since the break (`rebuiltDays`); the missed
 *   dates of the gap (neither checked in nor frozen) become recovered dates, so the streak runs unbroken.
 */

export const RECOVERY_MIN_STREAK = 7;
export const RECOVERY_WINDOW_DAYS = 7;

export const RECOVERY_STATES = ['none', 'available', 'recovered', 'declined'] as const;
export type RecoveryState = (typeof RECOVERY_STATES)[number];

export const STREAK_MESSAGES = {
  noLostStreak: 'No lost streak value available',
  noShields: 'You have no shields left to recover your streak',
} as const;

export interface StreakState {
  currentStreak: number;
  bestStreak: number;
  /** Shields left. */
  freezeDaysRemaining: number;
  /** Legacy counter of shields used. */
  freezeDaysUsed: number;
  /** The highest milestone achieved (0, 30, 100, 365, 730): the floor a break resets to. */
  checkpoint: number;
  lastCompletedDate: LocalDate | null;
  /** The last settled local date; null before the first settle. */
  lastProcessedDate: LocalDate | null;
  lostStreakValue: number | null;
  /** The missed date that broke the streak (opens the recovery offer). */
  lostDate: LocalDate | null;
  /** Check-ins counted since the break, while the offer is open: a recovery adds them to the lost value. */
  rebuiltDays: number;
  /**
   * The missed dates (no check-in, no shield) from lostDate on, while the offer is open: what a recovery
   * bridges. At most RECOVERY_WINDOW_DAYS + 1 dates.
   */
  gapDates: LocalDate[];
  recoveryState: RecoveryState;
}

export const initialStreakState = (): StreakState => ({
  currentStreak: 0,
  bestStreak: 0,
  freezeDaysRemaining: 0,
  freezeDaysUsed: 0,
  checkpoint: 0,
  lastCompletedDate: null,
  lastProcessedDate: null,
  lostStreakValue: null,
  lostDate: null,
  rebuiltDays: 0,
  gapDates: [],
  recoveryState: 'none',
});

export type StreakEvent =
  | { type: 'check-in'; date: LocalDate; streakDelta: number; milestone: Milestone | null }
  | { type: 'shield-used'; date: LocalDate }
  | { type: 'break'; date: LocalDate; lostValue: number; resetTo: number; recoverable: boolean }
  | { type: 'recovery'; date: LocalDate; method: RecoveryMethod; restoredTo: number; streakDelta: number; gapDates: LocalDate[] }
  | { type: 'decline'; date: LocalDate }
  | { type: 'shields-granted'; date: LocalDate; n: number }
  /** An ended rest day without a check-in: the streak stays as it was. */
  | { type: 'rest-day'; date: LocalDate }
  /** Purchased shields taken back (a refunded payment): only those still unused, never below zero. */
  | { type: 'shields-revoked'; date: LocalDate; n: number };

/** The user's planned rest days (issue 28), an input to every step that settles ended days. */
export type RestDates = ReadonlySet<LocalDate>;
export const NO_REST_DAYS: RestDates = new Set<LocalDate>();

export type RecoveryMethod = 'shield' | 'paid';

export interface StepResult {
  state: StreakState;
  events: StreakEvent[];
}

/** The user's local "today" at an instant. */
export const todayOf = (now: Date, tz: string): LocalDate => localDateOf(now, tz);

/** The UTC instant of the user's next local midnight after `now`: when today's rollover is due. */
export function nextRolloverAt(now: Date, tz: string): Date {
  return startOfLocalDay(addLocalDays(localDateOf(now, tz), 1), tz);
}

const atRisk = (s: StreakState) => s.currentStreak > s.checkpoint;

/** Whether the recovery offer of `s` is open on `date` (the break that lost the streak was at most RECOVERY_WINDOW_DAYS before). */
function offerOpenOn(s: StreakState, date: LocalDate): boolean {
  return (
    s.recoveryState === 'available' &&
    s.lostStreakValue !== null &&
    s.lostStreakValue >= RECOVERY_MIN_STREAK &&
    s.lostDate !== null &&
    localDaysBetween(s.lostDate, date) <= RECOVERY_WINDOW_DAYS
  );
}

/**
 * Settles every ended day before `today`. O(shields used + RECOVERY_WINDOW_DAYS): once nothing is at risk
 * the remaining days are settled at once (only the dates inside an open recovery offer are listed).
 */
export function settle(state: StreakState, today: LocalDate, rest: RestDates = NO_REST_DAYS): StepResult {
  const end = addLocalDays(today, -1);
  if (state.lastProcessedDate === null) {
    // A new user: days before the engine first saw them are not misses.
    return { state: { ...state, lastProcessedDate: end }, events: [] };
  }
  if (state.lastProcessedDate >= end) return { state, events: [] };
  const s = { ...state, gapDates: [...state.gapDates] };
  const events: StreakEvent[] = [];
  let d = addLocalDays(s.lastProcessedDate!, 1);
  while (d <= end && atRisk(s)) {
    if (rest.has(d)) {
      events.push({ type: 'rest-day', date: d });
    } else if (s.freezeDaysRemaining > 0) {
      s.freezeDaysRemaining -= 1;
      s.freezeDaysUsed += 1;
      events.push({ type: 'shield-used', date: d });
    } else {
      const lostValue = s.currentStreak;
      s.currentStreak = s.checkpoint;
      // A new loss opens its own offer; while an earlier one is still open, that one stays and this date joins its gap.
      if (!offerOpenOn(s, d)) {
        const opens = lostValue >= RECOVERY_MIN_STREAK;
        s.lostStreakValue = opens ? lostValue : null;
        s.lostDate = opens ? d : null;
        s.rebuiltDays = 0;
        s.gapDates = [];
        s.recoveryState = opens ? 'available' : 'none';
      }
      const recoverable = offerOpenOn(s, d);
      if (recoverable) s.gapDates.push(d);
      events.push({ type: 'break', date: d, lostValue, resetTo: s.checkpoint, recoverable });
    }
    d = addLocalDays(d, 1);
  }
  // The rest of the range had nothing at risk, so each date is simply missed (or rested); the missed ones inside an
  // open offer join its gap. O(RECOVERY_WINDOW_DAYS + rest days).
  const quietFrom = d;
  for (; d <= end && offerOpenOn(s, d); d = addLocalDays(d, 1)) if (!rest.has(d)) s.gapDates.push(d);
  for (const r of [...rest].filter((x) => x >= quietFrom && x <= end).sort()) events.push({ type: 'rest-day', date: r });
  s.lastProcessedDate = end;
  return { state: s, events };
}

/** A check-in on local date `date` (the user's today). */
export function applyCheckIn(state: StreakState, date: LocalDate, rest: RestDates = NO_REST_DAYS): StepResult & { counted: boolean } {
  if (state.lastProcessedDate !== null && date <= state.lastProcessedDate) return { state, events: [], counted: false };
  const settled = settle(state, date, rest);
  const s = { ...settled.state };
  s.currentStreak += 1;
  s.bestStreak = Math.max(s.bestStreak, s.currentStreak);
  const reached = s.checkpoint < s.currentStreak ? (milestoneAt(s.currentStreak) ?? null) : null;
  s.checkpoint = Math.max(s.checkpoint, milestoneFloor(s.currentStreak));
  s.lastCompletedDate = date;
  s.lastProcessedDate = date;
  if (offerOpenOn(s, date)) s.rebuiltDays += 1;
  return {
    state: s,
    events: [...settled.events, { type: 'check-in', date, streakDelta: 1, milestone: reached }],
    counted: true,
  };
}

/** The last local date the open recovery offer stands (the break plus RECOVERY_WINDOW_DAYS), or null with no offer. */
export function recoveryOfferLastDay(state: StreakState, today: LocalDate): LocalDate | null {
  return offerOpenOn(state, today) && state.lostDate ? addLocalDays(state.lostDate, RECOVERY_WINDOW_DAYS) : null;
}

/** true while a lost streak can be recovered on `today` (call after settle). */
export function recoveryAvailable(state: StreakState, today: LocalDate): boolean {
  return offerOpenOn(state, today);
}

export class StreakRuleError extends Error {}

/** Restores a lost streak (settle to `today` first). Throws StreakRuleError when nothing can be recovered. */
export function applyRecovery(state: StreakState, today: LocalDate, method: RecoveryMethod, rest: RestDates = NO_REST_DAYS): StepResult {
  const settled = settle(state, today, rest);
  const st = settled.state;
  if (!recoveryAvailable(st, today)) throw new StreakRuleError(STREAK_MESSAGES.noLostStreak);
  if (method === 'shield' && st.freezeDaysRemaining < 1) throw new StreakRuleError(STREAK_MESSAGES.noShields);
  const s = { ...st, gapDates: [] };
  const gapDates = st.gapDates;
  const before = s.currentStreak;
  s.currentStreak = s.lostStreakValue! + s.rebuiltDays;
  s.bestStreak = Math.max(s.bestStreak, s.currentStreak);
  s.checkpoint = Math.max(s.checkpoint, milestoneFloor(s.currentStreak));
  if (method === 'shield') {
    s.freezeDaysRemaining -= 1;
    s.freezeDaysUsed += 1;
  }
  s.recoveryState = 'recovered';
  return {
    state: s,
    events: [
      ...settled.events,
      { type: 'recovery', date: today, method, restoredTo: s.currentStreak, streakDelta: s.currentStreak - before, gapDates },
    ],
  };
}

/** The user says no to recovering; the offer does not come back for this loss. */
export function applyDecline(state: StreakState, today: LocalDate, rest: RestDates = NO_REST_DAYS): StepResult {
  const settled = settle(state, today, rest);
  if (settled.state.recoveryState !== 'available') return settled;
  return {
    state: { ...settled.state, recoveryState: 'declined', gapDates: [] },
    events: [...settled.events, { type: 'decline', date: today }],
  };
}

/** Adds shields (purchase, tier grant, developer) on `today`, after settling the days that already ended. */
export function applyShieldGrant(state: StreakState, today: LocalDate, n: number, rest: RestDates = NO_REST_DAYS): StepResult {
  const settled = settle(state, today, rest);
  if (n <= 0) return settled;
  return {
    state: { ...settled.state, freezeDaysRemaining: settled.state.freezeDaysRemaining + n },
    events: [...settled.events, { type: 'shields-granted', date: today, n }],
  };
}

/** Takes back up to n shields still held (a refunded purchase): never below zero; none held, nothing happens. */
export function applyShieldRevoke(state: StreakState, today: LocalDate, n: number): StepResult {
  const settled = settle(state, today);
  const take = Math.min(n, settled.state.freezeDaysRemaining);
  if (take <= 0) return settled;
  return {
    state: { ...settled.state, freezeDaysRemaining: settled.state.freezeDaysRemaining - take },
    events: [...settled.events, { type: 'shields-revoked', date: today, n: take }],
  };
}

// ---------------------------------------------------------------------------------------------------------
// Late offline check-ins (decision 022)
// ---------------------------------------------------------------------------------------------------------

/** The state as it stood before a settlement, and when that settlement was written (ISO instant). */
export interface StreakSnapshot {
  state: StreakState;
  at: string;
}

/** Snapshots older than this many days before today are dropped (an offline check-in is at most 48 h late). */
export const SNAPSHOT_KEEP_DAYS = 4;

/**
 * The snapshots to keep after a step from `before` to `after` on `today`: when the step settled further
 * (lastProcessedDate moved), `before` is remembered. O(SNAPSHOT_KEEP_DAYS).
 */
export function rememberSnapshot(
  snapshots: readonly StreakSnapshot[],
  before: StreakState,
  after: StreakState,
  today: LocalDate,
  now: Date,
): StreakSnapshot[] {
  if (before.lastProcessedDate === after.lastProcessedDate) return [...snapshots];
  const oldest = addLocalDays(today, -SNAPSHOT_KEEP_DAYS);
  return [...snapshots, { state: before, at: now.toISOString() }].filter(
    (s) => s.state.lastProcessedDate === null || s.state.lastProcessedDate >= oldest,
  );
}

/** The newest snapshot taken before `date` was settled (its lastProcessedDate is earlier than `date`). */
export function snapshotBefore(snapshots: readonly StreakSnapshot[], date: LocalDate): StreakSnapshot | null {
  for (let i = snapshots.length - 1; i >= 0; i--) {
    const s = snapshots[i]!;
    if (s.state.lastProcessedDate === null || s.state.lastProcessedDate < date) return s;
  }
  return null;
}

/**
 * Replays the engine from `from` (a snapshot's state): the check-ins on `checkInDates` (any order; dates at or
 * before the snapshot's last settled date are ignored), then the rollover up to `today`. This is what the state
 * would have been had every check-in reached the server in time.
 */
export function replay(from: StreakState, checkInDates: readonly LocalDate[], today: LocalDate, rest: RestDates = NO_REST_DAYS): StepResult {
  let state = from;
  const events: StreakEvent[] = [];
  for (const d of [...new Set(checkInDates)].sort()) {
    if (d > today) break;
    const r = applyCheckIn(state, d, rest);
    state = r.state;
    events.push(...r.events);
  }
  const r = settle(state, today, rest);
  return { state: r.state, events: [...events, ...r.events] };
}

// ---------------------------------------------------------------------------------------------------------
// The strength score (issue 28, decision 028): a fold over the days the engine settles, stepped with it
// ---------------------------------------------------------------------------------------------------------

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
