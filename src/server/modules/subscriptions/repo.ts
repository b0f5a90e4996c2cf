import { and, eq, isNotNull, isNull, lte } from 'drizzle-orm';
import type { Db } from '@server/db/client';
import { subscriptions, tierChanges, users } from '@server/db/schema/index';
import type { Tier } from '@shared/domain/tiers';

export type SubscriptionRow = typeof subscriptions.$inferSelect;

/**
 * Locks the user row against other tier changes. NO KEY UPDATE (what an UPDATE of non-key columns takes), not
 * UPDATE: a plain FOR UPDATE also waits for the KEY SHARE locks that inserts referencing the user hold (reward
 * claims, coupon redemptions, ledger rows), which deadlocked with trial expiry.
 */
export async function lockUserTier(db: Db, userId: string): Promise<Tier> {
  const [u] = await db.select({ tier: users.tier }).from(users).where(eq(users.id, userId)).for('no key update');
  if (!u) throw new Error(`user ${userId} not found`);
  return u.tier;
}

export async function lockSubscription(db: Db, userId: string): Promise<SubscriptionRow> {
  await db.insert(subscriptions).values({ userId }).onConflictDoNothing();
  const [row] = await db.select().from(subscriptions).where(eq(subscriptions.userId, userId)).for('update');
  if (!row) throw new Error(`subscription row missing for ${userId}`);
  return row;
}

export async function findSubscription(db: Db, userId: string): Promise<SubscriptionRow | undefined> {
  const [row] = await db.select().from(subscriptions).where(eq(subscriptions.userId, userId)).limit(1);
  return row;
}

export async function userTier(db: Db, userId: string): Promise<Tier> {
  const [u] = await db.select({ tier: users.tier }).from(users).where(eq(users.id, userId)).limit(1);
  return u?.tier ?? 'free';
}

export async function setUserTier(db: Db, userId: string, tier: Tier, now: Date) {
  await db.update(users).set({ tier, updatedAt: now }).where(eq(users.id, userId));
}

export async function updateSubscription(db: Db, userId: string, patch: Partial<SubscriptionRow>) {
  await db.update(subscriptions).set(patch).where(eq(subscriptions.userId, userId));
}

export async function recordTierChange(db: Db, row: typeof tierChanges.$inferInsert) {
  await db.insert(tierChanges).values(row);
}

/** Users whose earliest trial expiry has passed, oldest first, skipping rows another runner holds. */
/** The user's tier changes, oldest first. */
export async function listTierChanges(db: Db, userId: string) {
  return db.select().from(tierChanges).where(eq(tierChanges.userId, userId)).orderBy(tierChanges.createdAt);
}

export async function lockDueExpiries(db: Db, now: Date, limit: number): Promise<string[]> {
  const rows = await db
    .select({ userId: subscriptions.userId })
    .from(subscriptions)
    .where(and(isNotNull(subscriptions.nextExpiryAt), lte(subscriptions.nextExpiryAt, now)))
    .orderBy(subscriptions.nextExpiryAt)
    .limit(limit)
    .for('update', { skipLocked: true });
  return rows.map((r) => r.userId);
}


export async function findByStripeSubscription(db: Db, stripeSubscriptionId: string): Promise<SubscriptionRow | undefined> {
  const [row] = await db.select().from(subscriptions).where(eq(subscriptions.stripeSubscriptionId, stripeSubscriptionId)).limit(1);
  return row;
}

/** Stores the Stripe customer unless one is stored already; returns the stored one. */
export async function setStripeCustomerIfUnset(db: Db, userId: string, customerId: string): Promise<string> {
  await db.insert(subscriptions).values({ userId }).onConflictDoNothing();
  await db
    .update(subscriptions)
    .set({ stripeCustomerId: customerId })
    .where(and(eq(subscriptions.userId, userId), isNull(subscriptions.stripeCustomerId)));
  const [row] = await db.select({ id: subscriptions.stripeCustomerId }).from(subscriptions).where(eq(subscriptions.userId, userId));
  return row?.id ?? customerId;
}
