import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { addLocalDays, localDateOf, localDaysBetween, localMinutesOf } from './dates';
import {
  MILESTONE_DAYS,
  applyCheckIn,
  applyDecline,
  applyRecovery,
  applyShieldGrant,
  initialStreakState,
  nextRolloverAt,
  RECOVERY_MIN_STREAK,
  RECOVERY_WINDOW_DAYS,
  recoveryAvailable,
  rememberSnapshot,
  replay,
  settle,
  snapshotBefore,
  StreakRuleError,
  type RestDates,
  type StepResult,
  type StreakEvent,
  type StreakSnapshot,
  type StreakState,
  initialStrength,
  rewindStrength,
  STRENGTH_HISTORY_DAYS,
  strengthAfterStep,
  strengthHistory,
  strengthValues,
  type StrengthFoldedDay,
} from './streak-engine';
import { AREAS } from './scoring';

// ---------------------------------------------------------------------------------------------
// A plain reference model: walks the calendar one day at a time and keeps every day's status.
// ---------------------------------------------------------------------------------------------
type DayStatus = 'completed' | 'frozen' | 'missed' | 'recovered' | 'rest';
class Reference {
  streak = 0;
  best = 0;
  shields = 0;
  used = 0;
  status = new Map<string, DayStatus>();
  lost: { value: number; date: string } | null = null;
  recovery: 'none' | 'available' | 'recovered' | 'declined' = 'none';
  milestones: number[] = [];
  /** The last local date that has ended (null before the user is first seen). */
  lastEnded: string | null = null;
  /** The planned rest days (issue 28). */
  constructor(readonly rest: ReadonlySet<string> = new Set()) {}

  get checkpoint(): number {
    // The highest milestone the streak has ever reached (milestones never go back down).
    return Math.max(0, ...MILESTONE_DAYS.filter((m) => this.best >= m));
  }
  available(today: string): boolean {
    return this.recovery === 'available' && !!this.lost && this.lost.value >= 7 && localDaysBetween(this.lost.date, today) <= 7;
  }
  /** The user's today is `today` (in whatever zone they are now): every earlier date has ended. */
  advanceTo(today: string) {
    const yesterday = addLocalDays(today, -1);
    if (this.lastEnded === null) {
      this.lastEnded = yesterday; // days before the user was first seen are not misses
      return;
    }
    for (let d = addLocalDays(this.lastEnded, 1); d <= yesterday; d = addLocalDays(d, 1)) this.endOfDay(d);
    if (yesterday > this.lastEnded) this.lastEnded = yesterday;
  }
  buy(n: number) {
    this.shields += n;
  }
  checkIn(today: string) {
    // A date that has already ended (the user flew west) or is already completed cannot count again.
    if ((this.lastEnded !== null && today <= this.lastEnded) || this.status.get(today) === 'completed') return;
    const before = this.checkpoint;
    this.streak += 1;
    this.best = Math.max(this.best, this.streak);
    if (MILESTONE_DAYS.includes(this.streak) && before < this.streak) this.milestones.push(this.streak);
    this.status.set(today, 'completed');
  }
  recover(today: string, method: 'shield' | 'paid'): boolean {
    if (!this.available(today) || (method === 'shield' && this.shields < 1)) return false;
    // Every missed date of the 7-day window becomes recovered; every check-in since the loss counts.
    const lost = this.lost!;
    const last = addLocalDays(lost.date, 7);
    let rebuilt = 0;
    for (const [d, st] of this.status) {
      if (d < lost.date || d > last) continue;
      if (st === 'completed') rebuilt++;
      if (st === 'missed') this.status.set(d, 'recovered');
    }
    this.streak = lost.value + rebuilt;
    this.best = Math.max(this.best, this.streak);
    if (method === 'shield') {
      this.shields--;
      this.used++;
    }
    this.recovery = 'recovered';
    return true;
  }
  decline() {
    if (this.recovery === 'available') this.recovery = 'declined';
  }
  endOfDay(day: string) {
    if (this.status.get(day) === 'completed') return;
    if (this.rest.has(day)) {
      this.status.set(day, 'rest'); // neither counted nor broken: no shield, no loss, no day added
      return;
    }
    if (this.streak <= this.checkpoint) {
      this.status.set(day, 'missed');
      return;
    }
    if (this.shields > 0) {
      this.shields--;
      this.used++;
      this.status.set(day, 'frozen');
      return;
    }
    const lostValue = this.streak;
    this.streak = this.checkpoint;
    this.status.set(day, 'missed');
    if (this.available(day)) return; // an earlier lost streak is still on offer: it stays
    if (lostValue >= 7) {
      this.lost = { value: lostValue, date: day };
      this.recovery = 'available';
    } else {
      this.lost = null;
      this.recovery = 'none';
    }
  }
}

