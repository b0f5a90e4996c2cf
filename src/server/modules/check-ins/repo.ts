import { randomUUID } from 'node:crypto';
import { and, asc, desc, eq, getTableColumns, sql } from 'drizzle-orm';
import type { Db } from '@server/db/client';
import { anyText, namedRowsOf, rowsOf } from '@server/db/rows';
import { latestCheckInLateral, latestCheckInOf } from '@server/db/latest-check-in';
import { checkInIdempotencyKeys, checkIns, journalEntries, streakStates, users } from '@server/db/schema/index';
import type { JournalField } from '@shared/schemas/check-ins';

export type CheckInRow = typeof checkIns.$inferSelect;
export type NewCheckIn = typeof checkIns.$inferInsert;
export type JournalRow = typeof journalEntries.$inferSelect;

export async function findCheckInByDate(db: Db, userId: string, localDate: string): Promise<CheckInRow | null> {
  const rows = await db
    .select()
    .from(checkIns)
    .where(and(eq(checkIns.userId, userId), eq(checkIns.localDate, localDate)))
    .limit(1);
  return rows[0] ?? null;
}

export async function findCheckInById(db: Db, userId: string, id: string): Promise<CheckInRow | null> {
  const rows = await db
    .select()
    .from(checkIns)
    .where(and(eq(checkIns.userId, userId), eq(checkIns.id, id)))
    .limit(1);
  return rows[0] ?? null;
}

/** The user's latest check-in by local date (the whole row), or null when there is none. */
export async function latestCheckInRow(db: Db, userId: string): Promise<CheckInRow | null> {
  const rows = await db.select().from(checkIns).where(eq(checkIns.userId, userId)).orderBy(desc(checkIns.localDate)).limit(1);
  return rows[0] ?? null;
}

/** The latest check-in as the check-in window reads it. */
export type LatestCheckIn = Pick<CheckInRow, 'localDate' | 'createdAt'>;

/**
 * Locks the users' rows until the transaction ends, in the order of their ids (two batches never wait on each other in
 * a cycle), and reads them as they stand with each one's latest check-in (a LATERAL top-1 on the (user, date) index):
 * new check-ins of one user (and timezone changes) run one after the other, so each sees the check-in the previous
 * one wrote (decision 010 reads, then writes). With each the last date their streak settled (the streak state's
 * lastProcessedDate, read as it stands, not locked: the streak step locks the state rows it writes), which the
 * check-in window reads. One statement.
 */
export async function lockUsersWithLatest(
  db: Db,
  userIds: string[],
): Promise<Map<string, { user: typeof users.$inferSelect; latest: LatestCheckIn | null; settledThrough: string | null }>> {
  const latest = latestCheckInLateral(db);
  const rows = await db
    .select({ user: users, latestDate: latest.localDate, latestCreatedAt: latest.createdAt, settledThrough: streakStates.lastProcessedDate })
    .from(users)
    .leftJoinLateral(latest, sql`true`)
    .leftJoin(streakStates, eq(streakStates.userId, users.id))
    .where(anyText(users.id, userIds))
    .orderBy(asc(users.id))
    .for('update', { of: users })
    .prepare('checkins_lock_users')
    .execute();
  return new Map(rows.map((r) => [r.user.id, { user: r.user, latest: latestCheckInOf(r), settledThrough: r.settledThrough }]));
}

/** The user's check-ins, newest first. */
export async function listCheckIns(db: Db, userId: string, limit?: number): Promise<CheckInRow[]> {
  const q = db.select().from(checkIns).where(eq(checkIns.userId, userId)).orderBy(desc(checkIns.localDate));
  return limit ? q.limit(limit) : q;
}

/** Columns a submission replaces in today's check-in (not its id, user, date or creation instant). */
const REPLACED = Object.entries(getTableColumns(checkIns)).filter(([key]) => !['id', 'userId', 'localDate', 'createdAt'].includes(key));

/**
 * Inserts each check-in for (user, local date) or replaces the existing one, atomically (one INSERT … ON CONFLICT DO
 * UPDATE for all): concurrent submissions for one day leave exactly one row. One row per user. Answers each user's row
 * as written and whether it was inserted.
 *
 * The rows go in ordered by user (whose rows the batch has locked in that order); the analytics roll-up counts the
 * statement's new rows once, grouped (drizzle/0018).
 */
export async function upsertCheckIns(
  db: Db,
  values: (NewCheckIn & { createdAt: Date; updatedAt: Date })[],
): Promise<Map<string, { row: Pick<CheckInRow, 'id' | 'userId' | 'localDate'>; inserted: boolean }>> {
  // The rows travel as ONE jsonb parameter (jsonb_to_recordset), not 16 parameters a row: far less to bind and parse
  // for both drivers and both engines.
  const columns = Object.entries(getTableColumns(checkIns));
  const rows = values.map((v) => {
    const row: Record<string, unknown> = { ...v, id: v.id ?? randomUUID() };
    return Object.fromEntries(columns.map(([key, col]) => [col.name, row[key] instanceof Date ? (row[key] as Date).toISOString() : row[key]]));
  });
  const names = sql.raw(columns.map(([, col]) => `"${col.name}"`).join(', '));
  const shape = sql.raw(columns.map(([, col]) => `"${col.name}" ${col.getSQLType()}`).join(', '));
  const written = await db
    .insert(checkIns)
    .select(sql`SELECT ${names} FROM jsonb_to_recordset(${JSON.stringify(rows)}::jsonb) AS v(${shape}) ORDER BY v.user_id, v.local_date`)
    .onConflictDoUpdate({
      target: [checkIns.userId, checkIns.localDate],
      set: Object.fromEntries(REPLACED.map(([key, col]) => [key, sql.raw(`excluded."${col.name}"`)])),
    })
    .returning({ id: checkIns.id, userId: checkIns.userId, localDate: checkIns.localDate, inserted: sql<boolean>`(xmax = 0)` })
    .prepare('checkins_upsert')
    .execute();
  return new Map(written.map(({ inserted, ...row }) => [row.userId, { row, inserted: Boolean(inserted) }]));
}

