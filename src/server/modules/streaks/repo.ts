import { randomUUID } from 'node:crypto';
import { addLocalDays, startOfLocalDay } from '@shared/domain/dates';
import { and, asc, desc, eq, gt, gte, inArray, lte, min, notInArray, sql } from 'drizzle-orm';
import type { Db } from '@server/db/client';
import { fixedRows, fixedStatement, tableColumns, tableRecordset } from '@server/db/rows';
import { systemClock } from '@server/context';
import { checkIns, streakFrozenDays, streakLedger, streakRecoveredDays, streakRestDays, streakStates, streakStrengthDays, users } from '@server/db/schema/index';
import { countText, streakLengthText, STRENGTH_HISTORY_DAYS, type StreakEvent, type StreakSnapshot, type StreakState, type StrengthFoldedDay, type StrengthState } from '@shared/domain/streak-engine';
import { AREAS, areaScoreKey, byArea } from '@shared/domain/scoring';

export type StreakRow = typeof streakStates.$inferSelect;
export type LedgerInsert = typeof streakLedger.$inferInsert;

// ---------------------------------------------------------------------------------------------------------
// A step's rows: what an engine step writes besides the state (the ledger, the frozen and recovered dates)
// ---------------------------------------------------------------------------------------------------------

/** Why shields were added, for the ledger. */
export type GrantReason = 'purchase' | 'tier-grant' | 'developer';

export interface LedgerContext {
  userId: string;
  now: Date;
  grantReason?: GrantReason;
  grantNote?: string;
  ref?: string | null;
}

/**
 * When the user's next rollover is due: the end (in the current zone) of the first unsettled date,
 * lastProcessedDate + 1. After a check-in on D that is the end of D+1 (D is already settled), so active users
 * are not touched at every midnight. Null when a missed day could change nothing (streak at its checkpoint).
 */
export function rolloverDue(s: StreakState, tz: string): Date | null {
  if (s.currentStreak <= s.checkpoint || s.lastProcessedDate === null) return null;
  return startOfLocalDay(addLocalDays(s.lastProcessedDate, 2), tz);
}

/** Ledger rows for a step, each with the values that resulted from it. */
export function ledgerRows(before: StreakState, events: StreakEvent[], ctx: LedgerContext): LedgerInsert[] {
  let streak = before.currentStreak;
  let shields = before.freezeDaysRemaining;
  return events.map((e, i): LedgerInsert => {
    const base = { userId: ctx.userId, date: e.date, createdAt: new Date(ctx.now.getTime() + i), ref: null as string | null };
    switch (e.type) {
      case 'check-in':
        streak += 1;
        return {
          ...base,
          reason: 'check-in',
          description: e.milestone
            ? `Checked in: ${streakLengthText(streak)} streak — ${e.milestone.name} reached!`
            : `Checked in: ${streakLengthText(streak)} streak`,
          streakDelta: 1,
          currentStreak: streak,
          freezeDaysRemaining: shields,
        };
      case 'shield-used':
        shields -= 1;
        return {
          ...base,
          reason: 'shield-used',
          description: `Shield used: missed ${e.date} without losing your streak`,
          shieldsDelta: -1,
          currentStreak: streak,
          freezeDaysRemaining: shields,
        };
      case 'break': {
        const delta = e.resetTo - streak;
        streak = e.resetTo;
        return {
          ...base,
          reason: 'break',
          description:
            e.resetTo > 0
              ? `Missed ${e.date} with no shields: ${streakLengthText(e.lostValue)} streak fell back to the ${e.resetTo}-day checkpoint`
              : `Missed ${e.date} with no shields: ${streakLengthText(e.lostValue)} streak ended`,
          streakDelta: delta,
          currentStreak: streak,
          freezeDaysRemaining: shields,
        };
      }
      case 'recovery':
        streak = e.restoredTo;
        if (e.method === 'shield') shields -= 1;
        return {
          ...base,
          reason: 'recovery',
          description:
            e.method === 'shield'
              ? `Streak recovered with a shield: back to ${countText(e.restoredTo, 'day')}`
              : `Streak recovery purchased: back to ${countText(e.restoredTo, 'day')}`,
          streakDelta: e.streakDelta,
          shieldsDelta: e.method === 'shield' ? -1 : 0,
          currentStreak: streak,
          freezeDaysRemaining: shields,
          ref: ctx.ref ?? null,
        };
      case 'decline':
        return {
          ...base,
          reason: 'decline',
          description: 'Recovery declined: a fresh start',
          currentStreak: streak,
          freezeDaysRemaining: shields,
        };
      case 'rest-day':
        return {
          ...base,
          reason: 'rest-day-used',
          description: `Rest day: ${e.date} kept your streak as it was`,
          currentStreak: streak,
          freezeDaysRemaining: shields,
        };
      case 'shields-revoked':
        shields -= e.n;
        return {
          ...base,
          reason: 'refund',
          description: `${countText(e.n, 'shield')} taken back: the purchase was refunded`,
          shieldsDelta: -e.n,
          currentStreak: streak,
          freezeDaysRemaining: shields,
          ref: ctx.ref ?? null,
        };
      case 'shields-granted': {
        shields += e.n;
        const reason = ctx.grantReason ?? 'developer';
        const what =
          reason === 'purchase' ? 'purchased' : reason === 'tier-grant' ? 'included with your plan' : 'added by developer tools';
        return {
          ...base,
          reason,
          description: `${countText(e.n, 'shield')} ${what}${ctx.grantNote ? ` (${ctx.grantNote})` : ''}`,
          shieldsDelta: e.n,
          currentStreak: streak,
          freezeDaysRemaining: shields,
          ref: ctx.ref ?? null,
        };
      }
    }
  });
}