/** Zones far east and west of UTC, with and without DST, and with half-hour offsets. */
const ZONES = [
  'UTC',
  'Pacific/Kiritimati',
  'Pacific/Pago_Pago',
  'America/New_York',
  'America/Santiago',
  'Europe/London',
  'Asia/Kolkata',
  'Australia/Lord_Howe',
  'America/St_Johns',
  'Asia/Tokyo',
] as const;

interface DayOps {
  buy: number;
  action: 'none' | 'recover-shield' | 'recover-paid' | 'decline';
  checkIn: boolean;
  /** Whether the rollover job ran at this day's end (false = downtime; catch-up happens on the next call). */
  jobRan: boolean;
  /**
   * The user opened the app at this step (a read, which stores its settlement as the server's does). A step with no
   * read, no action, no check-in and no job run before it goes unseen: what ended then is settled later, in the
   * zone the user is in by then (so random histories also catch up over many days at once).
   */
  read: boolean;
  /** Hours since the previous step (24 = the next day at the same time). */
  hours: number;
  /** The user moved to this zone before this step (null: same zone). */
  tz: string | null;
  /**
   * The check-in was made offline and reaches the server at the next step, after the rollover may have settled its
   * day (decision 022: corrected by a replay from the snapshot before it). Only when the next step is the next day.
   */
  late: boolean;
}

const dayOps = fc.record<DayOps>({
  buy: fc.oneof({ weight: 8, arbitrary: fc.constant(0) }, { weight: 1, arbitrary: fc.integer({ min: 1, max: 3 }) }),
  action: fc.oneof(
    { weight: 12, arbitrary: fc.constant('none' as const) },
    { weight: 1, arbitrary: fc.constant('recover-shield' as const) },
    { weight: 1, arbitrary: fc.constant('recover-paid' as const) },
    { weight: 1, arbitrary: fc.constant('decline' as const) },
  ),
  checkIn: fc.oneof({ weight: 6, arbitrary: fc.constant(true) }, { weight: 1, arbitrary: fc.constant(false) }),
  jobRan: fc.oneof({ weight: 3, arbitrary: fc.constant(true) }, { weight: 1, arbitrary: fc.constant(false) }),
  read: fc.boolean(),
  hours: fc.constant(24),
  tz: fc.constant(null),
  late: fc.oneof({ weight: 9, arbitrary: fc.constant(false) }, { weight: 1, arbitrary: fc.constant(true) }),
});

/**
 * Long runs of check-ins so that 30/100/365 milestones and checkpoints are reached, actions on random days, and
 * journeys: on random days the user moves zone and/or the step is not exactly a day, so a local date can be
 * skipped (east) or come round again (west).
 */
const history = fc
  .tuple(
    fc.array(fc.tuple(fc.integer({ min: 1, max: 120 }), dayOps).map(([repeat, ops]) => ({ repeat, ops })), {
      minLength: 1,
      maxLength: 40,
    }),
    fc.array(
      fc.tuple(fc.integer({ min: 0, max: 799 }), fc.constantFrom('recover-shield' as const, 'recover-paid' as const, 'decline' as const)),
      { maxLength: 40 },
    ),
    fc.array(
      fc.tuple(fc.integer({ min: 1, max: 799 }), fc.option(fc.constantFrom(...ZONES), { nil: null }), fc.integer({ min: 1, max: 47 })),
      { maxLength: 30 },
    ),
  )
  .map(([blocks, actions, journeys]) => {
    const days: DayOps[] = [];
    for (const b of blocks) {
      for (let i = 0; i < b.repeat && days.length < 800; i++) days.push(i === 0 ? b.ops : { ...b.ops, action: 'none', buy: 0 });
    }
    for (const [at, action] of actions) if (at < days.length) days[at] = { ...days[at]!, action };
    for (const [at, tz, hours] of journeys) if (at < days.length) days[at] = { ...days[at]!, tz, hours };
    return days;
  });

