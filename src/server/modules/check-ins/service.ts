import { createHash } from 'node:crypto';
import { inTx, withNow, type DataContext, type ServiceContext } from '@server/context';
import {
  IDEMPOTENCY_MESSAGES,
  OFFLINE_SYNC_HOURS,
  canChangeCheckInTime,
  decideCheckIn,
  hasJournalText,
  journalFieldsFrom,
  journalText,
  submissionDateOf,
} from '@shared/domain/check-in-rules';
import { rescheduleReminders } from '../notifications/service';
import { addLocalDays, localDateOf, zoneOrUtc } from '@shared/domain/dates';
import type { ImportCheckIn, ImportResult } from '@shared/schemas/account';
import {
  areaAverages,
  areaScoreKey,
  byAreaScoreKey,
  mean,
  normalizeStoredScore,
  overallScorePercent,
  type AreaScores,
  AREAS,
  type Area,
} from '@shared/domain/scoring';
import { hasAiCoach, tierChangeDue, type Tier } from '@shared/domain/tiers';
import { applyExpiry } from '@shared/domain/trials';
import { answerKindOf, type CorrelationDay } from '@shared/domain/correlations';
import {
  CHECK_IN_MESSAGES,
  JOURNAL_FIELDS,
  type CheckInResult,
  type CheckInSubmission,
  type HistoryResponse,
  type JournalEntryDto,
} from '@shared/schemas/check-ins';
import type { PublicUser } from '@shared/schemas/auth';
import type { Db } from '@server/db/client';
import { AppError, badRequest, forbidden, notFound } from '@server/errors';
import { type UserRow, toPublicUser } from '@server/plugins/session';
import * as repo from './repo';
import { withCurrentTier } from '../subscriptions/service';
import * as streaks from '../streaks/service';
import * as rewards from '../rewards/service';
import { useGenericPlans } from '@server/db/rows';
import { areaScoresOf, journalWithText, toCheckInDto, toJournalDto } from '../user-state/views';

/** The user's timezone, or UTC if the stored value is not a zone this runtime knows. */
export const userTimeZone = (user: Pick<UserRow, 'timezone'>): string =>
  zoneOrUtc(user.timezone);

export async function history(ctx: ServiceContext, user: UserRow, limit?: number): Promise<HistoryResponse> {
  const rows = await repo.listCheckIns(ctx.db, user.id);
  const all = rows.map(toCheckInDto);
  return {
    checkIns: limit ? all.slice(0, limit) : all,
    count: all.length,
    overallScore: overallScorePercent(all.map((c) => c.score)),
    areaAverages: areaAverages(rows.map(areaScoresOf)),
  };
}

/**
 * Writes journal fields of a check-in (fields not given are left as they are) and never leaves a journal row
 * without text: when none remains, the row is deleted. Run it inside a transaction. Returns the row as written.
 */
async function writeJournal(tx: Db, userId: string, checkInId: string, fields: repo.JournalFields, now: Date): Promise<repo.JournalRow> {
  const row = await repo.upsertJournal(tx, userId, checkInId, fields, now);
  if (!hasJournalText(row)) await repo.deleteJournal(tx, userId, checkInId);
  return row;
}

const UUID_RE = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export { IDEMPOTENCY_MESSAGES };

/** The Idempotency-Key header (decision 022): absent → undefined; anything but one UUID → 400. */
export function idempotencyKeyOf(header: string | string[] | undefined): string | undefined {
  if (header === undefined) return undefined;
  if (typeof header !== 'string' || !UUID_RE.test(header.trim())) throw badRequest(IDEMPOTENCY_MESSAGES.malformed);
  return header.trim().toLowerCase();
}

/**
 * sha256 of the request body, keys sorted, so a retry of the same submission hashes the same. `madeAt` is left
 * out: it says when the submission was made, not what it is (a client that queues a send whose answer was lost
 * retries it with the made-at instant of the first attempt).
 */
function requestHash(body: CheckInSubmission): string {
  const { madeAt: _madeAt, ...what } = body;
  const canonical = JSON.stringify(what, (_k, v: unknown) =>
    v && typeof v === 'object' && !Array.isArray(v) ? Object.fromEntries(Object.entries(v).sort(([a], [b]) => a.localeCompare(b))) : v,
  );
  return createHash('sha256').update(canonical).digest('hex');
}

