import { randomUUID } from 'node:crypto';
import { index, pgTable, primaryKey, text, integer, timestamp, boolean, uniqueIndex } from 'drizzle-orm/pg-core';
import { users } from './auth';

const ts = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' });
const trialTier = (name: string) => text(name, { enum: ['premium', 'ai-coach'] });

/** Subscription state beside users.tier (the effective tier): trials, the tier to return to, expiry notice. */
export const subscriptions = pgTable(
  'subscriptions',
  {
    userId: text('user_id')
      .primaryKey()
      .references(() => users.id, { onDelete: 'cascade' }),
    premiumExpiresAt: ts('premium_expires_at'),
    aiCoachExpiresAt: ts('ai_coach_expires_at'),
    /** The tier a trial returns to when it ends. */
    previousTier: text('previous_tier', { enum: ['free', 'ad-free', 'premium', 'ai-coach', 'therapy'] }),
    /** Set once when a trial ends; cleared when the user dismisses the notice. */
    trialJustExpired: trialTier('trial_just_expired'),
    /** The last trial that ended (lets developer tools show the notice again). */
    lastExpiredTrial: trialTier('last_expired_trial'),
    /** The tier the user pays for (a paid subscription); null without one. */
    paidTier: text('paid_tier', { enum: ['free', 'ad-free', 'premium', 'ai-coach', 'therapy'] }),
    /** The end of the paid period (Stripe's current_period_end); a renewal moves it on. */
    paidUntil: ts('paid_until'),
    /** The subscription renews by itself (active, not cancelled, last payment did not fail). */
    autoRenew: boolean('auto_renew').notNull().default(false),
    /** A downgrade between paid tiers, taking effect at paidUntil. */
    scheduledTier: text('scheduled_tier', { enum: ['free', 'ad-free', 'premium', 'ai-coach', 'therapy'] }),
    stripeCustomerId: text('stripe_customer_id'),
    stripeSubscriptionId: text('stripe_subscription_id'),
    /** The earliest due change (a trial's end, the paid period's end): the job selects due rows by this index. */
    nextExpiryAt: ts('next_expiry_at'),
    updatedAt: ts('updated_at').notNull().defaultNow(),
  },
  (t) => [
    index('subscriptions_next_expiry_idx').on(t.nextExpiryAt),
    uniqueIndex('subscriptions_stripe_subscription_uq').on(t.stripeSubscriptionId),
    uniqueIndex('subscriptions_stripe_customer_uq').on(t.stripeCustomerId),
  ],
);

/** Milestone rewards claimed: once per user and type, by the primary key. */
export const rewardClaims = pgTable(
  'reward_claims',
  {
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    rewardType: trialTier('reward_type').notNull(),
    claimedAt: ts('claimed_at').notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.rewardType] })],
);

/** Coupon codes (seeded at start-up); each grants a trial of its tier. */
export const coupons = pgTable('coupons', {
  code: text('code').primaryKey(),
  tier: trialTier('tier').notNull(),
  trialDays: integer('trial_days').notNull(),
  benefit: text('benefit').notNull(),
  active: boolean('active').notNull().default(true),
  expiresAt: ts('expires_at'),
});

/** Coupon use: once per user and code, by the primary key. */
export const couponRedemptions = pgTable(
  'coupon_redemptions',
  {
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    code: text('code')
      .notNull()
      .references(() => coupons.code),
    redeemedAt: ts('redeemed_at').notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.code] })],
);

/** Every tier change (trial start, trial end, payment), for the record. */
export const tierChanges = pgTable(
  'tier_changes',
  {
    id: text('id').primaryKey().$defaultFn(() => randomUUID()),
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    fromTier: text('from_tier').notNull(),
    toTier: text('to_tier').notNull(),
    source: text('source', { enum: ['reward', 'coupon', 'payment', 'trial-expiry', 'developer', 'payment-end', 'downgrade'] }).notNull(),
    shieldsGranted: integer('shields_granted').notNull().default(0),
    expiresAt: ts('expires_at'),
    createdAt: ts('created_at').notNull().defaultNow(),
  },
  (t) => [index('tier_changes_user_idx').on(t.userId, t.createdAt)],
);
