import { and, desc, eq, getTableColumns, sql } from 'drizzle-orm';
import type { Db } from '@server/db/client';
import { rowsOf } from '@server/db/rows';
import { checkInIdempotencyKeys, checkIns, journalEntries, users } from '@server/db/schema/index';
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

/**
 * Locks the user's row until the transaction ends: new check-ins of one user (and timezone changes) run one
 * after the other, so each sees the check-in the previous one wrote (decision 010 reads, then writes).
 */
/** Locks the user's row for the rest of the transaction and reads it as it stands. */
export async function lockUser(db: Db, userId: string): Promise<typeof users.$inferSelect | undefined> {
  const [row] = await db.select().from(users).where(eq(users.id, userId)).for('update');
  return row;
}

/** The user's check-ins, newest first. */
export async function listCheckIns(db: Db, userId: string, limit?: number): Promise<CheckInRow[]> {
  const q = db.select().from(checkIns).where(eq(checkIns.userId, userId)).orderBy(desc(checkIns.localDate));
  return limit ? q.limit(limit) : q;
}

/**
 * Inserts the check-in for (user, local date) or replaces the existing one, atomically
 * (INSERT … ON CONFLICT DO UPDATE): concurrent submissions for one day leave exactly one row.
 */
export async function upsertCheckIn(db: Db, values: NewCheckIn & { createdAt: Date; updatedAt: Date }): Promise<{ row: CheckInRow; inserted: boolean }> {
  const { id: _id, createdAt: _c, userId: _u, localDate: _d, ...replaceable } = values;
  const rows = await db
    .insert(checkIns)
    .values(values)
    .onConflictDoUpdate({ target: [checkIns.userId, checkIns.localDate], set: replaceable })
    .returning({ ...getTableColumns(checkIns), inserted: sql<boolean>`(xmax = 0)` });
  const { inserted, ...row } = rows[0]!;
  return { row, inserted: Boolean(inserted) };
}

/** Sets firstCheckInCompleted; true only for the call that flipped it (safe under concurrency). */
export async function markFirstCheckInCompleted(db: Db, userId: string, now: Date): Promise<boolean> {
  const rows = await db
    .update(users)
    .set({ firstCheckInCompleted: true, updatedAt: now })
    .where(and(eq(users.id, userId), eq(users.firstCheckInCompleted, false)))
    .returning({ id: users.id });
  return rows.length > 0;
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

export async function findIdempotencyKey(db: Db, userId: string, key: string): Promise<IdempotencyRow | null> {
  const rows = await db
    .select()
    .from(checkInIdempotencyKeys)
    .where(and(eq(checkInIdempotencyKeys.userId, userId), eq(checkInIdempotencyKeys.key, key)))
    .limit(1);
  return rows[0] ?? null;
}

export async function insertIdempotencyKey(db: Db, row: typeof checkInIdempotencyKeys.$inferInsert): Promise<void> {
  await db.insert(checkInIdempotencyKeys).values(row);
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