type SubmitAnswer = CheckInResult & { created: boolean };

/** One POST /api/checkins waiting for its batch (see `recordCheckIns`). */
interface Submission {
  ctx: ServiceContext;
  /** The signed-in user (the lock reads their row as it stands, the tier too). */
  user: UserRow;
  body: CheckInSubmission;
  key: string | undefined;
}

/**
 * POST /api/checkins: creates today's check-in, or replaces it when one exists (inside the window only).
 * With `madeAt` (decision 022) the check-in counts for the date it was made on, up to 48 hours late; with an
 * idempotency key a retry answers the first answer again. Committed with the other submissions of the moment, in
 * one transaction (group commit: `recordCheckIns`); answered when it has committed.
 */
export async function submitCheckIn(ctx: ServiceContext, user: UserRow, body: CheckInSubmission, idempotencyKey?: string): Promise<SubmitAnswer> {
  const writer = writerFor(ctx);
  // One instant for the whole submission (its ctx.now()): the tier, the window, the rows and the streak step agree on it.
  return writer.submit({ ctx: withNow(ctx, ctx.now()), user, body, key: idempotencyKey });
}

/**
 * Group commit of the check-ins (issue 10, docs/decisions/030-group-commit-check-ins.md): concurrent submissions
 * (items) are handed to one `run` (`recordCheckIns`) together — one transaction, a few statements for all of them —
 * instead of a transaction each. Generic over the item only so that its tests (batch.test.ts) can drive it without a
 * database. Nothing waits for a timer: an item submitted while no batch runs starts one at once; `run` takes the waiting
 * items (`take()`) once its transaction has begun, so every item that arrived while it waited for a connection (or,
 * on PGlite, for the statements queued before it) joins it. A person's write is answered when its batch commits.
 *
 * - Items with the same key (the user) never share a batch nor run in two batches at once: each sees the one
 *   before it committed.
 * - `run` answers each item it took on its own (`{ ok }` or `{ error }`: a rule refused it; nothing of it was
 *   written). When `run` itself throws (its transaction failed: a deadlock, a constraint, a bug), no item of the batch
 *   was written, and each is run again alone, so only the one that fails again gets the error.
 */
export type Settled<O> = { ok: O } | { error: unknown };

interface GroupCommitOptions<I> {
  /** Items with the same key are never in one batch, nor in two batches at once. */
  keyOf(item: I): string;
  /** Most items in one batch. */
  maxBatch: number;
  /** Batches running at once. */
  concurrency: number;
  /** Told when a batch of several failed as a whole (before its items run again one at a time): for the log. */
  onBatchError?: (err: unknown, items: I[]) => void;
}

interface Pending<I, O> {
  item: I;
  resolve(value: O): void;
  reject(err: unknown): void;
}

export class GroupCommit<I, O> {
  private readonly queue: Pending<I, O>[] = [];
  private readonly busyKeys = new Set<string>();
  private running = 0;
  /** Batches started that have not taken their items yet: no other starts meanwhile (it would find them taken). */
  private starting = 0;

  constructor(
    private readonly run: (take: () => I[]) => Promise<Settled<O>[]>,
    private readonly opts: GroupCommitOptions<I>,
  ) {}

  /** Resolves with the item's answer once its batch has committed; rejects with its error. */
  submit(item: I): Promise<O> {
    return new Promise<O>((resolve, reject) => {
      this.queue.push({ item, resolve, reject });
      this.pump();
    });
  }

  /** Items waiting for a batch (for tests and diagnostics). */
  get waiting(): number {
    return this.queue.length;
  }

  private pump(): void {
    while (this.running < this.opts.concurrency && this.starting === 0 && this.queue.some((p) => !this.busyKeys.has(this.opts.keyOf(p.item)))) {
      this.running += 1;
      this.starting += 1;
      let batch: Pending<I, O>[] | null = null;
      const take = (): I[] => {
        if (batch) return batch.map((p) => p.item);
        this.starting -= 1;
        batch = this.take();
        return batch.map((p) => p.item);
      };
      void this.execute(take, () => batch).finally(() => {
        if (!batch) take(); // never taken (run failed first): answered in execute
        this.running -= 1;
        for (const p of batch ?? []) this.busyKeys.delete(this.opts.keyOf(p.item));
        this.pump();
      });
    }
  }

