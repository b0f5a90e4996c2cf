import { asc, eq, lte, sql, type SQL } from 'drizzle-orm';
import type { Db } from '../db/client';
import { streakStates, users } from '../db/schema/index';
import { rememberSnapshot, settle, todayOf, type StreakState } from '../../shared/domain/streak-engine';
import { frozenRows, ledgerRows, rolloverDue } from '../modules/streaks/persist';
import * as streakRepo from '../modules/streaks/repo';
import { expireTrials } from '../modules/subscriptions/service';
import { lockDueExpiries } from '../modules/subscriptions/repo';

export interface RolloverTickOptions {
  /** Users per transaction. */
  batchSize?: number;
  /** Stop after this many batches (the next tick continues). */
  maxBatches?: number;
  /** Test hook, called inside each batch's transaction after its writes: throwing rolls the batch back. */
  afterBatchWrites?: (batch: number, userIds: string[]) => void | Promise<void>;
}

export interface RolloverTickResult {
  users: number;
  batches: number;
  trialsExpired: number;
}

const chunk = <T>(xs: T[], n: number): T[][] => {
  const out: T[][] = [];
  for (let i = 0; i < xs.length; i += n) out.push(xs.slice(i, i + n));
  return out;
};

/**
 * Settles one batch of due users in one transaction: their rows are locked with FOR UPDATE SKIP LOCKED (so
 * concurrent runners on other instances take other users), the missed days are decided by the pure engine,
 * and the new states, frozen dates and ledger rows are written in a few bulk statements. A crash rolls the
 * whole batch back; the rows stay due and the next runner takes them. Returns the users settled.
 */
export async function rolloverBatch(db: Db, now: Date, limit: number, batchNo = 0, opts: RolloverTickOptions = {}): Promise<number> {
  return db.transaction(async (txRaw) => {
    const tx = txRaw as unknown as Db;
    const due = await tx
      .select({ s: streakStates, tz: users.timezone })
      .from(streakStates)
      .innerJoin(users, eq(users.id, streakStates.userId))
      .where(lte(streakStates.nextRolloverAt, now))
      .orderBy(asc(streakStates.nextRolloverAt))
      .limit(limit)
      .for('update', { of: streakStates, skipLocked: true });
    if (!due.length) return 0;

    const values: SQL[] = [];
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
    const frozen: ReturnType<typeof frozenRows> = [];
    const ledger: streakRepo.LedgerInsert[] = [];
    for (const { s: row, tz } of due) {
      const before = streakRepo.rowToState(row);
      const today = todayIn(tz);
      const { state, events } = settle(before, today);
      const next = dueOf(state, tz);
      // Decision 022: the state before this settlement, for a late offline check-in to replay from.
      const snapshots = rememberSnapshot(row.recentStates ?? [], before, state, today, now);
      values.push(
        sql`(${row.userId}, ${state.currentStreak}::int, ${state.freezeDaysRemaining}::int, ${state.freezeDaysUsed}::int, ${state.lastProcessedDate}::date, ${next ? next.toISOString() : null}::timestamptz, ${tz}::text, ${state.lostStreakValue}::int, ${state.lostDate}::date, ${state.rebuiltDays}::int, ${JSON.stringify(state.gapDates)}::jsonb, ${state.recoveryState}::text, ${JSON.stringify(snapshots)}::jsonb)`,
      );
      frozen.push(...frozenRows(row.userId, events, now));
      ledger.push(...ledgerRows(before, events, { userId: row.userId, now }));
    }
    const ids = due.map((d) => d.s.userId);
    for (const [i, part] of chunk(values, 1000).entries()) {
      // The IN list keeps the plan on the primary key whatever the table size (no scan of all users).
      const partIds = sql.join(
        ids.slice(i * 1000, i * 1000 + part.length).map((id) => sql`${id}`),
        sql`, `,
      );
      await tx.execute(sql`
        UPDATE streak_states AS s SET
          current_streak = v.cs, freeze_days_remaining = v.fr, freeze_days_used = v.fu,
          last_processed_date = v.lp, next_rollover_at = v.nr, timezone = v.tz,
          lost_streak_value = v.lv, lost_date = v.ld, rebuilt_days = v.rb, gap_dates = v.gd,
          recovery_state = v.rs, recent_states = v.rst, updated_at = ${now.toISOString()}::timestamptz
        FROM (VALUES ${sql.join(part, sql`, `)}) AS v(user_id, cs, fr, fu, lp, nr, tz, lv, ld, rb, gd, rs, rst)
        WHERE s.user_id = v.user_id AND s.user_id IN (${partIds})`);
    }
    for (const part of chunk(frozen, 2000)) await streakRepo.insertFrozenDays(tx, part);
    for (const part of chunk(ledger, 1000)) await streakRepo.insertLedger(tx, part);
    await opts.afterBatchWrites?.(batchNo, due.map((d) => d.s.userId));
    return due.length;
  });
}

/** Ends due trials (selected by index, locked with SKIP LOCKED). */
export async function expireDueTrials(db: Db, now: Date, limit: number): Promise<number> {
  return db.transaction(async (txRaw) => {
    const tx = txRaw as unknown as Db;
    const ids = await lockDueExpiries(tx, now, limit);
    for (const id of ids) await expireTrials(tx, id, now);
    return ids.length;
  });
}

/** One tick: settle every due user in batches, then end due trials. */
export async function rolloverTick(db: Db, now: Date, opts: RolloverTickOptions = {}): Promise<RolloverTickResult> {
  const batchSize = opts.batchSize ?? 1000;
  const maxBatches = opts.maxBatches ?? Number.POSITIVE_INFINITY;
  let usersDone = 0;
  let batches = 0;
  while (batches < maxBatches) {
    const n = await rolloverBatch(db, now, batchSize, batches, opts);
    if (n === 0) break;
    usersDone += n;
    batches += 1;
    if (n < batchSize) break;
  }
  let trialsExpired = 0;
  for (;;) {
    const n = await expireDueTrials(db, now, 200);
    trialsExpired += n;
    if (n < 200) break;
  }
  return { users: usersDone, batches, trialsExpired };
}
