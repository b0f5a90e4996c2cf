import { inTx, withNow, type DataContext, type ServiceContext } from '@server/context';
import { AppError, badRequest } from '@server/errors';
import { calendarDays, monthBounds } from '@shared/domain/calendar';
import { addLocalDays } from '@shared/domain/dates';
import {
  countText,
  milestoneFloor,
  streakLengthText,
  type Milestone,
  applyCheckIn,
  applyDecline,
  applyRecovery,
  applyShieldGrant,
  applyShieldRevoke,
  initialStreakState,
  recoveryAvailable,
  recoveryOfferLastDay,
  rememberSnapshot,
  replay,
  SNAPSHOT_KEEP_DAYS,
  settle,
  snapshotBefore,
  StreakRuleError,
  todayOf,
  NO_REST_DAYS,
  type RestDates,
  type StepResult,
  type StreakSnapshot,
  type StreakState,
  initialStrength,
  overallStrength,
  replaceStrengthScores,
  rewindStrength,
  strengthAfterStep,
  strengthHistory,
  strengthValues,
  type StrengthFoldedDay,
  type StrengthState,
} from '@shared/domain/streak-engine';
import { rewardAtMilestone, type MilestoneReward } from '@shared/domain/trials';
import type { CalendarDay, LedgerEntry, RestDaysView } from '@shared/schemas/streaks';
import { restDayAllowance, restDayCancelBlocker, validateRestDayPlan, yearOf } from '@shared/domain/rest-days';
import { AREAS } from '@shared/domain/scoring';
import type { StrengthResponse } from '@shared/schemas/insights';
import type { PaymentEffects, PaymentSucceeded } from '@server/events';
import type { z } from 'zod';
import type { celebrationSchema, milestoneRewardSchema } from '@shared/schemas/check-ins';
import * as repo from './repo';
import { frozenRows, ledgerRows, recoveredRows, rolloverDue, type GrantReason } from './repo';
import type { UserRow } from '@server/plugins/session';
import type { Db } from '@server/db/client';

export interface StepOptions {
  grantReason?: GrantReason;
  grantNote?: string;
  ref?: string | null;
  paymentRef?: string | null;
  /** Ledger reason override for developer actions. */
  developer?: string;
}

interface Locked {
  tz: string;
  row: repo.StreakRow;
  /** The user's rest days the step may settle (issue 28): those after the row's last settled date. */
  rest: RestDates;
}

/** A pure engine step for the user's today, given the rest days it may settle. */
type Step = (s: StreakState, today: string, rest: RestDates) => StepResult;

/** Whether a step on `today` (or a check-in on that date) settles any ended day of `row`, so needs the rest days. */
const settlesDays = (row: Pick<repo.StreakRow, 'lastProcessedDate'>, today: string) =>
  row.lastProcessedDate !== null && row.lastProcessedDate < addLocalDays(today, -1);

/** The rest days a step on `today` may settle (none read when it settles nothing: the common check-in). */
async function restFor(db: Db, userId: string, row: repo.StreakRow, today: string): Promise<RestDates> {
  if (!settlesDays(row, today)) return NO_REST_DAYS;
  return new Set(await repo.restDates(db, userId, row.lastProcessedDate, addLocalDays(today, -1)));
}

export interface StepOutcome extends StepResult {
  before: StreakState;
  today: string;
  tz: string;
}

/** A step's writes, computed (planStep) before any is made (persistSteps: one statement per table for many users). */
interface PlannedStep extends StepOutcome {
  userId: string;
  now: Date;
  snapshots: StreakSnapshot[];
  opts: StepOptions;
  /** Issue 28: the strength state after the step, and the settled days it folded (stored for the history). */
  strength: StrengthState;
  folded: StrengthFoldedDay[];
}

/** The area scores of a check-in the step counted (by date); steps that count none never ask. */
type ScoresOf = (date: string) => readonly number[];
const NO_SCORES: ScoresOf = () => AREAS.map(() => 0);

/** Applies a pure engine step to a locked state row for the user's today (`now` in `tz`): nothing is written. */
function planStep(userId: string, now: Date, { tz, row, rest }: Locked, step: Step, opts: StepOptions, scoresOf: ScoresOf = NO_SCORES): PlannedStep {
  const before = repo.rowToState(row);
  const today = todayOf(now, tz);
  const { state, events } = step(before, today, rest);
  // Decision 022: remember the state before each settlement, so a late offline check-in can replay from it.
  const snapshots = rememberSnapshot(row.recentStates ?? [], before, state, today, now);
  // Issue 28: every day the step settled moves the strength score (O(1) each).
  const folded: StrengthFoldedDay[] = [];
  const strength = strengthAfterStep(row.strength ?? initialStrength(), before, { state, events }, scoresOf, folded);
  return { userId, now, before, state, events, today, tz, snapshots, opts, strength, folded };
}

const strengthRows = (userId: string, folded: readonly StrengthFoldedDay[]) => folded.map((f) => ({ userId, date: f.date, areas: f.values }));

/**
 * Writes planned steps (of distinct users, their rows locked): the states and their ledger rows (one statement),
 * then the frozen and recovered dates (when a step has any).
 */