  /** The next batch: waiting items in arrival order, at most one per key, none whose key is running. */
  private take(): Pending<I, O>[] {
    const batch: Pending<I, O>[] = [];
    const rest: Pending<I, O>[] = [];
    for (const p of this.queue) {
      const key = this.opts.keyOf(p.item);
      if (batch.length < this.opts.maxBatch && !this.busyKeys.has(key)) {
        this.busyKeys.add(key);
        batch.push(p);
      } else {
        rest.push(p);
      }
    }
    this.queue.length = 0;
    this.queue.push(...rest);
    return batch;
  }

  private async execute(take: () => I[], taken: () => Pending<I, O>[] | null): Promise<void> {
    let answers: Settled<O>[];
    try {
      answers = await this.run(take);
    } catch (err) {
      // Failed before it took anything (no connection, BEGIN refused): what waits now gets the error, not a retry
      // loop against a database that is down.
      const batch = taken() ?? (take(), taken()!);
      if (batch.length === 1) {
        batch[0]!.reject(err);
        return;
      }
      // Nothing of the batch was written: each item again, alone, so one failure fails only its own item.
      this.opts.onBatchError?.(err, batch.map((p) => p.item));
      for (const p of batch) {
        try {
          settle(p, (await this.run(() => [p.item]))[0]);
        } catch (e) {
          p.reject(e);
        }
      }
      return;
    }
    (taken() ?? []).forEach((p, i) => settle(p, answers[i]));
  }
}

function settle<I, O>(p: Pending<I, O>, answer: Settled<O> | undefined): void {
  if (!answer) p.reject(new Error('group commit: the batch gave no answer for an item'));
  else if ('ok' in answer) p.resolve(answer.ok);
  else p.reject(answer.error);
}

/**
 * Submissions handed to one transaction (GroupCommit above): up to CHECK_IN_BATCH.maxBatch at once, one per user;
 * on PostgreSQL four batches at a time per instance (one is written while others are read and decided; measured: 9% → 12%
 * of the floor for edits against two), on PGlite one (it serves one statement at a time).
 */
export const CHECK_IN_BATCH = { maxBatch: 100, concurrency: { postgres: 4, pglite: 1 } } as const;
const writers = new WeakMap<Db, GroupCommit<Submission, SubmitAnswer>>();
function writerFor(ctx: ServiceContext): GroupCommit<Submission, SubmitAnswer> {
  let w = writers.get(ctx.db);
  // The app's database and clock (not a request's): the writer outlives the request that made it.
  const base: DataContext = { db: ctx.db, now: ctx.now };
  if (!w) {
    const opts = {
      keyOf: (s: Submission) => s.user.id,
      maxBatch: CHECK_IN_BATCH.maxBatch,
      concurrency: CHECK_IN_BATCH.concurrency[ctx.dbEngine],
      onBatchError: (err: unknown, subs: Submission[]) =>
        subs[0]?.ctx.log.warn({ err, submissions: subs.length }, 'a batch of check-ins failed as a whole: each runs again alone'),
    };
    writers.set(base.db, (w = new GroupCommit((take) => recordCheckIns(base, ctx.dbEngine, take), opts)));
  }
  return w;
}

/** A submission the rules accepted: the row to write and what its answer needs. */
interface Accepted {
  index: number;
  sub: Submission;
  user: UserRow;
  values: repo.NewCheckIn & { createdAt: Date; updatedAt: Date };
  journal: repo.JournalFields | undefined;
  hash: string;
  score: number;
}

/**
 * The tier in force at `now` from what the lock read: the stored tier with a trial's or paid period's due end applied
 * (shared/domain/trials `applyExpiry`, the rule `withCurrentTier` and the user-state read apply; nothing is written).
 */
