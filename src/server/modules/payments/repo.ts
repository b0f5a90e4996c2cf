import { and, desc, eq, ne, sql } from 'drizzle-orm';
import type { Db } from '@server/db/client';
import { purchases, testCheckoutSessions } from '@server/db/schema/index';

export type PurchaseRow = typeof purchases.$inferSelect;
export type NewPurchase = typeof purchases.$inferInsert;
export type TestSessionRow = typeof testCheckoutSessions.$inferSelect;

/**
 * Records a completed payment once: inserts it, or turns a pending record of the same payment into a completed
 * one. Returns true only for the one call that did so (the grant happens only then). Concurrent callers wait
 * on the unique key and then see the row completed: no read-then-write.
 */
export async function recordCompletedOnce(tx: Db, row: NewPurchase & { status: 'completed' }): Promise<boolean> {
  const now = row.updatedAt ?? row.createdAt ?? new Date();
  const done = await tx
    .insert(purchases)
    .values(row)
    .onConflictDoUpdate({
      target: purchases.providerId,
      set: { status: 'completed', updatedAt: now },
      setWhere: sql`${purchases.status} <> 'completed'`,
    })
    .returning({ id: purchases.id });
  return done.length > 0;
}

/** Records a pending or failed payment unless the payment is already recorded. */
export async function recordOnce(tx: Db, row: NewPurchase): Promise<boolean> {
  const done = await tx.insert(purchases).values(row).onConflictDoNothing({ target: purchases.providerId }).returning({ id: purchases.id });
  return done.length > 0;
}

/** A pending payment that failed after all (async payment methods). */
export async function markPendingFailed(tx: Db, providerId: string, now: Date): Promise<void> {
  await tx
    .update(purchases)
    .set({ status: 'failed', updatedAt: now })
    .where(and(eq(purchases.providerId, providerId), eq(purchases.status, 'pending')));
}

export async function setFulfilmentNote(tx: Db, providerId: string, note: string): Promise<void> {
  await tx.update(purchases).set({ fulfilmentNote: note }).where(eq(purchases.providerId, providerId));
}

export async function findPurchase(db: Db, providerId: string): Promise<PurchaseRow | undefined> {
  const [row] = await db.select().from(purchases).where(eq(purchases.providerId, providerId)).limit(1);
  return row;
}

export async function listPurchases(db: Db, userId: string, limit = 200): Promise<PurchaseRow[]> {
  return db.select().from(purchases).where(eq(purchases.userId, userId)).orderBy(desc(purchases.createdAt), desc(purchases.id)).limit(limit);
}

// -- the built-in test checkout ----------------------------------------------------------------------------

export async function insertTestSession(db: Db, row: typeof testCheckoutSessions.$inferInsert): Promise<void> {
  await db.insert(testCheckoutSessions).values(row);
}

export async function findTestSession(db: Db, id: string): Promise<TestSessionRow | undefined> {
  const [row] = await db.select().from(testCheckoutSessions).where(eq(testCheckoutSessions.id, id)).limit(1);
  return row;
}

/** Open → paid for its owner; returns the row as it is afterwards (undefined: not the user's session). */
export async function payTestSession(db: Db, id: string, userId: string, now: Date): Promise<TestSessionRow | undefined> {
  await db
    .update(testCheckoutSessions)
    .set({ status: 'paid', paidAt: now })
    .where(and(eq(testCheckoutSessions.id, id), eq(testCheckoutSessions.userId, userId), eq(testCheckoutSessions.status, 'open')));
  const row = await findTestSession(db, id);
  return row?.userId === userId ? row : undefined;
}

/** Open → cancelled for its owner; returns the row as it is afterwards. */
export async function cancelTestSession(db: Db, id: string, userId: string): Promise<TestSessionRow | undefined> {
  await db
    .update(testCheckoutSessions)
    .set({ status: 'cancelled' })
    .where(and(eq(testCheckoutSessions.id, id), eq(testCheckoutSessions.userId, userId), ne(testCheckoutSessions.status, 'paid')));
  const row = await findTestSession(db, id);
  return row?.userId === userId ? row : undefined;
}