export function frozenRows(userId: string, events: StreakEvent[], now: Date) {
  return events.filter((e) => e.type === 'shield-used').map((e) => ({ userId, date: e.date, createdAt: now }));
}

export function recoveredRows(userId: string, events: StreakEvent[], now: Date, paymentRef: string | null) {
  return events.flatMap((e) =>
    e.type === 'recovery'
      ? e.gapDates.map((date) => ({ userId, date, method: e.method, paymentRef: e.method === 'paid' ? paymentRef : null, createdAt: now }))
      : [],
  );
}

// ---------------------------------------------------------------------------------------------------------
// Statements
// ---------------------------------------------------------------------------------------------------------

export function rowToState(r: StreakRow): StreakState {
  return {
    currentStreak: r.currentStreak,
    bestStreak: r.bestStreak,
    freezeDaysRemaining: r.freezeDaysRemaining,
    freezeDaysUsed: r.freezeDaysUsed,
    checkpoint: r.checkpoint,
    lastCompletedDate: r.lastCompletedDate,
    lastProcessedDate: r.lastProcessedDate,
    lostStreakValue: r.lostStreakValue,
    lostDate: r.lostDate,
    rebuiltDays: r.rebuiltDays,
    gapDates: r.gapDates,
    recoveryState: r.recoveryState,
  };
}

export async function findUserZone(db: Db, userId: string): Promise<string> {
  const [u] = await db.select({ tz: users.timezone }).from(users).where(eq(users.id, userId)).limit(1);
  return u?.tz ?? 'UTC';
}

export async function findState(db: Db, userId: string): Promise<StreakRow | undefined> {
  const [row] = await db.select().from(streakStates).where(eq(streakStates.userId, userId)).limit(1);
  return row;
}

/** Locks the row for the rest of the transaction, creating it first if missing (one statement when it exists). */
export async function lockState(db: Db, userId: string, tz: string): Promise<LockedState> {
  return (await lockStates(db, [{ userId, tz }])).get(userId)!;
}

/**
 * Locks up to `limit` states whose rollover is due, oldest first, with their user's timezone. SKIP LOCKED: runners
 * on other instances take other users.
 */
