import type { FastifyInstance } from 'fastify';
import { and, eq } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { appSettings, couponRedemptions, coupons, redeemedOffers, users } from '../../db/schema/index';
import { badRequest, conflict } from '../../errors';
import { TIER_LABELS } from '../../../shared/domain/tiers';
import { TRIAL_DAYS, TRIAL_LABELS, trialIsUpgrade } from '../../../shared/domain/trials';
import { COUPON_MESSAGES } from '../../../shared/schemas/subscriptions';
import { expireTrials, startTierChange } from '../subscriptions/service';
import { offerEmailHash } from './offer-hash';

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
  const [owner] = await app.db.select({ email: users.email }).from(users).where(eq(users.id, userId)).limit(1);
  if (!owner) throw badRequest(COUPON_MESSAGES.invalid);
  const emailHash = await offerEmailHash(app, owner.email);
  return inTx(app.db, async (tx) => {
    const [coupon] = await tx.select().from(coupons).where(eq(coupons.code, code)).limit(1);
    if (!coupon || !coupon.active || (coupon.expiresAt && coupon.expiresAt <= now)) throw badRequest(COUPON_MESSAGES.invalid);
    const inserted = await tx
      .insert(couponRedemptions)
      .values({ userId, code, redeemedAt: now })
      .onConflictDoNothing()
      .returning({ code: couponRedemptions.code });
    if (!inserted.length) throw conflict(COUPON_MESSAGES.alreadyUsed);
    // Once per e-mail address too, across deleting and re-creating the account (decision 018): the primary key
    // of redeemed_offers decides, in this transaction (a later refusal below rolls it back).
    const byAddress = await tx
      .insert(redeemedOffers)
      .values({ emailHash, code, redeemedAt: now })
      .onConflictDoNothing()
      .returning({ code: redeemedOffers.code });
    if (!byAddress.length) throw conflict(COUPON_MESSAGES.alreadyUsed);
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

/** True when this user, or an earlier account with the same e-mail address, has used the coupon. */
export async function offerUsed(app: FastifyInstance, user: { id: string; email: string }, code: string): Promise<boolean> {
  const emailHash = await offerEmailHash(app, user.email);
  const [byUser, byAddress] = await Promise.all([
    app.db
      .select({ code: couponRedemptions.code })
      .from(couponRedemptions)
      .where(and(eq(couponRedemptions.userId, user.id), eq(couponRedemptions.code, code)))
      .limit(1),
    app.db
      .select({ code: redeemedOffers.code })
      .from(redeemedOffers)
      .where(and(eq(redeemedOffers.emailHash, emailHash), eq(redeemedOffers.code, code)))
      .limit(1),
  ]);
  return byUser.length > 0 || byAddress.length > 0;
}

/** The user's coupon redemptions, oldest first (for the data export). */
export async function redemptionsOf(app: FastifyInstance, userId: string) {
  const rows = await app.db
    .select()
    .from(couponRedemptions)
    .where(eq(couponRedemptions.userId, userId))
    .orderBy(couponRedemptions.redeemedAt);
  return rows.map((r) => ({ code: r.code, redeemedAt: r.redeemedAt.toISOString() }));
}

const BACKFILL_KEY = 'redeemed_offers_backfilled';

/**
 * Once per database: records the address hash of every redemption made before redeemed_offers existed, so those
 * addresses cannot use the same coupon again after deleting the account. Safe with several instances starting.
 */
export async function backfillRedeemedOffers(app: FastifyInstance): Promise<void> {
  const [done] = await app.db.select({ key: appSettings.key }).from(appSettings).where(eq(appSettings.key, BACKFILL_KEY));
  if (done) return;
  const rows = await app.db
    .select({ email: users.email, code: couponRedemptions.code, redeemedAt: couponRedemptions.redeemedAt })
    .from(couponRedemptions)
    .innerJoin(users, eq(users.id, couponRedemptions.userId));
  const values = await Promise.all(
    rows.map(async (r) => ({ emailHash: await offerEmailHash(app, r.email), code: r.code, redeemedAt: r.redeemedAt })),
  );
  await inTx(app.db, async (tx) => {
    for (let i = 0; i < values.length; i += 500) {
      await tx.insert(redeemedOffers).values(values.slice(i, i + 500)).onConflictDoNothing();
    }
    await tx.insert(appSettings).values({ key: BACKFILL_KEY, value: 'true' }).onConflictDoNothing();
  });
}
