import { inTx, type DataContext, type ServiceContext } from '@server/context';
import { FREEZE_DAYS_BY_TIER, TIER_LABELS, tierChangeDue, tierRank, type Tier } from '@shared/domain/tiers';
import { RENEWAL_GRACE_MS, applyExpiry, nextTierChangeAt, paidChangeAt } from '@shared/domain/trials';
import type { Subscription } from '@shared/schemas/subscriptions';
import { grantShields } from '../streaks/service';
import type { PaymentEffects, PaymentSucceeded } from '@server/events';
import * as repo from './repo';
import { subscriptionView } from '../user-state/views';

export type TierChangeSource = 'reward' | 'coupon' | 'payment' | 'developer' | 'downgrade';

export interface TierChange {
  userId: string;
  toTier: Tier;
  source: TierChangeSource;
  /** A trial of this many ms (rewards, coupons); omit for a paid tier with no end. */
  trialMs?: number;
  /** Idempotency reference (payment id) recorded with the shield grant. */
  ref?: string;
  /** Grant the tier's shields (default true: a tier or trial that starts; false for a downgrade or a renewal). */
  grantShields?: boolean;
}

export { RENEWAL_GRACE_MS, paidChangeAt };

/** The earliest change due: a trial's end or the paid period's. The job selects rows by it. */
const nextDueAt = nextTierChangeAt;

/**
 * The single tier-change function: sets the tier, records trial expiry and the tier to return to, grants
 * the tier's shields (ledger reason 'tier-grant') and records the change. Call inside a transaction (`tx` from inTx).
 */
export async function startTierChange(tx: DataContext, change: TierChange): Promise<{ fromTier: Tier; toTier: Tier; expiresAt: Date | null }> {
  const { userId, toTier } = change;
  const now = tx.now();
  // End trials that are already over first, so the tier to return to is never an ended trial; this also
  // takes the locks in the same order as expiry does (subscription, then user), so the two cannot deadlock.
  await expireTrials(tx, userId);
  const fromTier = await repo.lockUserTier(tx.db, userId);
  const sub = await repo.lockSubscription(tx.db, userId);
  const expiresAt = change.trialMs ? new Date(now.getTime() + change.trialMs) : null;
  const patch: Partial<repo.SubscriptionRow> = { updatedAt: now };
  if (expiresAt) {
    // The tier to come back to is the one the user holds without any trial.
    const activeTrial =
      (fromTier === 'premium' && sub.premiumExpiresAt && sub.premiumExpiresAt > now) ||
      (fromTier === 'ai-coach' && sub.aiCoachExpiresAt && sub.aiCoachExpiresAt > now);
    if (!activeTrial) patch.previousTier = fromTier;
    if (toTier === 'premium') patch.premiumExpiresAt = expiresAt;
    if (toTier === 'ai-coach') patch.aiCoachExpiresAt = expiresAt;
  } else {
    // A paid tier: no expiry for it, nothing to return to.
    if (toTier === 'premium') patch.premiumExpiresAt = null;
    if (toTier === 'ai-coach') patch.aiCoachExpiresAt = null;
    patch.previousTier = null;
  }
  patch.nextExpiryAt = nextDueAt({ ...sub, ...patch });
  await repo.updateSubscription(tx.db, userId, patch);
  await repo.setUserTier(tx.db, userId, toTier, now);
  const shields = change.grantShields === false ? 0 : FREEZE_DAYS_BY_TIER[toTier];
  if (shields > 0) {
    const note = `${TIER_LABELS[toTier]}${expiresAt ? ' trial' : ''}`;
    await grantShields(tx, userId, shields, 'tier-grant', { note, ref: change.ref });
  }
  await repo.recordTierChange(tx.db, {
    userId,
    fromTier,
    toTier,
    source: change.source,
    shieldsGranted: shields,
    expiresAt,
    createdAt: now,
  });
  return { fromTier, toTier, expiresAt };
}

/**
 * The one grant sequence of a trial (a milestone reward, a coupon): ended trials first (subscription, then user
 * locks — the order expiry uses), then the user's tier locked with the repo's lockUserTier, then `check` with
 * that current tier (it throws to refuse), then startTierChange. Call inside a transaction.
 */
export async function startTrial(
  tx: DataContext,
  change: TierChange & { trialMs: number },
  check: (currentTier: Tier) => void,
): Promise<{ fromTier: Tier; toTier: Tier; expiresAt: Date | null }> {
  await expireTrials(tx, change.userId);
  check(await repo.lockUserTier(tx.db, change.userId));
  return startTierChange(tx, change);
}

/** The user's stored tier (no lock; trials that ended and were not yet expired still count). */
export async function currentTier(ctx: DataContext, userId: string): Promise<Tier> {
  return repo.userTier(ctx.db, userId);
}

