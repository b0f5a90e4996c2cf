import type { FastifyInstance } from 'fastify';
import type { Db } from '../../db/client';
import { FREEZE_DAYS_BY_TIER, TIER_LABELS, tierRank, type Tier } from '../../../shared/domain/tiers';
import type { TrialTier } from '../../../shared/domain/trials';
import type { Subscription } from '../../../shared/schemas/subscriptions';
import { grantShields } from '../streaks/service';
import * as repo from './repo';

export type TierChangeSource = 'reward' | 'coupon' | 'payment' | 'developer';

export interface TierChange {
  userId: string;
  toTier: Tier;
  source: TierChangeSource;
  now: Date;
  /** A trial of this many ms (rewards, coupons); omit for a paid tier with no end. */
  trialMs?: number;
  /** Idempotency reference (payment id) recorded with the shield grant. */
  ref?: string;
}

const inTx = <T>(db: Db, fn: (tx: Db) => Promise<T>): Promise<T> => db.transaction(async (tx) => fn(tx as unknown as Db));

const earliest = (...dates: (Date | null)[]): Date | null =>
  dates.filter((d): d is Date => d !== null).reduce<Date | null>((a, b) => (a === null || b < a ? b : a), null);

/**
 * The single tier-change function: sets the tier, records trial expiry and the tier to return to, grants
 * the tier's shields (ledger reason 'tier-grant') and records the change. Call inside a transaction.
 */