/** Sets firstCheckInCompleted for these users; answers those whose flag this call flipped (safe under concurrency). */
export async function markFirstCheckInsCompleted(db: Db, userIds: string[], now: Date): Promise<Set<string>> {
  if (!userIds.length) return new Set();
  const rows = await db
    .update(users)
    .set({ firstCheckInCompleted: true, updatedAt: now })
    .where(and(anyText(users.id, userIds), eq(users.firstCheckInCompleted, false)))
    .returning({ id: users.id })
    .prepare('checkins_mark_first')
    .execute();
  return new Set(rows.map((r) => r.id));
}

export async function findJournal(db: Db, userId: string, checkInId: string): Promise<JournalRow | null> {
  const rows = await db
    .select()
    .from(journalEntries)
    .where(and(eq(journalEntries.userId, userId), eq(journalEntries.checkInId, checkInId)))
    .limit(1);
  return rows[0] ?? null;
}

export type JournalFields = Partial<Record<JournalField, string | null>>;

/** Creates or updates the journal row of a check-in with the given fields (others untouched). */
export async function upsertJournal(db: Db, userId: string, checkInId: string, fields: JournalFields, now: Date): Promise<JournalRow> {
  const rows = await db
    .insert(journalEntries)
    .values({ userId, checkInId, ...fields, createdAt: now, updatedAt: now })
    .onConflictDoUpdate({ target: journalEntries.checkInId, set: { ...fields, updatedAt: now } })
    .returning();
  return rows[0]!;
}

export async function deleteJournal(db: Db, userId: string, checkInId: string): Promise<void> {
  await db.delete(journalEntries).where(and(eq(journalEntries.userId, userId), eq(journalEntries.checkInId, checkInId)));
}

export async function updateCheckInTime(db: Db, userId: string, checkInTime: string, now: Date) {
  const rows = await db.update(users).set({ checkInTime, updatedAt: now }).where(eq(users.id, userId)).returning();
  return rows[0] ?? null;
}

/** Every journal row of the user (for the data export and the wellness report). */
export async function listJournals(db: Db, userId: string): Promise<JournalRow[]> {
  return db.select().from(journalEntries).where(eq(journalEntries.userId, userId));
}

export type IdempotencyRow = typeof checkInIdempotencyKeys.$inferSelect;

/**
 * The stored answers of these (user, Idempotency-Key) pairs, by `${userId} ${key}`. The pairs travel as two text
 * arrays (unnest), so the statement's text is the same for any number of pairs: a named statement (decision 016,
 * fifth pass), each pair looked up on the (user, key) unique index.
 */
export async function findIdempotencyKeys(db: Db, pairs: { userId: string; key: string }[]): Promise<Map<string, IdempotencyRow>> {
  if (!pairs.length) return new Map();
  const rows = await db
    .select()
    .from(checkInIdempotencyKeys)
    .where(
      sql`(${checkInIdempotencyKeys.userId}, ${checkInIdempotencyKeys.key}) IN (SELECT * FROM unnest(${sql.param(pairs.map((p) => p.userId))}::text[], ${sql.param(pairs.map((p) => p.key))}::text[]))`,
    )
    .prepare('checkins_idempotency_find')
    .execute();
  return new Map(rows.map((r) => [idempotencyPair(r.userId, r.key), r]));
}

export const idempotencyPair = (userId: string, key: string) => `${userId} ${key}`;

/** Stores the answers of a batch: the rows as ONE jsonb parameter (jsonb_to_recordset), a named statement. */
export async function insertIdempotencyKeys(db: Db, rows: (typeof checkInIdempotencyKeys.$inferInsert)[]): Promise<void> {
  if (!rows.length) return;
  const values = rows.map((r) => ({
    user_id: r.userId,
    key: r.key,
    request_hash: r.requestHash,
    status_code: r.statusCode,
    response: r.response,
    created_at: r.createdAt?.toISOString() ?? null,
  }));
  await namedRowsOf(
    db,
    'checkins_idempotency_insert',
    sql`INSERT INTO check_in_idempotency_keys (user_id, key, request_hash, status_code, response, created_at)
      SELECT user_id, key, request_hash, status_code, response, coalesce(created_at, now())
      FROM jsonb_to_recordset(${JSON.stringify(values)}::jsonb)
        AS v(user_id text, key text, request_hash text, status_code int, response jsonb, created_at timestamptz)`,
  );
}

/**
 * Deletes at most `limit` Idempotency-Key rows stored before `before`, through check_in_idempotency_created_idx;
 * rows another clean-up holds are skipped, not awaited. One short statement.
 */
export async function deleteIdempotencyKeysBefore(db: Db, before: Date, limit: number): Promise<number> {
  const gone = await rowsOf<{ gone: number }>(
    db,
    sql`DELETE FROM check_in_idempotency_keys WHERE (user_id, key) IN (
      SELECT user_id, key FROM check_in_idempotency_keys WHERE created_at < ${before.toISOString()}::timestamptz
      LIMIT ${limit} FOR UPDATE SKIP LOCKED)
    RETURNING 1 AS gone`,
  );
  return gone.length;
}