/**
 * Ends trials whose time is up: back to the previous tier (or to a still-running Premium trial when an AI
 * Coach trial ends), trialJustExpired set once. Call inside a transaction; returns true when something changed.
 */
export async function expireTrials({ db: tx, now: clock }: DataContext, userId: string): Promise<boolean> {
  const now = clock();
  const sub = await repo.lockSubscription(tx, userId);
  if (!tierChangeDue(sub, now)) return false;
  const tier = await repo.lockUserTier(tx, userId);
  const out = applyExpiry(tier, sub, now);
  await repo.updateSubscription(tx, userId, {
    ...out.times,
    nextExpiryAt: nextDueAt(out.times),
    updatedAt: now,
    ...(out.expired ? { trialJustExpired: out.expired, lastExpiredTrial: out.expired } : {}),
  });
  if (out.tier !== tier) {
    await repo.setUserTier(tx, userId, out.tier, now);
    const source = out.paidEnded ? 'payment-end' : 'trial-expiry';
    await repo.recordTierChange(tx, { userId, fromTier: tier, toTier: out.tier, source, createdAt: now });
  }
  return true;
}

/**
 * Ends due trials and paid periods of up to `limit` users (selected by index, locked with SKIP LOCKED so runners
 * on other instances take other users), inside the caller's transaction. Returns how many users were due.
 */
export async function expireDueTrials(tx: DataContext, limit: number): Promise<number> {
  const ids = await repo.lockDueExpiries(tx.db, tx.now(), limit);
  for (const id of ids) await expireTrials(tx, id);
  return ids.length;
}

// ---------------------------------------------------------------------------------------------------------
// Paid subscriptions (called by the payments module inside its transaction)
// ---------------------------------------------------------------------------------------------------------

export interface PaidPeriod {
  userId: string;
  tier: Tier;
  /** The end of the period this payment covers. */
  periodEnd: Date;
  /** The payment id (idempotency reference of the shield grant). */
  ref: string;
  /** 'purchase': a new subscription (grants the tier's shields); 'renewal': the next period of the same one. */
  kind: 'purchase' | 'renewal';
  autoRenew: boolean;
  stripeCustomerId?: string | null;
  stripeSubscriptionId?: string | null;
}

/** True when a trial of a tier above `tier` is running now (the user keeps it; it returns to `tier`). */
function trialAbove(tier: Tier, current: Tier, sub: repo.SubscriptionRow, now: Date): boolean {
  if (tierRank(current) <= tierRank(tier)) return false;
  return (
    (current === 'premium' && !!sub.premiumExpiresAt && sub.premiumExpiresAt > now) ||
    (current === 'ai-coach' && !!sub.aiCoachExpiresAt && sub.aiCoachExpiresAt > now)
  );
}

/**
 * A paid period starts or continues: records the paid tier and its end, then moves the user onto it through
 * startTierChange (which grants the tier's shields for a purchase and records the change). A trial of a higher
 * tier that is running keeps running and returns to the paid tier. Returns the stripe subscription this one
 * replaces (the payments service enqueues its cancellation with the provider), if any.
 */
export async function applyPaidPeriod(tx: DataContext, p: PaidPeriod): Promise<{ replacedStripeSubscriptionId: string | null }> {
  const { userId } = p;
  const now = tx.now();
  await expireTrials(tx, userId);
  const sub = await repo.lockSubscription(tx.db, userId);
  const current = await repo.lockUserTier(tx.db, userId);
  const sameSubscription = !!p.stripeSubscriptionId && p.stripeSubscriptionId === sub.stripeSubscriptionId;
  const renewal = p.kind === 'renewal';
  const paidTier = renewal ? (sub.paidTier ?? p.tier) : p.tier;
  const paidUntil = renewal && sub.paidUntil && sub.paidUntil > p.periodEnd ? sub.paidUntil : p.periodEnd;
  const replaced = !renewal && sub.stripeSubscriptionId && !sameSubscription ? sub.stripeSubscriptionId : null;
  const patch: Partial<repo.SubscriptionRow> = {
    paidTier,
    paidUntil,
    autoRenew: p.autoRenew,
    scheduledTier: renewal ? sub.scheduledTier : null,
    updatedAt: now,
  };
  if (p.stripeCustomerId) patch.stripeCustomerId = p.stripeCustomerId;
  if (p.stripeSubscriptionId !== undefined) patch.stripeSubscriptionId = p.stripeSubscriptionId;
  const keepTrial = trialAbove(paidTier, current, sub, now);
  if (keepTrial) patch.previousTier = paidTier;
  patch.nextExpiryAt = nextDueAt({ ...sub, ...patch });
  await repo.updateSubscription(tx.db, userId, patch);
  if (!keepTrial && (current !== paidTier || !renewal)) {
    await startTierChange(tx, { userId, toTier: paidTier, source: 'payment', ref: p.ref, grantShields: !renewal });
  }
  return { replacedStripeSubscriptionId: replaced };
}

