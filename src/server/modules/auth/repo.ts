import { and, asc, count, eq, gt, inArray, isNull, lt, lte, type SQL } from 'drizzle-orm';
import type { Db } from '@server/db/client';
import { emailTokens, sessions, signinFailures, users } from '@server/db/schema/index';

export type NewUser = typeof users.$inferInsert;
export type UserRow = typeof users.$inferSelect;
export type EmailTokenPurpose = (typeof emailTokens.$inferSelect)['purpose'];
/** A database handle or a transaction on it. */
type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];
type Conn = Db | Tx;

/** True when the error (or its cause) is a PostgreSQL unique violation. */
export function isUniqueViolation(err: unknown): boolean {
  for (let e: unknown = err, depth = 0; e && depth < 4; e = (e as { cause?: unknown }).cause, depth++) {
    if ((e as { code?: unknown }).code === '23505') return true;
  }
  return false;
}

export async function findUserByEmail(db: Conn, email: string): Promise<UserRow | undefined> {
  const rows = await db.select().from(users).where(eq(users.email, email)).limit(1);
  return rows[0];
}

export async function findUserById(db: Conn, userId: string): Promise<UserRow | undefined> {
  const rows = await db.select().from(users).where(eq(users.id, userId)).limit(1);
  return rows[0];
}

/** The e-mail addresses of the given users (those that exist). */
export async function emailsByIds(db: Conn, userIds: string[]): Promise<Array<{ id: string; email: string }>> {
  if (userIds.length === 0) return [];
  return db.select({ id: users.id, email: users.email }).from(users).where(inArray(users.id, userIds));
}

/** Sets a flag of the user row without touching anything else (not even updated_at). */
export async function setUserFlag(db: Conn, userId: string, flag: Partial<Pick<UserRow, 'premiumOfferUsed'>>): Promise<void> {
  await db.update(users).set(flag).where(eq(users.id, userId));
}

export async function findUserByGoogleSub(db: Conn, sub: string): Promise<UserRow | undefined> {
  const rows = await db.select().from(users).where(eq(users.googleSub, sub)).limit(1);
  return rows[0];
}

/** Inserts a user; throws a unique violation when the e-mail (or Google id) is taken. */
export async function insertUser(db: Conn, values: NewUser): Promise<UserRow> {
  const rows = await db.insert(users).values(values).returning();
  const row = rows[0];
  if (!row) throw new Error('insert returned no row');
  return row;
}

export async function updateUser(
  db: Conn,
  userId: string,
  values: Partial<Omit<NewUser, 'id' | 'email' | 'createdAt'>>,
): Promise<UserRow | undefined> {
  const rows = await db.update(users).set(values).where(eq(users.id, userId)).returning();
  return rows[0];
}

export async function insertEmailToken(
  db: Conn,
  values: { id: string; userId: string; purpose: EmailTokenPurpose; createdAt: Date; expiresAt: Date },
): Promise<void> {
  await db.insert(emailTokens).values(values);
}

/** Marks every unused token of this purpose for the user as used (superseded). */
export async function invalidateEmailTokens(db: Conn, userId: string, purpose: EmailTokenPurpose, at: Date): Promise<void> {
  await db
    .update(emailTokens)
    .set({ usedAt: at })
    .where(and(eq(emailTokens.userId, userId), eq(emailTokens.purpose, purpose), isNull(emailTokens.usedAt)));
}

/**
 * The row's token becomes `tokenHash` (the e-mail job, as it sends; a retry makes a new one). A used, superseded or
 * expired row takes it too (its link then says so, as before); false only when the row is gone: nothing to send.
 */
export async function setEmailTokenHash(db: Conn, id: string, tokenHash: string): Promise<boolean> {
  const rows = await db.update(emailTokens).set({ tokenHash }).where(eq(emailTokens.id, id)).returning({ id: emailTokens.id });
  return rows.length === 1;
}

/** The row of an e-mailed token, by the token's hash. */
export async function findEmailToken(db: Conn, tokenHash: string, purpose: EmailTokenPurpose) {
  const rows = await db
    .select()
    .from(emailTokens)
    .where(and(eq(emailTokens.tokenHash, tokenHash), eq(emailTokens.purpose, purpose)))
    .limit(1);
  return rows[0];
}

/** Uses the token once: true only for the single caller that flipped usedAt from null. */
export async function consumeEmailToken(db: Conn, id: string, at: Date): Promise<boolean> {
  const rows = await db
    .update(emailTokens)
    .set({ usedAt: at })
    .where(and(eq(emailTokens.id, id), isNull(emailTokens.usedAt), gt(emailTokens.expiresAt, at)))
    .returning({ id: emailTokens.id });
  return rows.length === 1;
}

