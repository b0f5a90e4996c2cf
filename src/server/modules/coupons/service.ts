import type { FastifyInstance } from 'fastify';
import { eq } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { couponRedemptions, coupons, users } from '../../db/schema/index';
import { badRequest, conflict } from '../../errors';
import { TIER_LABELS } from '../../../shared/domain/tiers';
import { TRIAL_DAYS, TRIAL_LABELS, trialIsUpgrade } from '../../../shared/domain/trials';
import { COUPON_MESSAGES } from '../../../shared/schemas/subscriptions';
import { expireTrials, startTierChange } from '../subscriptions/service';

/** The coupons the product ships with (DECISIONS: each a 30-day trial of its tier, once per user). */
export const SEED_COUPONS = [
  { code: 'OFFERPREMIUM30', tier: 'premium' as const, trialDays: TRIAL_DAYS, benefit: `${TRIAL_DAYS} days of ${TRIAL_LABELS.premium} free` },
  { code: 'OFFERAI30', tier: 'ai-coach' as const, trialDays: TRIAL_DAYS, benefit: `${TRIAL_DAYS} days of ${TRIAL_LABELS['ai-coach']} free` },
];

/** Inserts the shipped coupons if missing (idempotent; safe with several instances starting together). */
export async function seedCoupons(db: Db): Promise<void> {
  await db.insert(coupons).values(SEED_COUPONS).onConflictDoNothing();
}

const inTx = <T>(db: Db, fn: (tx: Db) => Promise<T>): Promise<T> => db.transaction(async (tx) => fn(tx as unknown as Db));

export async function redeemCoupon(app: FastifyInstance, userId: string, rawCode: string) {
  const now = app.clock.now();
  const code = rawCode.trim().toUpperCase();
  return inTx(app.db, async (tx) => {
    const [coupon] = await tx.select().from(coupons).where(eq(coupons.code, code)).limit(1);
    if (!coupon || !coupon.active || (coupon.expiresAt && coupon.expiresAt <= now)) throw badRequest(COUPON_MESSAGES.invalid);
    const inserted = await tx
      .insert(couponRedemptions)
      .values({ userId, code, redeemedAt: now })
      .onConflictDoNothing()
      .returning({ code: couponRedemptions.code });
    if (!inserted.length) throw conflict(COUPON_MESSAGES.alreadyUsed);
    // Ended trials first (subscription, then user locks — the order expiry uses): the tier checked is current.
    await expireTrials(tx, userId, now);
    const [u] = await tx.select({ tier: users.tier }).from(users).where(eq(users.id, userId)).for('no key update');
    if (!u || !trialIsUpgrade(u.tier, coupon.tier)) {
      throw badRequest(`Your ${TIER_LABELS[u?.tier ?? 'free']} plan already includes ${TRIAL_LABELS[coupon.tier]}`);
    }
    await startTierChange(tx, {
      userId,
      toTier: coupon.tier,
      source: 'coupon',
      now,
      trialMs: coupon.trialDays * 24 * 60 * 60 * 1000,
    });
    if (coupon.tier === 'premium') {
      await tx.update(users).set({ premiumOfferUsed: true }).where(eq(users.id, userId));
    }
    return {
      message: `Coupon applied! Enjoy ${coupon.trialDays} days of ${TRIAL_LABELS[coupon.tier]}.`,
      benefit: coupon.benefit,
    };
  });
}
