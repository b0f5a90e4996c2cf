import { and, desc, eq, inArray, ne, or, sql } from 'drizzle-orm';
import type { Db } from '@server/db/client';
import { purchases, testCheckoutSessions } from '@server/db/schema/index';
import { systemClock } from '@server/context';

export type PurchaseRow = typeof purchases.$inferSelect;
export type NewPurchase = typeof purchases.$inferInsert;
export type TestSessionRow = typeof testCheckoutSessions.$inferSelect;

/**
 * Records a completed payment once: inserts it, or turns a pending record of the same payment into a completed
 * one. Returns true only for the one call that did so (the grant happens only then). Concurrent callers wait
 * on the unique key and then see the row completed: no read-then-write.
 */
export async function recordCompletedOnce(tx: Db, row: NewPurchase & { status: 'completed' }): Promise<boolean> {
  const now = row.updatedAt ?? row.createdAt ?? systemClock.now();
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

/** The purchase a Stripe charge belongs to: by the charge's PaymentIntent, or by the invoice it paid. */
export async function findByPaymentRefs(db: Db, refs: readonly string[]): Promise<PurchaseRow | undefined> {
  if (!refs.length) return undefined;
  const [row] = await db
    .select()
    .from(purchases)
    .where(or(inArray(purchases.paymentRef, [...refs]), inArray(purchases.providerId, [...refs])))
    .limit(1);
  return row;
}

/**
 * Moves a purchase from one of `from` to `to` (with the refunded amount, when given) and returns it, or undefined
 * when it was not in one of `from`: the one call that moved it applies the consequences, so an event that arrives
 * again changes nothing.
 */
export async function transition(
  tx: Db,
  id: string,
  from: readonly PurchaseRow['status'][],
  to: PurchaseRow['status'],
  now: Date,
  refundedCents?: number,
): Promise<PurchaseRow | undefined> {
  const [row] = await tx
    .update(purchases)
    .set({ status: to, updatedAt: now, ...(refundedCents !== undefined ? { refundedCents } : {}) })
    .where(and(eq(purchases.id, id), inArray(purchases.status, [...from])))
    .returning();
  return row;
}

/** A partial refund after the first: only the amount moves on. */
export async function setRefunded(tx: Db, id: string, refundedCents: number, now: Date): Promise<void> {
  await tx.update(purchases).set({ refundedCents, updatedAt: now }).where(eq(purchases.id, id));
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