const day = (o: Partial<DayOps> = {}): DayOps => ({ buy: 0, action: 'none', checkIn: true, jobRan: true, read: true, hours: 24, tz: null, late: false, ...o });

/** A history that surely loses a 12-day streak and recovers it with a shield bought the next day. */
const recoveryExample: DayOps[] = [
  ...Array.from({ length: 12 }, () => day()),
  day({ checkIn: false }),
  day({ buy: 1, action: 'recover-shield' }),
  day({ action: 'recover-paid', jobRan: false }),
];

/** Loses 20, rebuilds one day, misses again (a short loss inside the offer's window), then recovers. */
const mergedLossExample: DayOps[] = [
  ...Array.from({ length: 20 }, () => day()),
  day({ checkIn: false }),
  day(),
  day({ checkIn: false }),
  day({ checkIn: false, action: 'recover-paid' }),
  day(),
];

/** A streak kept while flying east over the date line (a local date is skipped) and back west (one repeats). */
const journeyExample: DayOps[] = [
  ...Array.from({ length: 9 }, () => day()),
  day({ tz: 'Pacific/Kiritimati', hours: 30 }),
  day(),
  day({ tz: 'Pacific/Pago_Pago', hours: 2 }),
  day({ hours: 23 }),
  day(),
];

/**
 * Seen in Kiritimati after a missed date has ended there, then back in UTC within the hour, where that date is
 * today again: the read in Kiritimati settled it, so a check-in cannot count it a second time.
 */
const endedThenWestExample: DayOps[] = [
  ...Array.from({ length: 10 }, () => day({ jobRan: false })),
  day({ tz: 'Pacific/Kiritimati', checkIn: false, jobRan: false }),
  day({ tz: 'UTC', hours: 1 }),
];
/**
 * Planned rest days: dates from the histories' first local date on (clustered in short runs, like a week away), so
 * they fall on missed days, checked-in days, and days inside a recovery offer's window.
 */
const REST_START = '2025-01-01';
const restDays = fc
  .array(fc.tuple(fc.integer({ min: 0, max: 820 }), fc.integer({ min: 1, max: 7 })), { maxLength: 12 })
  .map((runs) => [...new Set(runs.flatMap(([at, n]) => Array.from({ length: n }, (_, i) => addLocalDays(REST_START, at + i))))].sort());

/** A 12-day streak, then three rest days without check-ins, no shields: nothing breaks, nothing is spent. */
const restExample: DayOps[] = [...Array.from({ length: 12 }, () => day()), ...Array.from({ length: 3 }, () => day({ checkIn: false })), day()];
const restExampleDates = [addLocalDays(REST_START, 12), addLocalDays(REST_START, 13), addLocalDays(REST_START, 14)];

/** The area scores (0–1, as a check-in stores them) of a check-in on `date`: fixed per date, varied across areas. */
function scoresOf(date: string): number[] {
  let h = 0;
  for (const c of date) h = (h * 31 + c.charCodeAt(0)) >>> 0;
  return AREAS.map((_, i) => ((h >>> (i * 3)) % 5) / 4);
}

/** The strength reference: replays every settled date in order from 0, by its final status (Loop's recurrence). */
function strengthReplay(
  status: ReadonlyMap<string, DayStatus>,
  scores: (d: string) => number[],
  each?: (date: string, values: number[]) => void,
): number[] {
  const m = 0.5 ** (1 / 13);
  let s = AREAS.map(() => 0);
  for (const [d, st] of [...status].sort(([a], [b]) => (a < b ? -1 : 1))) {
    if (st === 'completed') s = s.map((x, i) => x * m + scores(d)[i]! * (1 - m));
    else if (st === 'missed') s = s.map((x) => x * m);
    each?.(d, s);
  }
  return s;
}