async function persistSteps(tx: Db, steps: PlannedStep[]): Promise<void> {
  if (!steps.length) return;
  await repo.saveStatesWithLedger(
    tx,
    steps.map((p) => ({
      userId: p.userId,
      state: p.state,
      tz: p.tz,
      nextRolloverAt: rolloverDue(p.state, p.tz),
      recentStates: p.snapshots,
      strength: p.strength,
      updatedAt: p.now,
    })),
    steps.flatMap((p) =>
      ledgerRows(p.before, p.events, { userId: p.userId, now: p.now, grantReason: p.opts.grantReason, grantNote: p.opts.grantNote, ref: p.opts.ref }),
    ),
  );
  await repo.insertFrozenDays(tx, steps.flatMap((p) => frozenRows(p.userId, p.events, p.now)));
  await repo.insertRecoveredDays(tx, steps.flatMap((p) => recoveredRows(p.userId, p.events, p.now, p.opts.paymentRef ?? null)));
  const folded = steps.flatMap((p) => strengthRows(p.userId, p.folded));
  if (folded.length) await repo.insertStrengthDays(tx, folded);
}

/**
 * The one write path: lock the user's state row, apply a pure engine step for the user's today, persist the
 * new state with its frozen/recovered dates and ledger rows. Call inside a transaction (`tx` from `inTx`).
 */
export async function applyStep(
  { db: tx, now: clock }: DataContext,
  userId: string,
  step: Step,
  opts: StepOptions = {},
): Promise<StepOutcome> {
  const now = clock();
  const tz = await repo.findUserZone(tx, userId);
  const row = await repo.lockState(tx, userId, tz);
  const rest = await restFor(tx, userId, row, todayOf(now, tz));
  const planned = planStep(userId, now, { tz, row, rest }, step, opts);
  await persistSteps(tx, [planned]);
  const { before, state, events, today } = planned;
  return { before, state, events, today, tz };
}

/** Settles missed days (lazily, on read) when the stored state lags behind the user's today or zone. */
export async function settleNow(ctx: DataContext, userId: string): Promise<StreakState> {
  return (await settledWithZone(ctx, userId)).state;
}

/** settleNow, with the user's timezone it read (one read each for zone and state when nothing is due). */
async function settledWithZone(ctx: DataContext, userId: string): Promise<{ state: StreakState; tz: string }> {
  const [tz, row] = await Promise.all([repo.findUserZone(ctx.db, userId), repo.findState(ctx.db, userId)]);
  const today = todayOf(ctx.now(), tz);
  if (row && row.timezone === tz && row.lastProcessedDate !== null && row.lastProcessedDate >= addLocalDays(today, -1)) {
    return { state: repo.rowToState(row), tz };
  }
  const r = await inTx(ctx, (tx) => applyStep(tx, userId, settle));
  return { state: r.state, tz };
}

/**
 * GET /api/insights/strength (issue 28): the stored strength state after settling what has ended (the same lazy
 * settle as every read), with its 90-day history: the stored folded days plus the recent ones. O(90), no replay.
 */
export async function strengthOf(ctx: DataContext, userId: string): Promise<StrengthResponse> {
  await settleNow(ctx, userId);
  const st = (await repo.findState(ctx.db, userId))?.strength ?? initialStrength();
  const older = await repo.strengthDays(ctx.db, userId, st.recent[0]?.date ?? null);
  const byArea = (values: readonly number[]) => Object.fromEntries(AREAS.map((a, i) => [a, values[i] ?? 0])) as StrengthResponse['areas'];
  const now = strengthValues(st);
  return {
    overall: overallStrength(now),
    areas: byArea(now),
    history: strengthHistory(st, older).map((h) => ({ date: h.date, overall: overallStrength(h.values), areas: byArea(h.values) })),
  };
}

/** A check-in written in the caller's transaction (the check-ins service's batch): what the streak steps by. */
export interface RecordedCheckIn {
  userId: string;
  /** The check-in's local date (YYYY-MM-DD) in the user's timezone at submission: the day that counts. */
  localDate: string;
  /** The user's zone as the check-in read it under the user's lock (read again when absent). */
  timezone?: string;
  now: Date;
  /** true when the row was created, false when today's check-in was replaced. */
  isNew: boolean;
  /** Issue 28: its area scores (AREAS order, 0–1), as written: a new one's day enters the strength score, an edit replaces it. */
  scores: readonly number[];
}

/** What the streak's step answers for a check-in (the check-in's answer carries it). */
export interface CheckInEffects {
  celebration?: z.infer<typeof celebrationSchema> | null;
  milestoneReward?: z.infer<typeof milestoneRewardSchema> | null;
  /** The streak after this check-in (issue 30: the moment after a check-in shows it and celebrates by it). */
  currentStreak?: number | null;
}

/** Whether the user can still claim a milestone reward (the rewards service's rule, passed in by the check-ins service). */
export type RewardClaimable = (tx: DataContext, userId: string, reward: MilestoneReward) => Promise<boolean>;

/**
 * The check-in's streak step, called by the check-ins service inside its transaction (decision 013) for every check-in
 * of one transaction at once (a batch: one user each). The state rows are locked in one statement, each new check-in
 * is one pure engine step, and the steps are written together; a late offline check-in (a settled date) is replayed
 * on its own. The rewards rule comes in as `rewardClaimable`, so this module does not depend on rewards (which depends
 * on it). Answers each check-in's effects, in order.
 */