function tierAt({ user, times }: repo.LockedUser, now: Date): Tier {
  return tierChangeDue(times, now) ? applyExpiry(user.tier, times, now).tier : user.tier;
}

/**
 * The rewards rule the streak's hook asks when a check-in reaches a milestone (streaks cannot import rewards, which
 * imports streaks): called then only, so an ordinary check-in runs no code of the rewards module.
 */
const rewardClaimable: streaks.RewardClaimable = (tx, userId, reward) => rewards.rewardClaimable(tx, userId, reward);

/**
 * The check-ins of several users (one submission each) in ONE transaction: their users' rows locked and read with
 * their latest check-ins and settled dates (one statement), their earlier answers to an Idempotency-Key (one); the rules
 * applied to each (a refusal is that submission's answer, and writes nothing); then the accepted rows written
 * together, the first-check-in flags, the streak's steps (streaks.onCheckIns: one statement per table), the reminders job
 * and the Idempotency-Key answers. Throws only when the transaction failed (nothing was written): GroupCommit then
 * runs each submission again alone.
 */
async function recordCheckIns(base: DataContext, engine: ServiceContext['dbEngine'], take: () => Submission[]): Promise<Settled<SubmitAnswer>[]> {
  return inTx(base, async ({ db: tx }) => {
    // The batch's statements are named (prepared once per connection): their generic plans, never planned again.
    if (engine === 'postgres') await useGenericPlans(tx);
    // Taken now that the transaction has begun: whatever arrived while it waited for its connection joins it. One turn
    // of the event loop first: on PGlite the statements queued before this transaction run back to back without
    // yielding, so the requests they answered (the session lookups) reach submitCheckIn only now.
    await new Promise((resolve) => setImmediate(resolve));
    const subs = take();
    if (!subs.length) return [];
    // The context of the first submission's request (the app's job queue, its logger and instant) on the transaction.
    const txCtx: ServiceContext = { ...subs[0]!.ctx, db: tx };
    const ids = subs.map((s) => s.user.id);
    // One submission of a user at a time, so the rules below see a check-in another request has just made. The lock
    // reads the user's row as it stands (zone, check-in time, first check-in, tier): a cached session's copy may be a
    // moment old. With it the subscription's times, so the tier is the one in force at the submission's instant.
    const locked = await repo.lockUsersWithLatest(tx, ids);
    const keyed = subs.flatMap((s) => (s.key ? [{ userId: s.user.id, key: s.key }] : []));
    const seenKeys = await repo.findIdempotencyKeys(tx, keyed);

    const answers: Settled<SubmitAnswer>[] = [];
    const accepted: Accepted[] = [];
    for (const [index, sub] of subs.entries()) {
      try {
        const row = locked.get(sub.user.id);
        // The submission's user with what the lock read of it as it stands (no row: the user was deleted meanwhile).
        const user = row ? { ...sub.user, ...row.user, tier: tierAt(row, sub.ctx.now()) } : sub.user;
        const seen = sub.key ? seenKeys.get(repo.idempotencyPair(user.id, sub.key)) : undefined;
        const decided = await decide(tx, sub, user, seen, row?.latest ?? null, row?.settledThrough ?? null);
        if ('replay' in decided) answers[index] = { ok: decided.replay };
        else accepted.push({ index, sub, user, ...decided });
      } catch (err) {
        // A rule refused it: its answer, and nothing of it is written. Anything else fails the transaction.
        if (!(err instanceof AppError)) throw err;
        answers[index] = { error: err };
      }
    }
    if (!accepted.length) return answers;

    const written = await repo.upsertCheckIns(
      tx,
      accepted.map((a) => a.values),
    );
    const rowOf = (a: Accepted) => written.get(a.user.id)!;
    // With journalEntries the journal is set exactly (all empty → no journal row); without, it is left as it was.
    for (const a of accepted) if (a.journal) await writeJournal(tx, a.user.id, rowOf(a).row.id, a.journal, a.sub.ctx.now());
    // Written once, the first time (the locked row says whether it is): no statement when no one's first.
    const flipped = await repo.markFirstCheckInsCompleted(
      tx,
      accepted.filter((a) => !a.user.firstCheckInCompleted).map((a) => a.user.id),
      txCtx.now(),
    );

    // What must share the write, called here in order (decision 013): the streak, shields and milestone rewards move
    // with the check-ins or not at all; then the job for what comes after commit.
    const recorded = accepted.map((a) => {
      const { row, inserted } = rowOf(a);
      const scores = AREAS.map((area) => a.values[areaScoreKey(area)]);
      return { userId: a.user.id, checkInId: row.id, localDate: row.localDate, timezone: a.values.timezone, now: a.sub.ctx.now(), isNew: inserted, scores };
    });
    const effects = await streaks.onCheckIns(txCtx, recorded, rewardClaimable);
    // The day is done: its reminders still due are skipped (notifications skipRemindersThroughMany), after commit. One
    // job for the check-ins this batch created, keyed by the first of them; replacing today's check-in enqueues nothing.
    const created = recorded.filter((c) => c.isNew);
    if (created.length) {
      const checkIns = created.map((c) => ({ userId: c.userId, localDate: c.localDate, timezone: c.timezone }));
      await txCtx.jobs.enqueueMany(tx, [{ kind: 'reminders.checked-in-batch', key: created[0]!.checkInId, payload: { checkIns } }]);
    }

    const keys: Parameters<typeof repo.insertIdempotencyKeys>[1] = [];
    accepted.forEach((a, i) => {
      const { row, inserted } = rowOf(a);
      const result = effects[i]!;
      const answer: CheckInResult = {
        id: row.id,
        date: row.localDate,
        isFirstCheckIn: inserted && flipped.has(a.user.id),
        replaced: !inserted,
        score: a.score,
        celebration: result.celebration ?? null,
        milestoneReward: result.milestoneReward ?? null,
        currentStreak: result.currentStreak ?? null,
      };
      if (a.sub.key) {
        keys.push({
          userId: a.user.id,
          key: a.sub.key,
          requestHash: a.hash,
          statusCode: inserted ? 201 : 200,
          response: answer as unknown as Record<string, unknown>,
          createdAt: a.sub.ctx.now(),
        });
      }
      answers[a.index] = { ok: { ...answer, created: inserted } };
    });
    await repo.insertIdempotencyKeys(tx, keys);
    return answers;
  });
}