export async function lockDueStates(db: Db, now: Date, limit: number): Promise<{ row: StreakRow; tz: string }[]> {
  const due = await db
    .select({ s: streakStates, tz: users.timezone })
    .from(streakStates)
    .innerJoin(users, eq(users.id, streakStates.userId))
    .where(lte(streakStates.nextRolloverAt, now))
    .orderBy(asc(streakStates.nextRolloverAt))
    .limit(limit)
    .for('update', { of: streakStates, skipLocked: true });
  return due.map((d) => ({ row: d.s, tz: d.tz }));
}

export interface SettledState {
  userId: string;
  state: StreakState;
  tz: string;
  nextRolloverAt: Date | null;
  recentStates: StreakSnapshot[];
  /** The strength score's state (issue 28); left as stored when absent. */
  strength?: StrengthState;
  /** The row's updated_at (default: the `now` given to saveStates). */
  updatedAt?: Date;
}

/**
 * Writes the states of many users (rows locked by the caller) in one UPDATE … FROM (VALUES …) per thousand rows:
 * the rollover's batches, a batch of check-ins, a single step. The IN list keeps the plan on the primary key whatever
 * the table size (no scan of all users).
 */
export async function saveStates(db: Db, rows: SettledState[], now?: Date): Promise<void> {
  for (let i = 0; i < rows.length; i += 1000) {
    const part = rows.slice(i, i + 1000);
    await fixedRows(db, SAVE_STATES, [statesJson(part, now), part.map((r) => r.userId)]);
  }
}

/**
 * saveStates and insertLedger in ONE statement (a writable CTE: both run whatever the query reads): a batch of
 * check-ins' streak steps writes its states and ledger rows in one round trip. At most 1000 states (saveStates'
 * chunk); the ledger rows' inserted count is not answered.
 */
export async function saveStatesWithLedger(db: Db, rows: SettledState[], ledger: LedgerInsert[], now?: Date): Promise<void> {
  if (rows.length > 1000 || !ledger.length) {
    await saveStates(db, rows, now);
    await insertLedger(db, ledger);
    return;
  }
  if (!rows.length) {
    await insertLedger(db, ledger);
    return;
  }
  await fixedRows(db, SAVE_STATES_WITH_LEDGER, [statesJson(rows, now), rows.map((r) => r.userId), ledgerJson(ledger)]);
}

/** The rows of saveStates (up to 1000) as ONE jsonb parameter (jsonb_to_recordset), not 17 parameters a row. */
function statesJson(part: SettledState[], now?: Date): string {
  return STATES.json(
    part.map(({ userId, state, tz, nextRolloverAt, recentStates, strength, updatedAt }) => ({
      ...state,
      userId,
      timezone: tz,
      nextRolloverAt,
      recentStates,
      // No strength given: the stored one stays (UPDATE_STATES_SQL's COALESCE).
      strength: strength ?? null,
      updatedAt: updatedAt ?? now ?? systemClock.now(),
    })),
  );
}

/** Every column of streak_states, as saveStates writes them (tableRecordset). */
const STATES = tableRecordset(streakStates);

/** The UPDATE of saveStates, its text fixed once: the rows (statesJson) in parameter `rows`, their ids in `ids`. */
const UPDATE_STATES_SQL = (rows: string, ids: string) => `
      UPDATE streak_states AS s SET ${STATES.columns
        .filter((c) => c !== 'user_id')
        .map((c) => (c === 'strength' ? 'strength = COALESCE(v.strength, s.strength)' : `${c} = v.${c}`))
        .join(', ')}
      FROM ${STATES.from(rows)}
      WHERE s.user_id = v.user_id AND s.user_id = ANY(${ids}::text[])`;

/**
 * lockStates' statement, its text fixed once (fixedStatement): every column, generated from the table's definition,
 * and the user's last rest day (an index-only probe; rest days are planned under this lock, so it stands until commit).
 */