export async function onCheckIns(
  tx: DataContext,
  events: readonly RecordedCheckIn[],
  rewardClaimable: RewardClaimable,
): Promise<CheckInEffects[]> {
  const fresh = events.filter((e) => e.isNew);
  // Issue 28: the area scores of the batch's check-ins, as written (nothing read): a new one's day enters the strength
  // score, an edited one replaces its day's scores.
  const scores = new Map(events.map((e) => [`${e.userId}|${e.localDate}`, e.scores]));
  const edited = events.filter((e) => !e.isNew && !fresh.some((f) => f.userId === e.userId));
  if (edited.length) await replaceEditedScores(tx, edited);
  if (!fresh.length) return events.map(() => ({}));
  // The zone is the check-in's: the check-ins service read it from the user's row under the user's lock.
  const zones = new Map<string, string>();
  for (const e of fresh) zones.set(e.userId, e.timezone ?? (await repo.findUserZone(tx.db, e.userId)));
  const rows = await repo.lockStates(tx.db, [...zones].map(([userId, tz]) => ({ userId, tz })));
  // Issue 28: a check-in on a rest day counts as usual and gives the rest day back (deleted, so it is no longer listed
  // nor counted against the allowance; a late offline one gives back a rest day already used).
  // Only a check-in dated on or before the user's last rest day can be on one (usually none: no statement).
  const onRest = fresh.filter((e) => e.localDate <= (rows.get(e.userId)!.lastRestDay ?? ''));
  const returned = await repo.deleteRestDays(tx.db, onRest.map((e) => ({ userId: e.userId, date: e.localDate })));
  // The rest days the steps settle: read only for users whose check-in settles ended days (one query).
  const settling = fresh.filter((e) => settlesDays(rows.get(e.userId)!, e.localDate) || e.localDate <= (rows.get(e.userId)!.lastProcessedDate ?? ''));
  const from = settling.reduce<string | null>((m, e) => {
    const lp = rows.get(e.userId)!.lastProcessedDate;
    const d = lp && e.localDate <= lp ? addLocalDays(e.localDate, -SNAPSHOT_KEEP_DAYS) : lp;
    return d && (m === null || d < m) ? d : m;
  }, null);
  const restOf = settling.length ? await repo.restDatesOf(tx.db, [...new Set(settling.map((e) => e.userId))], from) : new Map<string, Set<string>>();
  const milestones = new Map<string, Milestone>();
  const steps: PlannedStep[] = [];
  for (const e of fresh) {
    const locked = { tz: zones.get(e.userId)!, row: rows.get(e.userId)!, rest: restOf.get(e.userId) ?? NO_REST_DAYS };
    const corrected = await correctLateCheckIn(withNow(tx, e.now), e.userId, e.localDate, locked, scores);
    if (corrected) {
      if (corrected.milestone) milestones.set(e.userId, corrected.milestone);
      continue;
    }
    // The check-in's own local date (fixed at submission) is the day that counts.
    const scoresOf = (d: string) => scores.get(`${e.userId}|${d}`) ?? NO_SCORES(d);
    const step = planStep(e.userId, e.now, locked, (s, _today, rest) => applyCheckIn(s, e.localDate, rest), {}, scoresOf);
    const reached = step.events.find((x) => x.type === 'check-in');
    if (reached?.type === 'check-in' && reached.milestone) milestones.set(e.userId, reached.milestone);
    steps.push(step);
  }
  await persistSteps(tx.db, steps);
  if (returned.length) {
    const stateOf = new Map(steps.map((p) => [p.userId, p.state]));
    const at = events[0]?.now ?? tx.now();
    await repo.insertLedger(
      tx.db,
      await Promise.all(
        returned.map(async (r) => {
          const st = stateOf.get(r.userId) ?? repo.rowToState((await repo.findState(tx.db, r.userId))!);
          return {
            userId: r.userId,
            date: r.date,
            reason: 'rest-day-returned' as const,
            description: `Checked in on your rest day ${r.date}: the rest day is given back`,
            currentStreak: st.currentStreak,
            freezeDaysRemaining: st.freezeDaysRemaining,
            createdAt: new Date(at.getTime() + 5),
            ref: null,
          };
        }),
      ),
    );
  }
  const out: CheckInEffects[] = [];
  const streakAfter = new Map(steps.map((p) => [p.userId, p.state.currentStreak]));
  for (const e of events) {
    const milestone = e.isNew ? milestones.get(e.userId) : undefined;
    const effects = milestone ? await celebrate(withNow(tx, e.now), e.userId, milestone, rewardClaimable) : {};
    // A late check-in's replay (decision 022) says no streak here: the client then reads it from GET /api/streak.
    out.push(e.isNew && streakAfter.has(e.userId) ? { ...effects, currentStreak: streakAfter.get(e.userId)! } : effects);
  }
  return out;
}

/**
 * Issue 28: today's check-in edited (an edit replaces its day's v): the strength state of each user takes the new area
 * scores for that date when the day is still recent. Only the strength is locked, read and written: nothing else changes.
 */