export async function deleteUserSessions(db: Conn, userId: string): Promise<void> {
  await db.delete(sessions).where(eq(sessions.userId, userId));
}

/** Failed sign-ins for the e-mail since `since`: how many, and when the oldest happened. */
export async function recentSigninFailures(db: Conn, email: string, since: Date): Promise<{ count: number; oldest: Date | null }> {
  const where = and(eq(signinFailures.email, email), gt(signinFailures.createdAt, since));
  const [c] = await db.select({ n: count() }).from(signinFailures).where(where);
  const n = Number(c?.n ?? 0);
  if (n === 0) return { count: 0, oldest: null };
  const [first] = await db
    .select({ createdAt: signinFailures.createdAt })
    .from(signinFailures)
    .where(where)
    .orderBy(asc(signinFailures.createdAt))
    .limit(1);
  return { count: n, oldest: first?.createdAt ?? null };
}

/** Records a failed sign-in and drops this e-mail's failures that fell out of the window. */
/** Records a failed (or, until it is known, a pending) attempt; returns its id. Prunes rows older than the window. */
export async function recordSigninFailure(db: Conn, email: string, at: Date, windowStart: Date): Promise<string> {
  const [row] = await db.insert(signinFailures).values({ email, createdAt: at }).returning({ id: signinFailures.id });
  await db.delete(signinFailures).where(and(eq(signinFailures.email, email), lte(signinFailures.createdAt, windowStart)));
  return row!.id;
}

export async function deleteSigninFailure(db: Conn, id: string): Promise<void> {
  await db.delete(signinFailures).where(eq(signinFailures.id, id));
}

export async function clearSigninFailures(db: Conn, email: string): Promise<void> {
  await db.delete(signinFailures).where(eq(signinFailures.email, email));
}

// ---------------------------------------------------------------------------------------------------------
// Clean-up of dead rows, in bounded batches: each call is one short statement on the condition's index,
// deleting at most `limit` rows; rows a concurrent clean-up (another instance) holds are skipped, not awaited.
// ---------------------------------------------------------------------------------------------------------

async function deleteSome(db: Conn, table: typeof sessions | typeof emailTokens | typeof signinFailures, where: SQL, limit: number) {
  const ids = db.select({ id: table.id }).from(table).where(where).limit(limit).for('update', { skipLocked: true });
  const rows = await db.delete(table).where(inArray(table.id, ids)).returning({ id: table.id });
  return rows.length;
}

/** Sessions that expired at or before `now` (a session is valid only while expires_at > now). */
export const deleteExpiredSessions = (db: Conn, now: Date, limit: number) =>
  deleteSome(db, sessions, lte(sessions.expiresAt, now), limit);

/** E-mail tokens (any purpose) that expired before `before`. */
export const deleteEmailTokensExpiredBefore = (db: Conn, before: Date, limit: number) =>
  deleteSome(db, emailTokens, lt(emailTokens.expiresAt, before), limit);

/** E-mail tokens used (or superseded) at or before `at`. */
export const deleteEmailTokensUsedBy = (db: Conn, at: Date, limit: number) =>
  deleteSome(db, emailTokens, lte(emailTokens.usedAt, at), limit);

/** Sign-in failure rows recorded before `before` (every e-mail). */
export const deleteSigninFailuresBefore = (db: Conn, before: Date, limit: number) =>
  deleteSome(db, signinFailures, lt(signinFailures.createdAt, before), limit);
/** Locks the user's row until the end of the transaction (serialises per-user counters such as the e-mail cap). */
export async function lockUser(tx: Conn, userId: string): Promise<void> {
  await tx.select({ id: users.id }).from(users).where(eq(users.id, userId)).for('update');
}

/** Whether the user exists, holding a key-share lock on the row (no deletion until the transaction ends). */
export async function holdUser(tx: Conn, userId: string): Promise<boolean> {
  const rows = await tx.select({ id: users.id }).from(users).where(eq(users.id, userId)).for('key share');
  return rows.length > 0;
}

/** E-mailed tokens (any purpose, used or not) issued to the user since `since`. */
export async function countEmailTokensSince(db: Conn, userId: string, since: Date): Promise<number> {
  const rows = await db
    .select({ n: count() })
    .from(emailTokens)
    .where(and(eq(emailTokens.userId, userId), gt(emailTokens.createdAt, since)));
  return Number(rows[0]?.n ?? 0);
}
