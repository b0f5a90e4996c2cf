import { inTx, withNow, type DataContext, type ServiceContext } from '@server/context';
import { badRequest, conflict } from '@server/errors';
import { TIER_LABELS } from '@shared/domain/tiers';
import { TRIAL_DAYS, TRIAL_LABELS, trialIsUpgrade } from '@shared/domain/trials';
import { COUPON_MESSAGES } from '@shared/schemas/subscriptions';
import * as auth from '../auth/service';
import * as subscriptions from '../subscriptions/service';
import * as repo from './repo';
import { offerEmailHash } from './offer-hash';

/** The coupons the product ships with (DECISIONS: each a 30-day trial of its tier, once per user). */
export const SEED_COUPONS = [
  { code: 'OFFERPREMIUM30', tier: 'premium' as const, trialDays: TRIAL_DAYS, benefit: `${TRIAL_DAYS} days of ${TRIAL_LABELS.premium} free` },
  { code: 'OFFERAI30', tier: 'ai-coach' as const, trialDays: TRIAL_DAYS, benefit: `${TRIAL_DAYS} days of ${TRIAL_LABELS['ai-coach']} free` },
];

/** Inserts the shipped coupons if missing (idempotent; safe with several instances starting together). */
export async function seedCoupons(ctx: DataContext): Promise<void> {
  await repo.insertCoupons(ctx.db, SEED_COUPONS);
}

export async function redeemCoupon(ctx: ServiceContext, userId: string, rawCode: string) {
  const at = withNow(ctx, ctx.now());
  const now = at.now();
  const code = rawCode.trim().toUpperCase();
  const email = await auth.emailOf(ctx, userId);
  if (!email) throw badRequest(COUPON_MESSAGES.invalid);
  const emailHash = await offerEmailHash(ctx, email);
  return inTx(at, async (tx) => {
    const coupon = await repo.findCoupon(tx.db, code);
    if (!coupon || !coupon.active || (coupon.expiresAt && coupon.expiresAt <= now)) throw badRequest(COUPON_MESSAGES.invalid);
    if (!(await repo.insertRedemptionOnce(tx.db, userId, code, now))) throw conflict(COUPON_MESSAGES.alreadyUsed);
    // Once per e-mail address too, across deleting and re-creating the account (decision 018): the primary key
    // of redeemed_offers decides, in this transaction (a later refusal below rolls it back).
    if (!(await repo.insertRedeemedOfferOnce(tx.db, emailHash, code, now))) throw conflict(COUPON_MESSAGES.alreadyUsed);
    const trialMs = coupon.trialDays * 24 * 60 * 60 * 1000;
    await subscriptions.startTrial(tx, { userId, toTier: coupon.tier, source: 'coupon', trialMs }, (tier) => {
      if (!trialIsUpgrade(tier, coupon.tier)) throw badRequest(`Your ${TIER_LABELS[tier]} plan already includes ${TRIAL_LABELS[coupon.tier]}`);
    });
    if (coupon.tier === 'premium') await auth.markPremiumOfferUsed(tx, userId);
    return {
      message: `Coupon applied! Enjoy ${coupon.trialDays} days of ${TRIAL_LABELS[coupon.tier]}.`,
      benefit: coupon.benefit,
    };
  });
}

/** True when this user, or an earlier account with the same e-mail address, has used the coupon. */
export async function offerUsed(ctx: ServiceContext, user: { id: string; email: string }, code: string): Promise<boolean> {
  const emailHash = await offerEmailHash(ctx, user.email);
  const [byUser, byAddress] = await Promise.all([repo.usedByUser(ctx.db, user.id, code), repo.usedByAddress(ctx.db, emailHash, code)]);
  return byUser || byAddress;
}

/** The user's coupon redemptions, oldest first (for the data export). */
export async function redemptionsOf(ctx: ServiceContext, userId: string) {
  const rows = await repo.listRedemptions(ctx.db, userId);
  return rows.map((r) => ({ code: r.code, redeemedAt: r.redeemedAt.toISOString() }));
}

const BACKFILL_KEY = 'redeemed_offers_backfilled';

/**
 * Once per database: records the address hash of every redemption made before redeemed_offers existed, so those
 * addresses cannot use the same coupon again after deleting the account. Safe with several instances starting.
 */
export async function backfillRedeemedOffers(ctx: ServiceContext): Promise<void> {
  if (await repo.settingExists(ctx.db, BACKFILL_KEY)) return;
  const rows = await repo.allRedemptions(ctx.db);
  const emails = await auth.emailsOf(ctx, rows.map((r) => r.userId));
  const values = await Promise.all(
    rows.flatMap((r) => {
      const email = emails.get(r.userId);
      return email ? [offerEmailHash(ctx, email).then((emailHash) => ({ emailHash, code: r.code, redeemedAt: r.redeemedAt }))] : [];
    }),
  );
  await inTx(ctx, async (tx) => {
    await repo.insertRedeemedOffers(tx.db, values);
    await repo.setSetting(tx.db, BACKFILL_KEY, 'true');
  });
}