async function replaceEditedScores(tx: DataContext, edited: readonly RecordedCheckIn[]): Promise<void> {
  const stored = await repo.lockStrengths(tx.db, edited.map((e) => e.userId));
  const saved: { userId: string; strength: StrengthState; updatedAt: Date }[] = [];
  for (const e of edited) {
    const st = stored.get(e.userId);
    if (!st?.recent.some((d) => d.date === e.localDate)) continue;
    saved.push({ userId: e.userId, strength: replaceStrengthScores(st, e.localDate, e.scores), updatedAt: e.now });
  }
  await repo.saveStrengths(tx.db, saved);
}

/** The celebration of a milestone a check-in reached (live, or a late offline one replayed), with its reward if claimable. */
async function celebrate(tx: DataContext, userId: string, milestone: Milestone, rewardClaimable: RewardClaimable): Promise<CheckInEffects> {
  const earned = rewardAtMilestone(milestone.days);
  // The claim card is offered only when the reward is still claimable (premium users get only the 100-day one).
  const reward = earned && (await rewardClaimable(tx, userId, earned)) ? earned : undefined;
  return {
    celebration: {
      type: 'milestone',
      milestone: milestone.days,
      message: `${milestone.emoji} ${milestone.name}! You reached a ${streakLengthText(milestone.days, milestone.label)} streak.`,
      features: reward ? [...reward.features] : [],
    },
    milestoneReward: reward ? { rewardType: reward.rewardType, milestone: milestone.days } : null,
  };
}

/**
 * Decision 022: a new check-in on a date the rollover already settled (an offline check-in that reached the
 * server after its midnight). Replays the engine from the snapshot taken before that date was settled, with
 * every check-in since (this one included), up to today; the frozen dates follow the replay (a shield used
 * for the date comes back, a break is undone) and the ledger gets the check-in and an 'offline-correction'
 * row saying what changed. When something other than check-ins and rollovers touched the streak since
 * (a recovery, a decline, a grant, a developer action) the replay could not reproduce it: the check-in then
 * stays in the history and the ledger says the streak was left as it was.
 * Returns false when the date is not settled yet (the ordinary check-in path applies); otherwise the milestone
 * the replay reached that the user had not reached before (it is celebrated as a live check-in's would be).
 */
async function correctLateCheckIn(
  { db: tx, now: clock }: DataContext,
  userId: string,
  date: string,
  { tz, row, rest }: Locked,
  scores: ReadonlyMap<string, readonly number[]>,
): Promise<false | { milestone: Milestone | null }> {
  const now = clock();
  const before = repo.rowToState(row);
  if (before.lastProcessedDate === null || date > before.lastProcessedDate) return false;
  const today = todayOf(now, tz);
  const snap = snapshotBefore(row.recentStates ?? [], date);
  const base = { userId, date, createdAt: now, ref: null };
  if (!snap || (await repo.hasOtherLedgerSince(tx, userId, new Date(snap.at)))) {
    await repo.insertLedger(tx, [
      {
        ...base,
        reason: 'offline-correction',
        description: `Offline check-in for ${date} saved after the day was settled; the streak was left as it was (it changed in other ways since)`,
        currentStreak: before.currentStreak,
        freezeDaysRemaining: before.freezeDaysRemaining,
      },
    ]);
    return { milestone: null };
  }
  const from = snap.state;
  const dates = [...(await repo.checkInDatesAfter(tx, userId, from.lastProcessedDate)), date];
  const { state, events } = replay(from, dates, today, rest);
  // Issue 28: the strength follows the correction: its days from the snapshot's on are replaced by the replay's.
  const settledFromDate = from.lastProcessedDate ? addLocalDays(from.lastProcessedDate, 1) : date;
  const rewound = rewindStrength(row.strength ?? initialStrength(), settledFromDate);
  const missing = dates.filter((d) => !scores.has(`${userId}|${d}`)).map((d) => ({ userId, date: d }));
  const more = await repo.areaScoresOf(tx, missing);
  const scoresOf = (d: string) => scores.get(`${userId}|${d}`) ?? more.get(`${userId}|${d}`) ?? NO_SCORES(d);
  const folded: StrengthFoldedDay[] = [];
  const strength = rewound ? strengthAfterStep(rewound, from, { state, events }, scoresOf, folded) : row.strength;
  if (folded.length) await repo.insertStrengthDays(tx, strengthRows(userId, folded));
  // The streak right after the late date's check-in (for its calendar entry).
  const upTo = replay(from, dates.filter((d) => d <= date), addLocalDays(date, 1), rest).state;

  const settledFrom = from.lastProcessedDate ? addLocalDays(from.lastProcessedDate, 1) : date;
  const oldFrozen = await repo.frozenDates(tx, userId, settledFrom, today);
  const newFrozen = new Set(events.filter((e) => e.type === 'shield-used').map((e) => e.date));
  await repo.deleteFrozenDays(tx, userId, oldFrozen.filter((d) => !newFrozen.has(d)));
  await repo.insertFrozenDays(tx, [...newFrozen].map((d) => ({ userId, date: d, createdAt: now })));

  // Snapshots taken after the date was settled described a history that no longer holds.
  const snapshots = (row.recentStates ?? []).filter((s) => (s.state.lastProcessedDate ?? '') < date);
  await repo.saveStates(tx, [{ userId, state, tz, nextRolloverAt: rolloverDue(state, tz), recentStates: snapshots, strength, updatedAt: now }]);

  const shields = state.freezeDaysRemaining - before.freezeDaysRemaining;
  const streak = state.currentStreak - before.currentStreak;
  const changes = [
    shields > 0 ? `${countText(shields, 'shield')} returned` : '',
    streak > 0 ? `streak break undone, back to ${countText(state.currentStreak, 'day')}` : '',
  ].filter(Boolean);
  await repo.insertLedger(tx, [
    {
      ...base,
      reason: 'check-in',
      description: `Checked in offline: ${streakLengthText(upTo.currentStreak)} streak`,
      streakDelta: 1,
      currentStreak: upTo.currentStreak,
      freezeDaysRemaining: upTo.freezeDaysRemaining,
    },
    {
      ...base,
      createdAt: new Date(now.getTime() + 1),
      reason: 'offline-correction',
      description: `Offline check-in for ${date} arrived after the day was settled${changes.length ? `: ${changes.join(', ')}` : ''}`,
      streakDelta: streak,
      shieldsDelta: shields,
      currentStreak: state.currentStreak,
      freezeDaysRemaining: state.freezeDaysRemaining,
    },
  ]);
  // A milestone the replay reached above the user's checkpoint was never reached (nor celebrated) live.
  const reached = events.flatMap((e) => (e.type === 'check-in' && e.milestone && e.milestone.days > before.checkpoint ? [e.milestone] : []));
  return { milestone: reached.reduce<Milestone | null>((m, x) => (!m || x.days > m.days ? x : m), null) };
}