/**
 * One submission through the check-in rules (shared/domain/check-in-rules: one pure function), its user's row
 * locked: the first answer again for a retried Idempotency-Key, or the row to write; a refusal throws its AppError.
 * Reads nothing in the usual case (the caller read for the batch); only when the latest check-in is dated after the
 * user's today (a zone moved west) does it look for today's.
 */
async function decide(
  tx: Db,
  sub: Submission,
  user: UserRow,
  seen: repo.IdempotencyRow | undefined,
  latest: repo.LatestCheckIn | null,
  settledThrough: string | null,
): Promise<{ replay: SubmitAnswer } | Omit<Accepted, 'index' | 'sub' | 'user'>> {
  const { body } = sub;
  const now = sub.ctx.now();
  const timezone = userTimeZone(user);
  const today = submissionDateOf(now, timezone);
  const hasCheckInToday =
    latest !== null && (latest.localDate === today || (latest.localDate > today && (await repo.findCheckInByDate(tx, user.id, today)) !== null));
  const hash = sub.key ? requestHash(body) : '';
  const d = decideCheckIn<CheckInResult>({
    now,
    user: { ...user, timezone },
    body,
    key: sub.key ? { hash, seen } : undefined,
    latest,
    hasCheckInToday,
    settledThrough,
  });
  if (d.kind === 'refused') throw new AppError(d.status, d.message, d.details);
  if (d.kind === 'replay') return { replay: { ...d.response, created: d.statusCode === 201 } };
  const { areaScores, score } = d;
  return {
    values: {
      userId: user.id,
      localDate: d.localDate,
      ...byAreaScoreKey((area) => areaScores[area]),
      score,
      answers: [...body.answers],
      subscriptionTierAtCheckIn: user.tier,
      timezone: d.timezone,
      createdAt: now,
      updatedAt: now,
    },
    journal: d.journal,
    hash,
    score,
  };
}

