import { randomUUID } from 'node:crypto';
import { and, desc, eq, getTableColumns, gte, sql } from 'drizzle-orm';
import type { Db } from '@server/db/client';
import { anyText, fixedRows, fixedStatement, rowsOf, tableColumns, tableRecordset } from '@server/db/rows';
import { checkInIdempotencyKeys, checkIns, journalEntries, subscriptions, users } from '@server/db/schema/index';
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

/** The user's latest check-in by local date (the whole row), or null when there is none. Imported days are not read. */
export async function latestCheckInRow(db: Db, userId: string): Promise<CheckInRow | null> {
  const rows = await db
    .select()
    .from(checkIns)
    .where(and(eq(checkIns.userId, userId), eq(checkIns.imported, false)))
    .orderBy(desc(checkIns.localDate))
    .limit(1);
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
 * check-in window reads, and their trials' and paid period's times (the subscription row as it stands, not locked),
 * from which the tier in force at the submission's instant follows (shared/domain/trials). One statement.
 */
export async function lockUsersWithLatest(db: Db, userIds: string[]): Promise<Map<string, LockedUser>> {
  const rows = await fixedRows<Record<string, unknown> & { id: string; settled: string | null; sub_user_id: string | null }>(db, LOCK_USERS, [userIds]);
  return new Map(
    rows.map((r) => {
      const latest = LOCKED_LATEST.row(r);
      return [
        r.id,
        {
          user: LOCKED_USER.row(r),
          latest: latest.localDate !== null ? latest : null,
          settledThrough: r.settled,
          times: r.sub_user_id !== null ? LOCKED_TIMES.row(r) : null,
        },
      ];
    }),
  );
}

/** What the lock reads of a user as it stands: what the check-in rules read of the user's row. */
export interface LockedUser {
  user: Pick<typeof users.$inferSelect, 'timezone' | 'checkInTime' | 'createdAt' | 'firstCheckInCompleted' | 'tier'>;
  latest: LatestCheckIn | null;
  settledThrough: string | null;
  /** The user's trials and paid period (null: never had either), to end what is due at the submission's instant. */
  times: LockedTimes | null;
}

/** lockUsersWithLatest's statement; its text fixed once (fixedStatement), its columns from the tables' definitions. */
const LOCKED_USER = tableColumns(users, 'u', { only: ['id', 'timezone', 'checkInTime', 'createdAt', 'firstCheckInCompleted', 'tier'] });
const LOCKED_LATEST = tableColumns(checkIns, 'latest', { prefix: 'latest_', only: ['localDate', 'createdAt'] });
const LOCKED_TIMES = tableColumns(subscriptions, 'sub', {
  prefix: 'sub_',
  only: ['userId', 'nextExpiryAt', 'premiumExpiresAt', 'aiCoachExpiresAt', 'previousTier', 'paidTier', 'paidUntil', 'autoRenew', 'scheduledTier'],
});
export type LockedTimes = ReturnType<typeof LOCKED_TIMES.row>;
const LOCK_USERS = fixedStatement(
  'checkins_lock_users',
  `SELECT ${LOCKED_USER.list}, ${LOCKED_LATEST.list}, s.last_processed_date::text AS settled, ${LOCKED_TIMES.list}
  FROM users AS u
  LEFT JOIN LATERAL (SELECT c.local_date, c.created_at FROM check_ins AS c WHERE c.user_id = u.id AND NOT c.imported ORDER BY c.local_date DESC LIMIT 1) AS latest ON true
  LEFT JOIN streak_states AS s ON s.user_id = u.id
  LEFT JOIN subscriptions AS sub ON sub.user_id = u.id
  WHERE u.id = ANY($1::text[])
  ORDER BY u.id
  FOR UPDATE OF u`,
);

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
  const rows = UPSERT.rows.json(values.map((v) => ({ ...v, id: v.id ?? randomUUID(), imported: v.imported ?? false })));
  const written = await fixedRows<{ id: string; user_id: string; local_date: string; inserted: boolean }>(db, UPSERT.statement, [rows]);
  return new Map(written.map((r) => [r.user_id, { row: { id: r.id, userId: r.user_id, localDate: r.local_date }, inserted: r.inserted }]));
}