// ---------------------------------------------------------------------------------------------------------
// Functions other modules (payments, subscriptions) call. All take a transaction's context (from inTx).
// ---------------------------------------------------------------------------------------------------------

/** Adds n shields and records why. With a ref (e.g. a payment id) the grant happens at most once. */
export async function grantShields(
  tx: DataContext,
  userId: string,
  n: number,
  reason: GrantReason,
  opts: { ref?: string; note?: string } = {},
): Promise<{ granted: boolean; freezeDaysRemaining: number }> {
  // Lock the state row before looking for the reference: concurrent fulfilments of one payment then see each other.
  if (opts.ref) await repo.lockState(tx.db, userId, await repo.findUserZone(tx.db, userId));
  if (opts.ref && (await repo.ledgerHasRef(tx.db, userId, reason, opts.ref))) {
    const row = await repo.findState(tx.db, userId);
    return { granted: false, freezeDaysRemaining: row?.freezeDaysRemaining ?? 0 };
  }
  const r = await applyStep(tx, userId, (s, today, rest) => applyShieldGrant(s, today, n, rest), {
    grantReason: reason,
    grantNote: opts.note,
    ref: opts.ref ?? null,
  });
  return { granted: true, freezeDaysRemaining: r.state.freezeDaysRemaining };
}

/**
 * A shield purchase was refunded: the shield is taken back if the user still holds one (never below zero), once per
 * payment reference. Answers whether one was taken.
 */
export async function revokePurchasedShield(tx: DataContext, userId: string, paymentRef: string): Promise<{ revoked: boolean }> {
  await repo.lockState(tx.db, userId, await repo.findUserZone(tx.db, userId)); // before the reference check (see grantShields)
  if (await repo.ledgerHasRef(tx.db, userId, 'refund', paymentRef)) return { revoked: false };
  const r = await applyStep(tx, userId, (s, today) => applyShieldRevoke(s, today, 1), { ref: paymentRef });
  return { revoked: r.events.some((e) => e.type === 'shields-revoked') };
}

/** Paid recovery (fulfilled by the payments module once per payment reference). */
export async function recoverStreakPaid(
  tx: DataContext,
  userId: string,
  paymentRef: string,
): Promise<{ recovered: boolean; currentStreak: number }> {
  await repo.lockState(tx.db, userId, await repo.findUserZone(tx.db, userId)); // before the reference check (see grantShields)
  if (await repo.ledgerHasRef(tx.db, userId, 'recovery', paymentRef)) {
    const row = await repo.findState(tx.db, userId);
    return { recovered: false, currentStreak: row?.currentStreak ?? 0 };
  }
  const r = await applyStepOr400(tx, userId, (s, today, rest) => applyRecovery(s, today, 'paid', rest), {
    ref: paymentRef,
    paymentRef,
  });
  return { recovered: true, currentStreak: r.state.currentStreak };
}

/**
 * An in-transaction consumer of `payment.succeeded` (app.ts): a shield purchase adds one shield, a paid
 * recovery restores the lost streak, each once per payment id. A recovery whose offer closed between checkout and
 * payment answers a note (the engine refused before writing anything); the payment stays recorded.
 */
export async function onPaymentSucceeded(tx: DataContext, e: PaymentSucceeded): Promise<PaymentEffects> {
  if (e.productType === 'freeze_day') {
    await grantShields(tx, e.userId, 1, 'purchase', { ref: e.providerId, note: 'Shield purchase' });
  } else if (e.productType === 'streak_recovery') {
    try {
      await recoverStreakPaid(tx, e.userId, e.providerId);
    } catch (err) {
      if (!(err instanceof AppError) || err.statusCode !== 400) throw err;
      return {
        note: `Your payment was received, but your streak could not be recovered: ${err.message}. Please contact support for a refund.`,
      };
    }
  }
  return {};
}