/** How often each kind of event happened over all generated histories (the test checks they all occur). */
const seen: Record<string, number> = {};
const tally = (kind: string) => {
  seen[kind] = (seen[kind] ?? 0) + 1;
};

function collect(events: StreakEvent[], frozen: Set<string>, recovered: Set<string>, milestones: number[], rested = new Set<string>()) {
  for (const e of events) {
    if (e.type === 'rest-day') {
      expect(rested.has(e.date)).toBe(false); // each date settled once
      expect(frozen.has(e.date)).toBe(false);
      rested.add(e.date);
    }
    tally(e.type);
    if (e.type === 'check-in' && e.milestone) tally(`milestone-${e.milestone.days}`);
    if (e.type === 'break' && e.resetTo > 0) tally('checkpoint-reset');
    if (e.type === 'break' && e.recoverable && e.lostValue < RECOVERY_MIN_STREAK) tally('merged-break');
    if (e.type === 'shield-used') {
      expect(frozen.has(e.date)).toBe(false); // each date settled once
      frozen.add(e.date);
    }
    if (e.type === 'recovery') for (const d of e.gapDates) recovered.add(d);
    if (e.type === 'check-in' && e.milestone) milestones.push(e.milestone.days);
  }
}

describe('streak engine against a day-by-day reference model', () => {
  it('agrees on every random history of up to 800 days, with zone changes', () => {
    fc.assert(
      fc.property(history, fc.integer({ min: 0, max: 3 }), restDays, (days, startShields, restList) => {
        const rest: RestDates = new Set(restList);
        let now = Date.parse('2025-01-01T12:00:00Z');
        let tz = 'UTC';
        let maxToday = '0000-01-01';
        let prevToday: string | null = null;
        const ref = new Reference(rest);
        ref.shields = startShields;
        let s: StreakState = { ...initialStreakState(), freezeDaysRemaining: startShields };
        const frozen = new Set<string>();
        const recovered = new Set<string>();
        const rested = new Set<string>();
        const milestones: number[] = [];
        let strength = initialStrength();
        const folded: StrengthFoldedDay[] = [];
        // As the server keeps them: the snapshots before each settlement, and the dates with a counted check-in.
        let snaps: StreakSnapshot[] = [];
        const counted = new Set<string>();
        let curToday = '';
        let pendingLate: string | null = null;
        const step = (r: { state: StreakState; events: StreakEvent[] }) => {
          const before = s;
          collect(r.events, frozen, recovered, milestones, rested);
          for (const e of r.events) if (e.type === 'check-in') counted.add(e.date);
          s = r.state;
          snaps = rememberSnapshot(snaps, before, s, curToday, new Date(now));
          strength = strengthAfterStep(strength, before, r, scoresOf, folded);
          for (const e of r.events) {
            if (e.type !== 'rest-day') continue;
            expect(rest.has(e.date)).toBe(true);
            if (before.currentStreak > before.checkpoint) tally('rest-day-at-risk');
          }
          // A step that only rested (no check-in, shield, break or recovery) leaves the streak and shields as they were.
          if (r.events.length && r.events.every((e) => e.type === 'rest-day')) {
            expect(s.currentStreak).toBe(before.currentStreak);
            expect(s.freezeDaysRemaining).toBe(before.freezeDaysRemaining);
            expect(s.recoveryState).toBe(before.recoveryState);
          }
        };
        days.forEach((ops, i) => {
          if (i > 0) now += ops.hours * 3_600_000;
          if (ops.tz) tz = ops.tz;
          const today = localDateOf(now, tz);
          if (prevToday !== null) {
            const moved = localDaysBetween(prevToday, today);
            if (moved !== 1) tally(moved > 1 ? 'date-skipped' : 'date-repeated');
          }
          prevToday = today;
          curToday = today;
          if (today > maxToday) maxToday = today;
          // The job, a read, any action or yesterday's offline check-in syncing settles what has ended in the user's
          // current zone; an unseen step, nothing.
          const jobRan = i > 0 && days[i - 1]!.jobRan;
          const seenNow = jobRan || pendingLate !== null || ops.read || ops.checkIn || ops.buy > 0 || ops.action !== 'none';
          if (!seenNow) {
            tally('unseen-step');
            return;
          }
          if (s.lastProcessedDate !== null && localDaysBetween(s.lastProcessedDate, today) > 8) {
            tally('catch-up-over-a-week');
          }
          if (jobRan) step(settle(s, today, rest));
          if (pendingLate !== null) {
            // Yesterday's offline check-in arrives (the reference counted it in time).
            const date: string = pendingLate;
            pendingLate = null;
            if (s.lastProcessedDate !== null && date <= s.lastProcessedDate) {
              // Settled meanwhile: replay from the snapshot before it, as the server's correction does.
              const snap = snapshotBefore(snaps, date);
              expect(snap).not.toBeNull();
              const from = snap!.state;
              const r = replay(from, [...[...counted].filter((d) => d > (from.lastProcessedDate ?? '')), date], today, rest);
              const settledFrom = from.lastProcessedDate ? addLocalDays(from.lastProcessedDate, 1) : date;
              for (const d of [...frozen]) if (d >= settledFrom) frozen.delete(d);
              for (const d of [...rested]) if (d >= settledFrom) rested.delete(d);
              const reached: number[] = [];
              collect(r.events, frozen, recovered, reached, rested);
              milestones.push(...reached.filter((m) => m > s.checkpoint));
              for (const e of r.events) if (e.type === 'check-in') counted.add(e.date);
              const rewound = rewindStrength(strength, settledFrom);
              expect(rewound).not.toBeNull();
              strength = strengthAfterStep(rewound!, from, r, scoresOf, folded);
              snaps = snaps.filter((x) => (x.state.lastProcessedDate ?? '') < date);
              s = r.state;
              tally('late-check-in-corrected');
            } else {
              step(applyCheckIn(s, date, rest));
            }
          }
          ref.advanceTo(today);
          if (ops.buy) {
            ref.buy(ops.buy);
            step(applyShieldGrant(s, today, ops.buy, rest));
          }
          if (ops.action === 'recover-shield' || ops.action === 'recover-paid') {
            const method = ops.action === 'recover-shield' ? 'shield' : 'paid';
            const ok = ref.recover(today, method);
            try {
              step(applyRecovery(s, today, method, rest));
              expect(ok).toBe(true);
            } catch (e) {
              expect(e).toBeInstanceOf(StreakRuleError);
              expect(ok).toBe(false);
            }
          } else if (ops.action === 'decline') {
            ref.decline();
            step(applyDecline(s, today, rest));
          }
          if (ops.checkIn) {
            if (rest.has(today)) tally('check-in-on-rest-day');
            ref.checkIn(today);
            // An offline check-in that reaches the server tomorrow: only when tomorrow's step is the next local date
            // and nothing else happens before it arrives (the server's correction then reproduces it).
            const next = days[i + 1];
            const lateOk =
              ops.late &&
              next !== undefined &&
              next.tz === null &&
              localDateOf(now + next.hours * 3_600_000, tz) === addLocalDays(today, 1) &&
              (s.lastProcessedDate === null || today > s.lastProcessedDate);
            if (lateOk) pendingLate = today;
            else step(applyCheckIn(s, today, rest));
          }
          // What a read shows today. The server's read settles and stores what has ended in the user's current
          // zone (settledWithZone), so a date that ended here stays ended after a move west; without the job, the
          // stored state still lags at the next step's start (a purchase or recovery before any read), and after
          // unseen steps by as many days as they last.
          step(settle(s, today, rest));
          if (pendingLate !== null) return; // the server has not seen today's check-in yet
          expect(s.currentStreak).toBe(ref.streak);
          expect(s.freezeDaysRemaining).toBe(ref.shields);
          expect(recoveryAvailable(s, today)).toBe(ref.available(today));
        });
        const after = addLocalDays(maxToday, 1);
        ref.advanceTo(after);
        step(settle(s, after, rest));
        expect(s.currentStreak).toBe(ref.streak);
        expect(s.bestStreak).toBe(ref.best);
        expect(s.freezeDaysRemaining).toBe(ref.shields);
        expect(s.freezeDaysUsed).toBe(ref.used);
        expect(s.checkpoint).toBe(ref.checkpoint);
        expect(milestones).toEqual(ref.milestones);
        const refFrozen = [...ref.status].filter(([, v]) => v === 'frozen').map(([k]) => k).sort();
        const refRecovered = [...ref.status].filter(([, v]) => v === 'recovered').map(([k]) => k).sort();
        expect([...frozen].sort()).toEqual(refFrozen);
        expect([...recovered].sort()).toEqual(refRecovered);
        const refRested = [...ref.status].filter(([, v]) => v === 'rest').map(([k]) => k).sort();
        expect([...rested].sort()).toEqual(refRested);
        // The strength score, kept incrementally, equals a replay of every settled day's final status.
        const replayed = strengthReplay(ref.status, scoresOf);
        strengthValues(strength).forEach((x, i) => expect(x).toBeCloseTo(replayed[i]!, 9));
        // Its 90-day history (stored folded days + the recent ones) equals the replay's value after each settled date.
        const refHistory: { date: string; values: number[] }[] = [];
        strengthReplay(ref.status, scoresOf, (date, values) => refHistory.push({ date, values }));
        const history = strengthHistory(strength, folded);
        expect(history.map((h) => h.date)).toEqual(refHistory.slice(-STRENGTH_HISTORY_DAYS).map((h) => h.date));
        history.forEach((h, j) => h.values.forEach((x, i) => expect(x).toBeCloseTo(refHistory.slice(-STRENGTH_HISTORY_DAYS)[j]!.values[i]!, 9)));
        if (refRecovered.length) tally('strength-corrected-by-recovery');
        // A rest day never used a shield, broke the streak or joined a recovery gap.
        for (const d of rested) expect(frozen.has(d) || recovered.has(d)).toBe(false);
        // The gap a recovery would bridge never grows past the offer's window.
        expect(s.gapDates.length).toBeLessThanOrEqual(RECOVERY_WINDOW_DAYS + 1);
      }),
      {
        numRuns: Number(process.env.FC_RUNS ?? 150),
        examples: [
          // An offline check-in whose sync is the only thing the server sees the next day.
          [
            [
              { buy: 1, action: 'none', checkIn: true, jobRan: false, read: false, hours: 24, tz: null, late: true },
              { buy: 0, action: 'none', checkIn: false, jobRan: false, read: false, hours: 24, tz: null, late: false },
            ],
            0,
            [],
          ],
          [recoveryExample, 0, []],
          [recoveryExample.map((d) => (d.action === 'recover-shield' ? { ...d, action: 'decline' as const } : d)), 0, []],
          [[...Array.from({ length: 101 }, () => recoveryExample[0]!), ...recoveryExample.slice(12)], 0, []],
          [mergedLossExample, 0, []],
          [journeyExample, 0, []],
          [endedThenWestExample, 0, []],
          [restExample, 0, restExampleDates],
        ],
      },
    );
    for (const kind of [
      'check-in',
      'shield-used',
      'break',
      'merged-break',
      'recovery',
      'decline',
      'shields-granted',
      'milestone-30',
      'milestone-100',
      'checkpoint-reset',
      'date-skipped',
      'date-repeated',
      'unseen-step',
      'catch-up-over-a-week',
      'rest-day',
      'rest-day-at-risk',
      'check-in-on-rest-day',
      'strength-corrected-by-recovery',
      'late-check-in-corrected',
    ]) {
      expect(seen[kind] ?? 0, kind).toBeGreaterThan(0);
    }
  });

  it('a short loss inside an open offer keeps the earlier lost streak on offer', () => {
    let s = initialStreakState();
    for (let i = 1; i <= 20; i++) s = applyCheckIn(s, `2025-01-${String(i).padStart(2, '0')}`).state;
    s = settle(s, '2025-01-22').state; // 01-21 missed: 20 lost
    s = applyCheckIn(s, '2025-01-22').state; // rebuilt to 1
    const r = settle(s, '2025-01-24'); // 01-23 missed: the 1 is lost too
    expect(r.events).toEqual([{ type: 'break', date: '2025-01-23', lostValue: 1, resetTo: 0, recoverable: true }]);
    expect(recoveryAvailable(r.state, '2025-01-24')).toBe(true);
    expect(r.state.lostStreakValue).toBe(20);
    const rec = applyRecovery(r.state, '2025-01-24', 'paid');
    // 20 + the check-in of 01-22; 01-21 and 01-23 are bridged, so the run is unbroken.
    expect(rec.state.currentStreak).toBe(21);
    expect(rec.events.at(-1)).toMatchObject({ type: 'recovery', gapDates: ['2025-01-21', '2025-01-23'], restoredTo: 21 });
    // After the window the offer is gone, and a new short loss does not open one.
    expect(recoveryAvailable(r.state, '2025-01-29')).toBe(false);
  });

  it('a break resets to the highest checkpoint, not 0', () => {
    let s = initialStreakState();
    for (let i = 0; i < 45; i++) s = applyCheckIn(s, addLocalDays('2025-01-01', i)).state;
    expect(s.currentStreak).toBe(45);
    const r = settle(s, addLocalDays('2025-01-01', 47)); // 45th..46th missed, no shields
    expect(r.state.currentStreak).toBe(30);
    expect(r.events.filter((e) => e.type === 'break')).toHaveLength(1);
    expect(recoveryAvailable(r.state, addLocalDays('2025-01-01', 47))).toBe(true);
    expect(recoveryAvailable(r.state, addLocalDays('2025-01-01', 53))).toBe(false);
  });

  it('downtime of several days uses a shield per day until none are left, then breaks once', () => {
    let s = { ...initialStreakState(), freezeDaysRemaining: 2 };
    for (let i = 0; i < 10; i++) s = applyCheckIn(s, addLocalDays('2025-01-01', i)).state;
    const r = settle(s, '2025-01-16'); // 11th..15th ended without check-ins
    expect(r.events.map((e) => e.type)).toEqual(['shield-used', 'shield-used', 'break']);
    expect(r.state.currentStreak).toBe(0);
    expect(r.state.lastProcessedDate).toBe('2025-01-15');
  });
});