async function ownCheckIn(ctx: ServiceContext, user: UserRow, checkInId: string) {
  const row = await repo.findCheckInById(ctx.db, user.id, checkInId);
  if (!row) throw notFound(CHECK_IN_MESSAGES.checkInNotFound);
  return row;
}

/** GET /api/journal-entries/check-in/:id → [] or [entry]. */
/** Every journal of the user that holds text, by check-in id (the data export and the wellness report). */
export async function journalsOf(ctx: ServiceContext, userId: string): Promise<Map<string, JournalEntryDto>> {
  const rows = await repo.listJournals(ctx.db, userId);
  return new Map(rows.filter((r) => journalWithText(r) !== null).map((r) => [r.checkInId, toJournalDto(r)]));
}

export async function journalFor(ctx: ServiceContext, user: UserRow, checkInId: string): Promise<JournalEntryDto[]> {
  await ownCheckIn(ctx, user, checkInId);
  if (!hasAiCoach((await withCurrentTier(ctx, user)).tier)) throw forbidden(CHECK_IN_MESSAGES.journalAiCoachOnly);
  const row = journalWithText(await repo.findJournal(ctx.db, user.id, checkInId));
  return row ? [toJournalDto(row)] : [];
}

/**
 * POST /api/journal-entries/:checkInId with one (or more) journal fields; a blank text clears its field.
 * Answers the journal as it stands after the save; when it has no text left it is not kept (GET then answers []).
 */
export async function saveJournalField(
  ctx: ServiceContext,
  user: UserRow,
  checkInId: string,
  fields: repo.JournalFields,
): Promise<JournalEntryDto> {
  await ownCheckIn(ctx, user, checkInId);
  if (!hasAiCoach((await withCurrentTier(ctx, user)).tier)) throw forbidden(CHECK_IN_MESSAGES.journalAiCoachOnly);
  const clean = Object.fromEntries(
    JOURNAL_FIELDS.filter((f) => fields[f] !== undefined).map((f) => [f, journalText(fields[f])]),
  ) as repo.JournalFields;
  const row = await inTx(ctx, (tx) => writeJournal(tx.db, user.id, checkInId, clean, tx.now()));
  return toJournalDto(row);
}

/** PATCH /api/user/check-in-time. */
export async function changeCheckInTime(ctx: ServiceContext, user: UserRow, checkInTime: string): Promise<PublicUser> {
  const now = ctx.now();
  if (!canChangeCheckInTime(now, userTimeZone(user), user.checkInTime)) {
    throw new AppError(409, CHECK_IN_MESSAGES.checkInTimeLocked);
  }
  // One transaction: the check-in time and the daily reminder that follows it (decision 021) move together.
  const row = await inTx(withNow(ctx, now), async (tx) => {
    const updated = await repo.updateCheckInTime(tx.db, user.id, checkInTime, now);
    if (!updated) throw notFound('User not found');
    await rescheduleReminders(tx, user.id);
    return updated;
  });
  return toPublicUser(row, ctx.config);
}


/**
 * How long a check-in's Idempotency-Key answer is kept (decision 022): a client retries a queued check-in for at
 * most OFFLINE_SYNC_HOURS after it was made (then drops it, and the server refuses a made-at that old), so after
 * that long no retry can come for a key stored at its first arrival.
 */
export const IDEMPOTENCY_KEY_RETENTION_MS = OFFLINE_SYNC_HOURS * 60 * 60 * 1000;

/**
 * Deletes the Idempotency-Key answers older than IDEMPOTENCY_KEY_RETENTION_MS, in batches of `batchSize` rows (each
 * its own short statement; rows another instance's clean-up holds are skipped). Returns how many went. The hourly
 * clean-up (jobs/cleanup.ts) calls it.
 */
export async function deleteStaleIdempotencyKeys(ctx: DataContext, opts: { batchSize?: number } = {}): Promise<number> {
  const batchSize = opts.batchSize ?? 1000;
  const before = new Date(ctx.now().getTime() - IDEMPOTENCY_KEY_RETENTION_MS);
  let total = 0;
  for (;;) {
    const n = await repo.deleteIdempotencyKeysBefore(ctx.db, before, batchSize);
    total += n;
    if (n < batchSize) return total;
  }
}