async function applyStepOr400(
  tx: DataContext,
  userId: string,
  step: Step,
  opts: StepOptions = {},
) {
  try {
    return await applyStep(tx, userId, step, opts);
  } catch (e) {
    if (e instanceof StreakRuleError) throw badRequest(e.message);
    throw e;
  }
}

// ---------------------------------------------------------------------------------------------------------
// Reads and user actions
// ---------------------------------------------------------------------------------------------------------

export async function recoveryStatus(ctx: ServiceContext, userId: string) {
  const now = ctx.now();
  const s = await settleNow(withNow(ctx, now), userId);
  const today = todayOf(now, await repo.findUserZone(ctx.db, userId));
  const available = recoveryAvailable(s, today);
  return { available: available ? 1 : 0, lostStreakValue: available ? s.lostStreakValue! : 0, offerEndsOn: recoveryOfferLastDay(s, today) };
}

export async function recoverWithShield(ctx: ServiceContext, userId: string) {
  const r = await inTx(ctx, (tx) => applyStepOr400(tx, userId, (s, today, rest) => applyRecovery(s, today, 'shield', rest)));
  return {
    message: 'Your streak has been restored using a freeze day.',
    currentStreak: r.state.currentStreak,
    freezeDaysRemaining: r.state.freezeDaysRemaining,
  };
}

export async function declineRecovery(ctx: ServiceContext, userId: string) {
  await inTx(ctx, (tx) => applyStep(tx, userId, applyDecline));
  return { message: 'You have a fresh start' };
}

export async function frozenDays(ctx: ServiceContext, userId: string) {
  await settleNow(ctx, userId);
  return { frozenDays: await repo.frozenDates(ctx.db, userId) };
}

export async function recoveryPayments(ctx: ServiceContext, userId: string) {
  return { recoveryDates: await repo.recoveredDates(ctx.db, userId) };
}

export async function ledger(ctx: ServiceContext, userId: string, limit = 200): Promise<{ entries: LedgerEntry[] }> {
  await settleNow(ctx, userId);
  const rows = await repo.ledgerPage(ctx.db, userId, limit);
  return {
    entries: rows.map((r) => ({
      id: r.id,
      date: r.date,
      createdAt: r.createdAt.toISOString(),
      reason: r.reason,
      description: r.description,
      streakDelta: r.streakDelta,
      shieldsDelta: r.shieldsDelta,
      currentStreak: r.currentStreak,
      freezeDaysRemaining: r.freezeDaysRemaining,
    })),
  };
}

/** The month's days with their state (spec part 1 §4.4), in the user's timezone (the rule: shared/domain/calendar). */
export async function calendar(
  ctx: ServiceContext,
  user: { id: string; timezone: string; checkInTime: string; createdAt: Date },
  month: string,
): Promise<{ month: string; today: string; days: CalendarDay[] }> {
  const now = ctx.now();
  await settleNow(withNow(ctx, now), user.id);
  const { first, last } = monthBounds(month);
  const [checkIns, frozen, recovered, firstCheckIn, rest] = await Promise.all([
    repo.checkInDates(ctx.db, user.id, first, last),
    repo.frozenDates(ctx.db, user.id, first, last),
    repo.recoveredDates(ctx.db, user.id, first, last),
    repo.firstCheckInDate(ctx.db, user.id),
    repo.restDates(ctx.db, user.id, addLocalDays(first, -1), last),
  ]);
  const { today, days } = calendarDays({
    month,
    now,
    timezone: user.timezone,
    checkInTime: user.checkInTime,
    registeredAt: user.createdAt,
    checkIns,
    frozen,
    recovered,
    rest,
    firstCheckIn,
  });
  return { month, today, days };
}

// ---------------------------------------------------------------------------------------------------------
// Rest days (issue 28): the rules are shared/domain/rest-days.ts; the engine reads the rows when it settles a day.
// ---------------------------------------------------------------------------------------------------------

/** The answer of the rest-day routes for the user's `today` (this year's rest days and the planned ones). */
async function restDaysAnswer(db: Db, userId: string, today: string): Promise<RestDaysView> {
  const kept = await repo.restDates(db, userId, addLocalDays(`${yearOf(today)}-01-01`, -1));
  return { restDays: kept, ...restDayAllowance(kept, today) };
}

/** Every rest day the user holds (used and planned), ascending: the data export's `restDays`. */
export async function allRestDays(ctx: ServiceContext, userId: string): Promise<string[]> {
  return repo.restDates(ctx.db, userId);
}

/** GET /api/streak/rest-days. */
export async function restDays(ctx: ServiceContext, user: Pick<UserRow, 'id' | 'timezone'>): Promise<RestDaysView> {
  return restDaysAnswer(ctx.db, user.id, todayOf(ctx.now(), user.timezone));
}

/**
 * POST /api/streak/rest-days: plans every date or none. The user's streak-state row is locked first, so two
 * concurrent plans are counted one after the other and never exceed the allowance.
 */