describe('timezone changes', () => {
  const zones = ['UTC', 'Pacific/Kiritimati', 'Pacific/Pago_Pago', 'America/New_York', 'Europe/London', 'Asia/Kolkata', 'Australia/Lord_Howe', 'America/St_Johns'];
  it('the next rollover is the next local midnight in the current zone; settled dates never move back', () => {
    fc.assert(
      fc.property(
        fc.array(fc.record({ hours: fc.integer({ min: 1, max: 40 }), tz: fc.constantFrom(...zones), checkIn: fc.boolean() }), { minLength: 1, maxLength: 120 }),
        (ops) => {
          let now = Date.parse('2025-03-01T12:00:00Z');
          let s = initialStreakState();
          let lastProcessed: string | null = null;
          const outcomes = new Map<string, string>();
          for (const op of ops) {
            now += op.hours * 3_600_000;
            const today = localDateOf(now, op.tz);
            const r = op.checkIn ? applyCheckIn(s, today) : settle(s, today);
            for (const e of r.events) {
              if (e.type === 'check-in' || e.type === 'shield-used' || e.type === 'break') {
                expect(outcomes.has(e.date)).toBe(false);
                outcomes.set(e.date, e.type);
              }
            }
            s = r.state;
            if (lastProcessed !== null) expect(s.lastProcessedDate! >= lastProcessed).toBe(true);
            lastProcessed = s.lastProcessedDate;
            const next = nextRolloverAt(new Date(now), op.tz);
            expect(next.getTime()).toBeGreaterThan(now);
            expect(next.getTime() - now).toBeLessThanOrEqual(25 * 3_600_000);
            expect(localDateOf(next, op.tz)).toBe(addLocalDays(today, 1));
            expect(localMinutesOf(next, op.tz)).toBeLessThan(60);
            expect(localDateOf(next.getTime() - 1, op.tz)).toBe(today);
          }
        },
      ),
      { numRuns: 200 },
    );
  });
});