const STATE = tableColumns(streakStates, 's');
const LOCK_STATES = fixedStatement(
  'streaks_lock_states',
  `SELECT ${STATE.list}, (SELECT max(r.date)::text FROM streak_rest_days AS r WHERE r.user_id = s.user_id) AS last_rest_day
    FROM streak_states AS s WHERE s.user_id = ANY($1::text[]) ORDER BY s.user_id FOR UPDATE OF s`,
);

/** A state row locked (lockStates), with the user's last rest day (null: none): a check-in after it returns none. */
export type LockedState = StreakRow & { lastRestDay: string | null };

/**
 * lockState for many users: locks their rows for the rest of the transaction, in the order of their ids (so two
 * batches never wait on each other in a cycle), creating the missing ones first. Two statements when all exist
 * (one), three when some do not.
 */
export async function lockStates(db: Db, users: readonly { userId: string; tz: string }[]): Promise<Map<string, LockedState>> {
  if (!users.length) return new Map();
  const ids = users.map((u) => u.userId);
  const lock = async (which: string[]) =>
    (await fixedRows<Record<string, unknown> & { last_rest_day: string | null }>(db, LOCK_STATES, [which])).map((r) => ({
      ...STATE.row(r),
      lastRestDay: r.last_rest_day,
    }));
  const rows = new Map((await lock(ids)).map((r) => [r.userId, r]));
  const missing = users.filter((u) => !rows.has(u.userId));
  if (missing.length) {
    await db
      .insert(streakStates)
      .values(missing.map((u) => ({ userId: u.userId, timezone: u.tz })))
      .onConflictDoNothing();
    for (const r of await lock(missing.map((u) => u.userId))) rows.set(r.userId, r);
  }
  for (const id of ids) if (!rows.has(id)) throw new Error(`streak state missing for ${id}`);
  return rows;
}

/** lockStrengths' and saveStrengths' statements: the strength column only (an edited check-in changes nothing else). */
const LOCK_STRENGTHS = fixedStatement(
  'streaks_lock_strengths',
  'SELECT s.user_id, s.strength FROM streak_states AS s WHERE s.user_id = ANY($1::text[]) ORDER BY s.user_id FOR UPDATE',
);
const STRENGTHS = tableRecordset(streakStates, ['userId', 'strength', 'updatedAt']);
const SAVE_STRENGTHS = fixedStatement(
  'streaks_save_strengths',
  `UPDATE streak_states AS s SET strength = v.strength, updated_at = v.updated_at FROM ${STRENGTHS.from('$1')} WHERE s.user_id = v.user_id`,
);

/** The users' stored strength states (users without a state row are absent), their rows locked in the order of their ids. */
export async function lockStrengths(db: Db, userIds: readonly string[]): Promise<Map<string, StrengthState | null>> {
  if (!userIds.length) return new Map();
  const rows = await fixedRows<{ user_id: string; strength: StrengthState | null }>(db, LOCK_STRENGTHS, [userIds]);
  return new Map(rows.map((r) => [r.user_id, r.strength]));
}

/** Writes the users' strength states (their rows locked: lockStrengths); nothing else of their state changes. */
export async function saveStrengths(db: Db, rows: readonly { userId: string; strength: StrengthState; updatedAt: Date }[]): Promise<void> {
  if (!rows.length) return;
  await fixedRows(db, SAVE_STRENGTHS, [STRENGTHS.json(rows)]);
}

export async function insertFrozenDays(db: Db, rows: { userId: string; date: string; createdAt: Date }[]) {
  if (rows.length) await db.insert(streakFrozenDays).values(rows).onConflictDoNothing();
}

export async function insertRecoveredDays(
  db: Db,
  rows: { userId: string; date: string; method: 'shield' | 'paid'; paymentRef: string | null; createdAt: Date }[],
) {
  if (rows.length) await db.insert(streakRecoveredDays).values(rows).onConflictDoNothing();
}

/**
 * Inserts ledger rows; returns how many were new (a row with an existing ref or once-per-date key is skipped). The
 * rows travel as ONE jsonb parameter (jsonb_to_recordset): a batch of check-ins or a rollover writes hundreds at once.
 */
