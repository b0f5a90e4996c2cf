import { and, eq } from 'drizzle-orm';
import type { Db } from '@server/db/client';
import { appSettings, couponRedemptions, coupons, redeemedOffers } from '@server/db/schema/index';

export type CouponRow = typeof coupons.$inferSelect;

/** Inserts coupons if missing (idempotent; safe with several instances starting together). */
export async function insertCoupons(db: Db, rows: (typeof coupons.$inferInsert)[]): Promise<void> {
  await db.insert(coupons).values(rows).onConflictDoNothing();
}

export async function findCoupon(db: Db, code: string): Promise<CouponRow | undefined> {
  const [coupon] = await db.select().from(coupons).where(eq(coupons.code, code)).limit(1);
  return coupon;
}

/** Once per user and code: false when this user redeemed it already. */
export async function insertRedemptionOnce(db: Db, userId: string, code: string, now: Date): Promise<boolean> {
  const inserted = await db
    .insert(couponRedemptions)
    .values({ userId, code, redeemedAt: now })
    .onConflictDoNothing()
    .returning({ code: couponRedemptions.code });
  return inserted.length > 0;
}

/** Once per address hash and code (decision 018): false when the address used it already. */
export async function insertRedeemedOfferOnce(db: Db, emailHash: string, code: string, now: Date): Promise<boolean> {
  const inserted = await db
    .insert(redeemedOffers)
    .values({ emailHash, code, redeemedAt: now })
    .onConflictDoNothing()
    .returning({ code: redeemedOffers.code });
  return inserted.length > 0;
}

export async function usedByUser(db: Db, userId: string, code: string): Promise<boolean> {
  const rows = await db
    .select({ code: couponRedemptions.code })
    .from(couponRedemptions)
    .where(and(eq(couponRedemptions.userId, userId), eq(couponRedemptions.code, code)))
    .limit(1);
  return rows.length > 0;
}

export async function usedByAddress(db: Db, emailHash: string, code: string): Promise<boolean> {
  const rows = await db
    .select({ code: redeemedOffers.code })
    .from(redeemedOffers)
    .where(and(eq(redeemedOffers.emailHash, emailHash), eq(redeemedOffers.code, code)))
    .limit(1);
  return rows.length > 0;
}

export async function listRedemptions(db: Db, userId: string) {
  return db.select().from(couponRedemptions).where(eq(couponRedemptions.userId, userId)).orderBy(couponRedemptions.redeemedAt);
}

export async function settingExists(db: Db, key: string): Promise<boolean> {
  const [row] = await db.select({ key: appSettings.key }).from(appSettings).where(eq(appSettings.key, key));
  return !!row;
}

export async function setSetting(db: Db, key: string, value: string): Promise<void> {
  await db.insert(appSettings).values({ key, value }).onConflictDoNothing();
}

/** Every redemption (the one-time backfill of redeemed_offers). */
export async function allRedemptions(db: Db) {
  return db.select({ userId: couponRedemptions.userId, code: couponRedemptions.code, redeemedAt: couponRedemptions.redeemedAt }).from(couponRedemptions);
}

export async function insertRedeemedOffers(db: Db, rows: (typeof redeemedOffers.$inferInsert)[]): Promise<void> {
  for (let i = 0; i < rows.length; i += 500) await db.insert(redeemedOffers).values(rows.slice(i, i + 500)).onConflictDoNothing();
}