/** The in-time history of the late-check-in test, day by day, noting the dates a shield froze. */
function shieldedInTime(shields: number, dates: string[], days: boolean[], late: string, rest: RestDates, frozen: Set<string>): void {
  let st: StreakState = { ...initialStreakState(), freezeDaysRemaining: shields, lastProcessedDate: addLocalDays(dates[0]!, -1) };
  dates.forEach((d, i) => {
    if (days[i] || d === late) st = applyCheckIn(st, d, rest).state;
    const r = settle(st, addLocalDays(d, 1), rest);
    for (const e of r.events) if (e.type === 'shield-used') frozen.add(e.date);
    st = r.state;
  });
}

describe('late offline check-ins: snapshots and replay (decision 022)', () => {
  it('replaying from the snapshot before a settled day equals the history had the check-in arrived in time', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 0, max: 3 }),
        fc.array(fc.boolean(), { minLength: 6, maxLength: 12 }),
        fc.integer({ min: 0, max: 2 }),
        fc.array(fc.integer({ min: 0, max: 11 }), { maxLength: 4 }),
        (shields, days, lateBack, restAt) => {
          const start = '2026-03-01';
          const dates = days.map((_, i) => addLocalDays(start, i));
          const rest: RestDates = new Set(restAt.map((i) => addLocalDays(start, i)));
          // The "true" history: every check-in in time.
          const late = dates[Math.max(0, dates.length - 1 - lateBack)]!;
          let truth: StreakState = { ...initialStreakState(), freezeDaysRemaining: shields, lastProcessedDate: addLocalDays(start, -1) };
          let seen = truth;
          let snaps: StreakSnapshot[] = [];
          // The strength kept incrementally along what the server saw (each step as the server applies it).
          let strength = initialStrength();
          const strengthStep = (from: StreakState, r: StepResult) => {
            strength = strengthAfterStep(strength, from, r, scoresOf);
            return r.state;
          };
          const now = new Date('2026-03-20T00:00:00Z');
          for (let i = 0; i < dates.length; i++) {
            const d = dates[i]!;
            const checked = days[i] || d === late;
            if (checked) truth = applyCheckIn(truth, d, rest).state;
            // What the server saw: the late check-in had not arrived; each day is settled at its end.
            const before = seen;
            seen = checked && d !== late ? strengthStep(seen, applyCheckIn(seen, d, rest)) : seen;
            const after = strengthStep(seen, settle(seen, addLocalDays(d, 1), rest));
            snaps = rememberSnapshot(rememberSnapshot(snaps, before, seen, d, now), seen, after, addLocalDays(d, 1), now);
            seen = after;
          }
          const today = addLocalDays(dates[dates.length - 1]!, 1);
          truth = settle(truth, today, rest).state;
          const snap = snapshotBefore(snaps, late);
          expect(snap).not.toBeNull();
          const checkIns = dates.filter((d, i) => days[i] && d > (snap!.state.lastProcessedDate ?? '')).concat(late);
          const replayed = replay(snap!.state, checkIns, today, rest);
          expect(replayed.state).toEqual(truth);
          // The strength follows the correction (rewound to the snapshot's days, then the replay's days) and equals a
          // replay of the whole corrected history: a checked-in date by its scores, a rest day kept, a missed one 0.
          const rewound = rewindStrength(strength, addLocalDays(snap!.state.lastProcessedDate!, 1));
          expect(rewound).not.toBeNull();
          const corrected = strengthAfterStep(rewound!, snap!.state, replayed, scoresOf);
          const status = new Map<string, DayStatus>();
          const frozenDates = new Set<string>();
          shieldedInTime(shields, dates, days, late, rest, frozenDates);
          dates.forEach((d, i) => {
            status.set(d, days[i] || d === late ? 'completed' : rest.has(d) ? 'rest' : frozenDates.has(d) ? 'frozen' : 'missed');
          });
          const expected = strengthReplay(status, scoresOf);
          strengthValues(corrected).forEach((x, i) => expect(x).toBeCloseTo(expected[i]!, 9));
        },
      ),
    );
  });
});