export async function startTierChange(tx: Db, change: TierChange): Promise<{ fromTier: Tier; toTier: Tier; expiresAt: Date | null }> {
  const { userId, toTier, now } = change;
  // End trials that are already over first, so the tier to return to is never an ended trial; this also
  // takes the locks in the same order as expiry does (subscription, then user), so the two cannot deadlock.
  await expireTrials(tx, userId, now);
  const fromTier = await repo.lockUserTier(tx, userId);
  const sub = await repo.lockSubscription(tx, userId);
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
  const premium = 'premiumExpiresAt' in patch ? patch.premiumExpiresAt! : sub.premiumExpiresAt;
  const aiCoach = 'aiCoachExpiresAt' in patch ? patch.aiCoachExpiresAt! : sub.aiCoachExpiresAt;
  patch.nextExpiryAt = earliest(premium ?? null, aiCoach ?? null);
  await repo.updateSubscription(tx, userId, patch);
  await repo.setUserTier(tx, userId, toTier, now);
  const shields = FREEZE_DAYS_BY_TIER[toTier];
  if (shields > 0) {
    const note = `${TIER_LABELS[toTier]}${expiresAt ? ' trial' : ''}`;
    await grantShields(tx, userId, shields, 'tier-grant', now, { note, ref: change.ref });
  }
  await repo.recordTierChange(tx, {
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
 * Ends trials whose time is up: back to the previous tier (or to a still-running Premium trial when an AI
 * Coach trial ends), trialJustExpired set once. Call inside a transaction; returns true when something changed.
 */
export async function expireTrials(tx: Db, userId: string, now: Date): Promise<boolean> {
  const sub = await repo.lockSubscription(tx, userId);
  if (!sub.nextExpiryAt || sub.nextExpiryAt > now) return false;
  const tier = await repo.lockUserTier(tx, userId);
  let premium = sub.premiumExpiresAt;
  let aiCoach = sub.aiCoachExpiresAt;
  let newTier: Tier = tier;
  let expired: TrialTier | null = null;
  if (aiCoach && aiCoach <= now) {
    aiCoach = null;
    if (tier === 'ai-coach') {
      expired = 'ai-coach';
      newTier = premium && premium > now ? 'premium' : (sub.previousTier ?? 'free');
    }
  }
  if (premium && premium <= now) {
    premium = null;
    if (newTier === 'premium') {
      expired = expired ?? 'premium';
      newTier = sub.previousTier ?? 'free';
    }
  }
  if (tierRank(newTier) > tierRank(tier)) newTier = tier; // expiry never raises a tier
  await repo.updateSubscription(tx, userId, {
    premiumExpiresAt: premium,
    aiCoachExpiresAt: aiCoach,
    nextExpiryAt: earliest(premium, aiCoach),
    updatedAt: now,
    ...(expired ? { trialJustExpired: expired, lastExpiredTrial: expired } : {}),
  });
  if (newTier !== tier) {
    await repo.setUserTier(tx, userId, newTier, now);
    await repo.recordTierChange(tx, { userId, fromTier: tier, toTier: newTier, source: 'trial-expiry', createdAt: now });
  }
  return true;
}

/**
 * The user with any trial that has ended applied. Trials end by the minute job or lazily on read; a request
 * between the two must not answer on the ended trial's tier (answer mode, journal, tips).
 */
export async function withCurrentTier<U extends { id: string; tier: Tier }>(app: FastifyInstance, user: U): Promise<U> {
  const now = app.clock.now();
  const sub = await repo.findSubscription(app.db, user.id);
  if (!sub?.nextExpiryAt || sub.nextExpiryAt > now) return user;
  await inTx(app.db, (tx) => expireTrials(tx, user.id, now));
  app.sessionCache.forgetUser(user.id); // the cached signed-in user still holds the ended trial's tier
  return { ...user, tier: await repo.userTier(app.db, user.id) };
}

/** Expires due trials lazily (on read), then returns the subscription. */
export async function getSubscription(app: FastifyInstance, userId: string): Promise<Subscription> {
  const now = app.clock.now();
  const sub = await repo.findSubscription(app.db, userId);
  if (sub?.nextExpiryAt && sub.nextExpiryAt <= now) {
    await inTx(app.db, (tx) => expireTrials(tx, userId, now));
    app.sessionCache.forgetUser(userId);
    return readSubscription(app.db, userId);
  }
  return subscriptionView(await repo.userTier(app.db, userId), sub);
}

export async function readSubscription(db: Db, userId: string): Promise<Subscription> {
  const [tier, sub] = await Promise.all([repo.userTier(db, userId), repo.findSubscription(db, userId)]);
  return subscriptionView(tier, sub);
}

function subscriptionView(tier: Tier, sub: repo.SubscriptionRow | undefined): Subscription {
  return {
    tier,
    premiumExpiresAt: sub?.premiumExpiresAt?.toISOString() ?? null,
    aiCoachExpiresAt: sub?.aiCoachExpiresAt?.toISOString() ?? null,
    trialJustExpired: sub?.trialJustExpired ?? null,
    previousTier: sub?.previousTier ?? null,
  };
}

export async function dismissTrialExpiry(app: FastifyInstance, userId: string) {
  await inTx(app.db, async (tx) => {
    await repo.lockSubscription(tx, userId);
    await repo.updateSubscription(tx, userId, { trialJustExpired: null, updatedAt: app.clock.now() });
  });
  return { message: 'Trial notice dismissed' };
}

/** Developer tool: show the last trial-expiry notice again. */
export async function resetTrialNotification(app: FastifyInstance, userId: string) {
  await inTx(app.db, async (tx) => {
    const sub = await repo.lockSubscription(tx, userId);
    await repo.updateSubscription(tx, userId, { trialJustExpired: sub.lastExpiredTrial, updatedAt: app.clock.now() });
  });
  return { message: 'Trial notification reset' };
}


/** Every tier change of the user, oldest first (for the data export). */
export async function tierChangesOf(app: FastifyInstance, userId: string) {
  const rows = await repo.listTierChanges(app.db, userId);
  return rows.map((r) => ({
    fromTier: r.fromTier,
    toTier: r.toTier,
    source: r.source,
    shieldsGranted: r.shieldsGranted,
    expiresAt: r.expiresAt?.toISOString() ?? null,
    createdAt: r.createdAt.toISOString(),
  }));
}