/**
 * An in-transaction consumer of `payment.succeeded` (app.ts): a membership payment starts or renews the
 * paid period (applyPaidPeriod, with the payment id as the reference of its shield grant). Answers the Stripe
 * subscription it replaced, whose cancellation with the provider the payments service enqueues as a job.
 */
export async function onPaymentSucceeded(tx: DataContext, e: PaymentSucceeded): Promise<PaymentEffects> {
  if (e.productType !== 'subscription') return {};
  if (!e.periodEnd) throw new Error(`payment ${e.providerId}: a membership payment without the end of its period`);
  const r = await applyPaidPeriod(tx, {
    userId: e.userId,
    tier: e.tier ?? 'premium',
    periodEnd: e.periodEnd,
    ref: e.providerId,
    kind: e.renewal ? 'renewal' : 'purchase',
    autoRenew: e.autoRenew ?? true,
    stripeCustomerId: e.stripeCustomerId,
    stripeSubscriptionId: e.stripeSubscriptionId,
  });
  return { replacedStripeSubscriptionId: r.replacedStripeSubscriptionId };
}

/**
 * Downgrade to free, at once: the paid subscription and any trial end now (data is kept). Returns the Stripe
 * subscription to cancel with the provider after commit.
 */
export async function downgradeToFree(tx: DataContext, userId: string): Promise<{ stripeSubscriptionId: string | null }> {
  const now = tx.now();
  await expireTrials(tx, userId);
  const sub = await repo.lockSubscription(tx.db, userId);
  await repo.updateSubscription(tx.db, userId, {
    paidTier: null,
    paidUntil: null,
    autoRenew: false,
    scheduledTier: null,
    stripeSubscriptionId: null,
    premiumExpiresAt: null,
    aiCoachExpiresAt: null,
    previousTier: null,
    nextExpiryAt: null,
    updatedAt: now,
  });
  const tier = await repo.lockUserTier(tx.db, userId);
  if (tier !== 'free') await startTierChange(tx, { userId, toTier: 'free', source: 'downgrade', grantShields: false });
  return { stripeSubscriptionId: sub.stripeSubscriptionId };
}

/** The paid tier and its period, for a downgrade between paid tiers. */
export async function lockPaidState(tx: DataContext, userId: string): Promise<repo.SubscriptionRow> {
  return repo.lockSubscription(tx.db, userId);
}

/** A downgrade between paid tiers: `tier` starts at the end of the paid period. Returns when. */
export async function scheduleDowngrade(tx: DataContext, userId: string, tier: Tier): Promise<Date> {
  const sub = await repo.lockSubscription(tx.db, userId);
  if (!sub.paidTier || !sub.paidUntil) throw new Error('no paid subscription to downgrade');
  const patch = { scheduledTier: tier, autoRenew: true, updatedAt: tx.now() };
  await repo.updateSubscription(tx.db, userId, { ...patch, nextExpiryAt: nextDueAt({ ...sub, ...patch }) });
  return sub.paidUntil;
}

/**
 * The provider says whether the subscription renews (cancelled, payment failed, reactivated). A subscription
 * that no longer renews ends at the end of its paid period; one that is not the user's current one is ignored.
 * Returns false when no user holds that subscription.
 */
export async function setRenewal(tx: DataContext, stripeSubscriptionId: string, autoRenew: boolean): Promise<boolean> {
  const found = await repo.findByStripeSubscription(tx.db, stripeSubscriptionId);
  if (!found) return false;
  const sub = await repo.lockSubscription(tx.db, found.userId);
  if (sub.stripeSubscriptionId !== stripeSubscriptionId || !sub.paidTier) return false;
  const patch: Partial<repo.SubscriptionRow> = { autoRenew, updatedAt: tx.now() };
  if (!autoRenew) patch.scheduledTier = null;
  await repo.updateSubscription(tx.db, found.userId, { ...patch, nextExpiryAt: nextDueAt({ ...sub, ...patch }) });
  return true;
}

/**
 * The payment for this Stripe subscription was refunded or disputed: its paid period ends now and it renews no more
 * (the tier returns to free, or to a trial running on top). Nothing when it is not the user's current subscription.
 * Returns whether a paid period ended.
 */