export async function insertLedger(db: Db, rows: LedgerInsert[]): Promise<number> {
  if (!rows.length) return 0;
  const inserted = await fixedRows<{ n: number }>(db, INSERT_LEDGER, [ledgerJson(rows)]);
  return inserted.length;
}

/** The rows of insertLedger as ONE jsonb parameter. */
function ledgerJson(rows: LedgerInsert[]): string {
  return LEDGER.json(rows.map((r) => ({ ...r, id: r.id ?? randomUUID(), streakDelta: r.streakDelta ?? 0, shieldsDelta: r.shieldsDelta ?? 0 })));
}

/** Every column of streak_ledger (tableRecordset); a row without its creation instant is stamped by the database. */
const LEDGER = tableRecordset(streakLedger);

/** The INSERT of insertLedger (without RETURNING), its text fixed once: the rows (ledgerJson) in parameter `rows`. */
const INSERT_LEDGER_SQL = (rows: string) => `INSERT INTO streak_ledger (${LEDGER.columns.join(', ')})
      SELECT ${LEDGER.select({ created_at: 'now()' })}
      FROM ${LEDGER.from(rows)}
      ON CONFLICT DO NOTHING`;

/** saveStatesWithLedger's statement: the states ($1, their ids $2) and the ledger rows ($3). */
const SAVE_STATES_WITH_LEDGER = fixedStatement('streaks_save_states_ledger', `WITH saved AS (${UPDATE_STATES_SQL('$1', '$2')}) ${INSERT_LEDGER_SQL('$3')}`);
const SAVE_STATES = fixedStatement('streaks_save_states', UPDATE_STATES_SQL('$1', '$2'));
const INSERT_LEDGER = fixedStatement('streaks_insert_ledger', `${INSERT_LEDGER_SQL('$1')} RETURNING 1 AS n`);

export async function ledgerHasRef(db: Db, userId: string, reason: LedgerInsert['reason'], ref: string): Promise<boolean> {
  const [r] = await db
    .select({ id: streakLedger.id })
    .from(streakLedger)
    .where(and(eq(streakLedger.userId, userId), eq(streakLedger.reason, reason), eq(streakLedger.ref, ref)))
    .limit(1);
  return !!r;
}

export async function frozenDates(db: Db, userId: string, from?: string, to?: string): Promise<string[]> {
  const rows = await db
    .select({ date: streakFrozenDays.date })
    .from(streakFrozenDays)
    .where(
      and(
        eq(streakFrozenDays.userId, userId),
        from ? gte(streakFrozenDays.date, from) : undefined,
        to ? lte(streakFrozenDays.date, to) : undefined,
      ),
    )
    .orderBy(asc(streakFrozenDays.date));
  return rows.map((r) => r.date);
}

export async function recoveredDates(db: Db, userId: string, from?: string, to?: string): Promise<string[]> {
  const rows = await db
    .select({ date: streakRecoveredDays.date })
    .from(streakRecoveredDays)
    .where(
      and(
        eq(streakRecoveredDays.userId, userId),
        from ? gte(streakRecoveredDays.date, from) : undefined,
        to ? lte(streakRecoveredDays.date, to) : undefined,
      ),
    )
    .orderBy(asc(streakRecoveredDays.date));
  return rows.map((r) => r.date);
}

export async function hasFrozenDay(db: Db, userId: string, date: string): Promise<boolean> {
  const [r] = await db
    .select({ d: streakFrozenDays.date })
    .from(streakFrozenDays)
    .where(and(eq(streakFrozenDays.userId, userId), eq(streakFrozenDays.date, date)))
    .limit(1);
  return !!r;
}

/** Completed dates (from the ledger's check-in rows) in a range, with the streak each reached. */
export async function checkInDates(db: Db, userId: string, from: string, to: string) {
  return db
    .select({ date: streakLedger.date, streak: streakLedger.currentStreak })
    .from(streakLedger)
    .where(
      and(
        eq(streakLedger.userId, userId),
        eq(streakLedger.reason, 'check-in'),
        gte(streakLedger.date, from),
        lte(streakLedger.date, to),
      ),
    );
}