/** upsertCheckIns' statement, its text fixed once from the table's columns (fixedStatement). */
const UPSERT = (() => {
  const rows = tableRecordset(checkIns);
  const names = rows.columns.join(', ');
  const replaced = REPLACED.map(([, col]) => `${col.name} = excluded.${col.name}`).join(', ');
  const text = `INSERT INTO check_ins (${names}) SELECT ${names} FROM ${rows.from('$1')}
    ORDER BY v.user_id, v.local_date
    ON CONFLICT (user_id, local_date) DO UPDATE SET ${replaced}
    RETURNING id, user_id, local_date, (xmax = 0) AS inserted`;
  return { rows, statement: fixedStatement('checkins_upsert', text) };
})();

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
 * arrays (unnest), so the statement's text is the same for any number of pairs: a named statement (decision 032),
 * each pair looked up on the (user, key) unique index.
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

/** Every column of check_in_idempotency_keys (tableRecordset); a row without its creation instant is stamped by the database. */
const KEYS = tableRecordset(checkInIdempotencyKeys);
const INSERT_KEYS = fixedStatement(
  'checkins_idempotency_insert',
  `INSERT INTO check_in_idempotency_keys (${KEYS.columns.join(', ')})
      SELECT ${KEYS.select({ created_at: 'now()' })} FROM ${KEYS.from('$1')}`,
);

/** Stores the answers of a batch: the rows as ONE jsonb parameter (jsonb_to_recordset), a named statement. */
export async function insertIdempotencyKeys(db: Db, rows: (typeof checkInIdempotencyKeys.$inferInsert)[]): Promise<void> {
  if (rows.length) await fixedRows(db, INSERT_KEYS, [KEYS.json(rows)]);
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

/**
 * Adds imported check-ins (with their journals) for dates the user has no check-in for; an existing day is never
 * replaced (ON CONFLICT DO NOTHING on the (user, date) index). Run it inside a transaction. Answers how many were added.
 */
export async function insertImportedCheckIns(
  tx: Db,
  rows: Array<{ checkIn: NewCheckIn & { imported: true }; journal: JournalFields | null }>,
): Promise<number> {
  let added = 0;
  for (let i = 0; i < rows.length; i += IMPORT_CHUNK) {
    const chunk = rows.slice(i, i + IMPORT_CHUNK);
    const written = await tx
      .insert(checkIns)
      .values(chunk.map((r) => r.checkIn))
      .onConflictDoNothing({ target: [checkIns.userId, checkIns.localDate] })
      .returning({ id: checkIns.id, localDate: checkIns.localDate });
    added += written.length;
    const byDate = new Map(chunk.map((r) => [r.checkIn.localDate, r]));
    const journals = written.flatMap((w) => {
      const r = byDate.get(w.localDate)!;
      return r.journal ? [{ ...r.journal, checkInId: w.id, userId: r.checkIn.userId, createdAt: r.checkIn.createdAt, updatedAt: r.checkIn.updatedAt }] : [];
    });
    if (journals.length) await tx.insert(journalEntries).values(journals);
  }
  return added;
}
/** Rows per INSERT of an import (well under PostgreSQL's 65,535 parameters a statement). */
const IMPORT_CHUNK = 500;

/** The ids of the user's imported check-ins (the export marks them). */
export async function listImportedIds(db: Db, userId: string): Promise<string[]> {
  const rows = await db
    .select({ id: checkIns.id })
    .from(checkIns)
    .where(and(eq(checkIns.userId, userId), eq(checkIns.imported, true)));
  return rows.map((r) => r.id);
}

/** The user's journal rows of check-ins dated `from` or later, with their dates, newest first. */
export async function journalsSince(db: Db, userId: string, from: string): Promise<Array<{ date: string; journal: JournalRow }>> {
  return db
    .select({ date: checkIns.localDate, journal: journalEntries })
    .from(journalEntries)
    .innerJoin(checkIns, eq(checkIns.id, journalEntries.checkInId))
    .where(and(eq(journalEntries.userId, userId), eq(checkIns.userId, userId), gte(checkIns.localDate, from)))
    .orderBy(desc(checkIns.localDate));
}