export async function endPaidPeriodNow(tx: DataContext, userId: string, stripeSubscriptionId: string | null): Promise<boolean> {
  await expireTrials(tx, userId);
  const sub = await repo.lockSubscription(tx.db, userId);
  if (!sub.paidTier || !sub.paidUntil) return false;
  if (stripeSubscriptionId !== null && sub.stripeSubscriptionId !== stripeSubscriptionId) return false;
  const now = tx.now();
  const patch: Partial<repo.SubscriptionRow> = { paidUntil: sub.paidUntil < now ? sub.paidUntil : now, autoRenew: false, scheduledTier: null, updatedAt: now };
  await repo.updateSubscription(tx.db, userId, { ...patch, nextExpiryAt: nextDueAt({ ...sub, ...patch }) });
  await expireTrials(tx, userId);
  return true;
}

/** The user holding a Stripe subscription (webhooks for renewals carry only the subscription). */
export async function userOfStripeSubscription(ctx: DataContext, stripeSubscriptionId: string): Promise<string | null> {
  return (await repo.findByStripeSubscription(ctx.db, stripeSubscriptionId))?.userId ?? null;
}

/** The Stripe customer of a user, if one was created. */
export async function stripeCustomerOf(ctx: DataContext, userId: string): Promise<string | null> {
  return (await repo.findSubscription(ctx.db, userId))?.stripeCustomerId ?? null;
}

/** The user's Stripe customer and current subscription (for cancelling them when the account is deleted). */
export async function stripeRefsOf(ctx: DataContext, userId: string): Promise<{ customerId: string | null; subscriptionId: string | null }> {
  const row = await repo.findSubscription(ctx.db, userId);
  return { customerId: row?.stripeCustomerId ?? null, subscriptionId: row?.stripeSubscriptionId ?? null };
}

/** Remembers the user's Stripe customer (first one wins); returns the one stored. */
export async function rememberStripeCustomer(ctx: DataContext, userId: string, customerId: string): Promise<string> {
  return repo.setStripeCustomerIfUnset(ctx.db, userId, customerId);
}

/**
 * The user with any trial or paid period that has ended applied (shared/domain/trials applyExpiry). Trials end
 * by the minute job or on the next write; a request between the two must not answer on the ended trial's tier
 * (answer mode, journal, tips). A read: computes, never writes.
 */
export async function withCurrentTier<U extends { id: string; tier: Tier }>(ctx: ServiceContext, user: U): Promise<U> {
  // Expiry never raises a tier: a free user has nothing to expire (and costs no query).
  if (user.tier === 'free') return user;
  const now = ctx.now();
  const sub = await repo.findSubscription(ctx.db, user.id);
  if (!tierChangeDue(sub, now)) return user;
  return { ...user, tier: applyExpiry(await repo.userTier(ctx.db, user.id), sub, now).tier };
}

/**
 * The subscription as stored, for an answer right after a write that ended what was due (a claim, a downgrade).
 * GET /api/subscription reads the user's state instead (user-state `subscriptionFromState`).
 */
export async function readSubscription(ctx: DataContext, userId: string): Promise<Subscription> {
  const [tier, sub] = await Promise.all([repo.userTier(ctx.db, userId), repo.findSubscription(ctx.db, userId)]);
  return subscriptionView(tier, sub);
}

export async function dismissTrialExpiry(ctx: ServiceContext, userId: string) {
  await inTx(ctx, async (tx) => {
    // A user who never had a trial or a paid period has no subscription row and no notice: nothing is written.
    if (!(await repo.findSubscription(tx.db, userId))) return;
    // Persist a due expiry first (the GET only computed it), or its notice would come back when the job runs.
    await expireTrials(tx, userId);
    await repo.updateSubscription(tx.db, userId, { trialJustExpired: null, updatedAt: tx.now() });
  });
  ctx.sessionCache.forgetUser(userId); // the cached signed-in user may hold the ended trial's tier
  return { message: 'Trial notice dismissed' };
}

/** Developer tool: show the last trial-expiry notice again. */
export async function resetTrialNotification(ctx: ServiceContext, userId: string) {
  await inTx(ctx, async (tx) => {
    await expireTrials(tx, userId);
    const sub = await repo.lockSubscription(tx.db, userId);
    await repo.updateSubscription(tx.db, userId, { trialJustExpired: sub.lastExpiredTrial, updatedAt: tx.now() });
  });
  return { message: 'Trial notification reset' };
}


/** Every tier change of the user, oldest first (for the data export). */
export async function tierChangesOf(ctx: ServiceContext, userId: string) {
  const rows = await repo.listTierChanges(ctx.db, userId);
  return rows.map((r) => ({
    fromTier: r.fromTier,
    toTier: r.toTier,
    source: r.source,
    shieldsGranted: r.shieldsGranted,
    expiresAt: r.expiresAt?.toISOString() ?? null,
    createdAt: r.createdAt.toISOString(),
  }));
}