export async function firstCheckInDate(db: Db, userId: string): Promise<string | null> {
  const [r] = await db
    .select({ d: min(streakLedger.date) })
    .from(streakLedger)
    .where(and(eq(streakLedger.userId, userId), eq(streakLedger.reason, 'check-in')));
  return r?.d ?? null;
}

export async function ledgerPage(db: Db, userId: string, limit: number) {
  return db
    .select()
    .from(streakLedger)
    .where(eq(streakLedger.userId, userId))
    .orderBy(desc(streakLedger.createdAt), desc(sql`${streakLedger.id}`))
    .limit(limit);
}

/** Dates with a check-in ledger row after `after` (for replaying a late offline check-in). */
export async function checkInDatesAfter(db: Db, userId: string, after: string | null): Promise<string[]> {
  const rows = await db
    .select({ date: streakLedger.date })
    .from(streakLedger)
    .where(and(eq(streakLedger.userId, userId), eq(streakLedger.reason, 'check-in'), after ? gt(streakLedger.date, after) : undefined));
  return rows.map((r) => r.date);
}

/** Whether a ledger row other than a check-in or a rollover decision was written at or after `since`. */
export async function hasOtherLedgerSince(db: Db, userId: string, since: Date): Promise<boolean> {
  const [r] = await db
    .select({ id: streakLedger.id })
    .from(streakLedger)
    .where(
      and(
        eq(streakLedger.userId, userId),
        gte(streakLedger.createdAt, since),
        // Rest days are inputs a replay reads from streak_rest_days, so planning, cancelling, using or returning one is replayable.
        notInArray(streakLedger.reason, [
          'check-in',
          'shield-used',
          'break',
          'offline-correction',
          'rest-day-planned',
          'rest-day-cancelled',
          'rest-day-used',
          'rest-day-returned',
        ]),
      ),
    )
    .limit(1);
  return !!r;
}

export async function deleteFrozenDays(db: Db, userId: string, dates: string[]) {
  if (dates.length) await db.delete(streakFrozenDays).where(and(eq(streakFrozenDays.userId, userId), inArray(streakFrozenDays.date, dates)));
}

// ---------------------------------------------------------------------------------------------------------
// Rest days (issue 28)
// ---------------------------------------------------------------------------------------------------------

/** The user's rest days (planned or used; not cancelled nor given back) after `after` (exclusive) and up to `to`, ascending. */
export async function restDates(db: Db, userId: string, after?: string | null, to?: string): Promise<string[]> {
  const rows = await db
    .select({ date: streakRestDays.date })
    .from(streakRestDays)
    .where(
      and(
        eq(streakRestDays.userId, userId),
        after ? gt(streakRestDays.date, after) : undefined,
        to ? lte(streakRestDays.date, to) : undefined,
      ),
    )
    .orderBy(asc(streakRestDays.date));
  return rows.map((r) => r.date);
}

/** The rest days of many users on or after `from` (one query), as a set per user (users without any are absent). */
export async function restDatesOf(db: Db, userIds: readonly string[], from: string | null): Promise<Map<string, Set<string>>> {
  const out = new Map<string, Set<string>>();
  if (!userIds.length) return out;
  const rows = await db
    .select({ userId: streakRestDays.userId, date: streakRestDays.date })
    .from(streakRestDays)
    .where(and(inArray(streakRestDays.userId, [...userIds]), from ? gte(streakRestDays.date, from) : undefined));
  for (const r of rows) {
    let set = out.get(r.userId);
    if (!set) out.set(r.userId, (set = new Set()));
    set.add(r.date);
  }
  return out;
}

export async function insertRestDays(db: Db, rows: { userId: string; date: string; createdAt: Date }[]): Promise<void> {
  if (rows.length) await db.insert(streakRestDays).values(rows).onConflictDoNothing();
}