export async function planRestDays(ctx: ServiceContext, userId: string, dates: readonly string[]): Promise<RestDaysView> {
  return inTx(ctx, async ({ db: tx, now: clock }) => {
    const now = clock();
    const tz = await repo.findUserZone(tx, userId);
    const row = await repo.lockState(tx, userId, tz);
    const today = todayOf(now, tz);
    const kept = await repo.restDates(tx, userId, addLocalDays(`${yearOf(today)}-01-01`, -1));
    const why = validateRestDayPlan(dates, today, kept);
    if (why) throw badRequest(why);
    const sorted = [...dates].sort();
    await repo.insertRestDays(tx, sorted.map((date) => ({ userId, date, createdAt: now })));
    await repo.insertLedger(
      tx,
      sorted.map((date, i) => ({
        userId,
        date,
        reason: 'rest-day-planned' as const,
        description: `Rest day planned for ${date}`,
        currentStreak: row.currentStreak,
        freezeDaysRemaining: row.freezeDaysRemaining,
        createdAt: new Date(now.getTime() + i),
        ref: null,
      })),
    );
    return restDaysAnswer(tx, userId, today);
  });
}

/** DELETE /api/streak/rest-days/{date}: 404 when it is not a rest day, 409 once it has started. */
export async function cancelRestDay(ctx: ServiceContext, userId: string, date: string): Promise<RestDaysView> {
  return inTx(ctx, async ({ db: tx, now: clock }) => {
    const now = clock();
    const tz = await repo.findUserZone(tx, userId);
    const row = await repo.lockState(tx, userId, tz);
    const today = todayOf(now, tz);
    const blocked = restDayCancelBlocker(date, today, await repo.restDates(tx, userId, addLocalDays(date, -1), date));
    if (blocked) throw new AppError(blocked.status, blocked.message);
    await repo.deleteRestDays(tx, [{ userId, date }]);
    await repo.insertLedger(tx, [
      {
        userId,
        date,
        reason: 'rest-day-cancelled',
        description: `Rest day on ${date} cancelled`,
        currentStreak: row.currentStreak,
        freezeDaysRemaining: row.freezeDaysRemaining,
        createdAt: now,
        ref: null,
      },
    ]);
    return restDaysAnswer(tx, userId, today);
  });
}

// ---------------------------------------------------------------------------------------------------------
// Developer tools (the routes exist only with DEV_TOOLS on)
// ---------------------------------------------------------------------------------------------------------

function devStep(tx: DataContext, userId: string, description: string, edit: (s: StreakState, today: string) => StreakState) {
  const now = tx.now();
  return applyStep(tx, userId, (s, today, rest) => ({ state: edit(settle(s, today, rest).state, today), events: [] })).then(async (r) => {
    await repo.insertLedger(tx.db, [
      {
        userId,
        date: r.today,
        reason: 'developer',
        description,
        streakDelta: r.state.currentStreak - r.before.currentStreak,
        shieldsDelta: r.state.freezeDaysRemaining - r.before.freezeDaysRemaining,
        currentStreak: r.state.currentStreak,
        freezeDaysRemaining: r.state.freezeDaysRemaining,
        createdAt: now,
      },
    ]);
    return r;
  });
}

/** Streak N as of yesterday (yesterday counts as checked in), so a check-in today makes N+1. */
export async function devSetStreak(ctx: ServiceContext, userId: string, days: number) {
  const r = await inTx(ctx, (tx) =>
    devStep(tx, userId, `Developer: streak set to ${days}`, (s, today) => ({
      ...initialStreakState(),
      freezeDaysRemaining: s.freezeDaysRemaining,
      freezeDaysUsed: s.freezeDaysUsed,
      currentStreak: days,
      bestStreak: days,
      checkpoint: milestoneFloor(days),
      lastCompletedDate: days > 0 ? addLocalDays(today, -1) : null,
      lastProcessedDate: addLocalDays(today, -1),
    })),
  );
  return { message: `Streak set to ${days} days`, currentStreak: r.state.currentStreak };
}

export async function devResetStreak(ctx: ServiceContext, userId: string) {
  await inTx(ctx, (tx) =>
    devStep(tx, userId, 'Developer: streak reset', (s, today) => ({
      ...initialStreakState(),
      freezeDaysRemaining: s.freezeDaysRemaining,
      freezeDaysUsed: s.freezeDaysUsed,
      lastProcessedDate: addLocalDays(today, -1),
    })),
  );
  return { message: 'Streak reset', currentStreak: 0 };
}

/** A streak of `lostDays` lost yesterday (recoverable when 7+). */
export async function devCreateLostStreak(ctx: ServiceContext, userId: string, lostDays: number) {
  const r = await inTx(ctx, (tx) =>
    devStep(tx, userId, `Developer: created a lost streak of ${lostDays} days`, (s, today) => ({
      ...s,
      currentStreak: s.checkpoint,
      lastProcessedDate: addLocalDays(today, -1),
      lostStreakValue: lostDays,
      lostDate: addLocalDays(today, -1),
      rebuiltDays: 0,
      gapDates: lostDays >= 7 ? [addLocalDays(today, -1)] : [],
      recoveryState: lostDays >= 7 ? 'available' : 'none',
      bestStreak: Math.max(s.bestStreak, lostDays),
    })),
  );
  return { message: `Created a lost streak of ${lostDays} days`, lostStreakValue: r.state.lostStreakValue ?? lostDays };
}