/** Every check-in's area scores (0..1), newest first: the all-time figures (tips, like history's areaAverages). */
export async function allAreaScores(ctx: ServiceContext, userId: string): Promise<AreaScores[]> {
  return (await repo.listCheckIns(ctx.db, userId)).map(areaScoresOf);
}

/** The user's latest `n` check-ins as local dates with area scores (0..1), newest first (for the AI coach). */
export async function recentDatedAreaScores(ctx: ServiceContext, userId: string, n: number): Promise<Array<{ date: string; scores: AreaScores }>> {
  const rows = await repo.listCheckIns(ctx.db, userId, n);
  return rows.map((row) => ({ date: row.localDate, scores: areaScoresOf(row) }));
}

/** The user's latest `n` check-ins as the correlations read them (date, yes/no or 0–4, area scores), newest first. */
export async function correlationDays(ctx: ServiceContext, userId: string, n: number): Promise<CorrelationDay[]> {
  const rows = await repo.listCheckIns(ctx.db, userId, n);
  return rows.map((row) => ({ date: row.localDate, kind: answerKindOf(Array.isArray(row.answers) ? row.answers : []), scores: areaScoresOf(row) }));
}

/**
 * Days before this many days ago can be imported: a check-in of the last OFFLINE_SYNC_HOURS may still arrive from a
 * device's offline queue (decision 022), and it must find its day free (an imported day is never the window's).
 */
export const IMPORT_RECENT_DAYS = Math.ceil(OFFLINE_SYNC_HOURS / 24);

/**
 * Adds the check-ins (with journals) of an export for the dates the user has none, as imported history: one
 * transaction, no streak step (the streak, shields, milestones, rewards and tier never move), an existing day never
 * replaced, today and the last IMPORT_RECENT_DAYS days left out. Importing the same days again adds nothing.
 */
export async function importCheckIns(ctx: ServiceContext, user: UserRow, items: readonly ImportCheckIn[]): Promise<ImportResult> {
  const now = ctx.now();
  const firstTooRecent = addLocalDays(localDateOf(now, userTimeZone(user)), -IMPORT_RECENT_DAYS);
  const rows = items
    .filter((c) => c.date < firstTooRecent)
    .map((c) => {
      const scores = byAreaScoreKey((area) => normalizeStoredScore(c[areaScoreKey(area)]));
      const createdAt = c.createdAt ? new Date(c.createdAt) : now;
      const journal = c.journal ? journalFieldsFrom(JOURNAL_FIELDS.map((f) => c.journal?.[f] ?? null)) : null;
      return {
        checkIn: {
          userId: user.id,
          localDate: c.date,
          ...scores,
          score: c.score !== undefined ? normalizeStoredScore(c.score) : mean(Object.values(scores)),
          answers: [...c.answers],
          subscriptionTierAtCheckIn: c.subscriptionTierAtCheckIn,
          timezone: c.timezone,
          imported: true as const,
          createdAt,
          updatedAt: c.updatedAt ? new Date(c.updatedAt) : createdAt,
        },
        journal: journal && hasJournalText(journal) ? journal : null,
      };
    });
  const imported = rows.length ? await inTx(ctx, (tx) => repo.insertImportedCheckIns(tx.db, rows)) : 0;
  ctx.log.info({ userId: user.id, imported, inFile: items.length }, 'check-ins imported');
  return { imported, skipped: items.length - imported };
}

/** The ids of the user's imported check-ins. */
export async function importedCheckInIds(ctx: ServiceContext, userId: string): Promise<Set<string>> {
  return new Set(await repo.listImportedIds(ctx.db, userId));
}

/** The user's journal notes of check-ins dated `from` or later, one per area with text, newest first (the coach). */
export async function journalNotesSince(ctx: ServiceContext, userId: string, from: string): Promise<Array<{ date: string; area: Area; text: string }>> {
  const rows = await repo.journalsSince(ctx.db, userId, from);
  return rows.flatMap(({ date, journal }) =>
    AREAS.flatMap((area) => {
      const text = journalText(journal[`${area}Journal`]);
      return text ? [{ date, area, text }] : [];
    }),
  );
}