/** Deletes these (user, date) rest days; answers the ones that existed (one statement). */
export async function deleteRestDays(db: Db, pairs: readonly { userId: string; date: string }[]): Promise<{ userId: string; date: string }[]> {
  if (!pairs.length) return [];
  const rows = await fixedRows<{ user_id: string; date: string }>(db, DELETE_REST_DAYS, [pairs.map((p) => p.userId), pairs.map((p) => p.date)]);
  return rows.map((r) => ({ userId: r.user_id, date: r.date }));
}

/** deleteRestDays' statement (every check-in batch runs it), its text fixed once. */
const DELETE_REST_DAYS = fixedStatement(
  'streaks_delete_rest_days',
  `DELETE FROM streak_rest_days AS r USING unnest($1::text[], $2::date[]) AS p(user_id, date)
      WHERE r.user_id = p.user_id AND r.date = p.date RETURNING r.user_id, r.date::text AS date`,
);

// ---------------------------------------------------------------------------------------------------------
// The strength score (issue 28)
// ---------------------------------------------------------------------------------------------------------

/** Writes settled days folded out of the strength state (never rewritten: a date already stored stays). */
export async function insertStrengthDays(db: Db, rows: { userId: string; date: string; areas: number[] }[]): Promise<void> {
  for (let i = 0; i < rows.length; i += 2000) await fixedRows(db, INSERT_STRENGTH_DAYS, [STRENGTH_DAYS.json(rows.slice(i, i + 2000))]);
}

/** insertStrengthDays' statement (a check-in batch of users with long histories folds a day each): ONE jsonb parameter. */
const STRENGTH_DAYS = tableRecordset(streakStrengthDays);
const INSERT_STRENGTH_DAYS = fixedStatement(
  'streaks_insert_strength_days',
  `INSERT INTO streak_strength_days (${STRENGTH_DAYS.columns.join(', ')})
      SELECT ${STRENGTH_DAYS.select()} FROM ${STRENGTH_DAYS.from('$1')} ON CONFLICT DO NOTHING`,
);

/** The last STRENGTH_HISTORY_DAYS stored folded days before `before` (exclusive; null: all), ascending. */
export async function strengthDays(db: Db, userId: string, before: string | null): Promise<StrengthFoldedDay[]> {
  const rows = await db
    .select({ date: streakStrengthDays.date, areas: streakStrengthDays.areas })
    .from(streakStrengthDays)
    .where(and(eq(streakStrengthDays.userId, userId), before ? sql`${streakStrengthDays.date} < ${before}` : undefined))
    .orderBy(desc(streakStrengthDays.date))
    .limit(STRENGTH_HISTORY_DAYS);
  return rows.reverse().map((r) => ({ date: r.date, values: r.areas }));
}

/** A stored area score as 0–1 (older imported rows may hold 0–100). */
const unit = (x: number) => (x > 1 ? x / 100 : x);

/**
 * The area scores (AREAS order, 0–1) of the users' check-ins on the given dates (one query), keyed `userId|date`.
 * Imported check-ins are history only (never in the strength score): they are not answered.
 */
export async function areaScoresOf(db: Db, pairs: readonly { userId: string; date: string }[]): Promise<Map<string, number[]>> {
  const out = new Map<string, number[]>();
  if (!pairs.length) return out;
  const rows = await db
    .select({
      userId: checkIns.userId,
      date: checkIns.localDate,
      ...byArea((a) => checkIns[areaScoreKey(a)]),
    })
    .from(checkIns)
    .where(
      and(
        inArray(checkIns.userId, [...new Set(pairs.map((p) => p.userId))]),
        inArray(checkIns.localDate, [...new Set(pairs.map((p) => p.date))]),
        eq(checkIns.imported, false),
      ),
    );
  for (const r of rows) out.set(`${r.userId}|${r.date}`, AREAS.map((a) => unit(r[a])));
  return out;
}