export async function devResetFreezeDays(ctx: ServiceContext, userId: string, freezeDays: number) {
  const r = await inTx(ctx, (tx) =>
    devStep(tx, userId, `Developer: shields set to ${freezeDays}`, (s) => ({ ...s, freezeDaysRemaining: freezeDays })),
  );
  return { message: `Shields set to ${freezeDays}`, freezeDaysRemaining: r.state.freezeDaysRemaining };
}

/** Yesterday becomes a frozen day protected by a shield (one is added first when none are left). */
export async function devSimulateShieldProtection(ctx: ServiceContext, userId: string) {
  const r = await inTx(ctx, async (tx) => {
    const out = await devStep(tx, userId, 'Developer: simulated a shield protecting yesterday', (s) => ({
      ...s,
      freezeDaysRemaining: Math.max(s.freezeDaysRemaining, 1) - 1,
      freezeDaysUsed: s.freezeDaysUsed + 1,
    }));
    const yesterday = addLocalDays(out.today, -1);
    await repo.insertFrozenDays(tx.db, [{ userId, date: yesterday, createdAt: tx.now() }]);
    return { ...out, yesterday };
  });
  return {
    message: 'You have used one freeze day, so your streak is safe.',
    frozenDate: r.yesterday,
    freezeDaysRemaining: r.state.freezeDaysRemaining,
  };
}

// ---------------------------------------------------------------------------------------------------------
// The day rollover (jobs/rollover.ts calls this in its batch transaction)
// ---------------------------------------------------------------------------------------------------------

/**
 * Settles up to `limit` users whose rollover is due, inside the caller's transaction: their rows are locked with
 * FOR UPDATE SKIP LOCKED (so concurrent runners on other instances take other users), the missed days are decided
 * by the pure engine, and the new states, frozen dates and ledger rows are written in a few bulk statements.
 * Returns the users settled.
 */
export async function settleDueBatch({ db: tx, now: clock }: DataContext, limit: number): Promise<string[]> {
  const now = clock();
  const due = await repo.lockDueStates(tx, now, limit);
  if (!due.length) return [];
  // Users in one zone share today and their midnights: compute each once per batch.
  const todays = new Map<string, string>();
  const dues = new Map<string, Date | null>();
  const todayIn = (tz: string) => {
    let d = todays.get(tz);
    if (d === undefined) todays.set(tz, (d = todayOf(now, tz)));
    return d;
  };
  const dueOf = (state: StreakState, tz: string) => {
    if (state.currentStreak <= state.checkpoint) return null;
    const key = `${tz}|${state.lastProcessedDate}`;
    let d = dues.get(key);
    if (d === undefined) dues.set(key, (d = rolloverDue(state, tz)));
    return d;
  };
  const settled: repo.SettledState[] = [];
  const frozen: ReturnType<typeof frozenRows> = [];
  const ledger: repo.LedgerInsert[] = [];
  const strengthDays: ReturnType<typeof strengthRows> = [];
  // Issue 28: the batch's rest days after the earliest last settled date (one query).
  const from = due.reduce<string | null>((m, { row }) => (row.lastProcessedDate && (m === null || row.lastProcessedDate < m) ? row.lastProcessedDate : m), null);
  const restOf = await repo.restDatesOf(tx, due.map((d) => d.row.userId), from);
  for (const { row, tz } of due) {
    const before = repo.rowToState(row);
    const today = todayIn(tz);
    const { state, events } = settle(before, today, restOf.get(row.userId) ?? NO_REST_DAYS);
    // Decision 022: the state before this settlement, for a late offline check-in to replay from.
    const recentStates = rememberSnapshot(row.recentStates ?? [], before, state, today, now);
    // Issue 28: the days it settled (missed or kept: a rollover counts no check-in) move the strength score.
    const folded: StrengthFoldedDay[] = [];
    const strength = strengthAfterStep(row.strength ?? initialStrength(), before, { state, events }, NO_SCORES, folded);
    strengthDays.push(...strengthRows(row.userId, folded));
    settled.push({ userId: row.userId, state, tz, nextRolloverAt: dueOf(state, tz), recentStates, strength });
    frozen.push(...frozenRows(row.userId, events, now));
    ledger.push(...ledgerRows(before, events, { userId: row.userId, now }));
  }
  await repo.saveStates(tx, settled, now);
  for (let i = 0; i < frozen.length; i += 2000) await repo.insertFrozenDays(tx, frozen.slice(i, i + 2000));
  for (let i = 0; i < ledger.length; i += 1000) await repo.insertLedger(tx, ledger.slice(i, i + 1000));
  await repo.insertStrengthDays(tx, strengthDays);
  return due.map((d) => d.row.userId);
}

/** The last local date the streak engine settled (checked in, frozen, or missed), or null; read without settling. */
export async function settledThrough(ctx: DataContext, userId: string): Promise<string | null> {
  return (await repo.findState(ctx.db, userId))?.lastProcessedDate ?? null;
}

/**
 * Call after a user's timezone changed (PATCH /api/user/timezone): settles what ended in the old zone's view
 * and recomputes the next rollover from the new zone. Settled dates never move. (Reads also notice the
 * change lazily, so calling this is an optimisation, not a requirement.)
 */
export async function onTimezoneChanged(ctx: DataContext, userId: string): Promise<void> {
  const row = await repo.findState(ctx.db, userId);
  if (!row) return;
  await inTx(ctx, (tx) => applyStep(tx, userId, settle));
}
