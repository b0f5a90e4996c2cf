import { z } from 'zod';
import { TIERS } from '../domain/tiers';
import { TRIAL_TIERS } from '../domain/trials';

export const subscriptionSchema = z.object({
  tier: z.enum(TIERS),
  /** ISO instant when a Premium trial ends (trial start = expiry − 30 days); null without one. */
  premiumExpiresAt: z.string().nullable(),
  aiCoachExpiresAt: z.string().nullable(),
  /** Set once when a trial ended, until dismissed. */
  trialJustExpired: z.enum(TRIAL_TIERS).nullable(),
  /** The tier a trial returns to. */
  previousTier: z.enum(TIERS).nullable(),
  /** The paid subscription, when there is one (optional: older servers do not send it). */
  billing: z
    .object({
      tier: z.enum(TIERS),
      /** ISO instant the paid period ends (a renewal moves it on). */
      periodEnd: z.string(),
      /** false: cancelled or the last payment failed: the tier ends at periodEnd. */
      renews: z.boolean(),
      /** A downgrade between paid tiers that starts at periodEnd. */
      scheduledTier: z.enum(TIERS).nullable(),
      /** Billing can be managed in Stripe's customer portal. */
      manageable: z.boolean(),
    })
    .nullable()
    .optional(),
  /** Present (true) when this server takes no payments (production without Stripe): the membership screen says so. */
  paymentsUnavailable: z.literal(true).optional(),
});
export type Subscription = z.infer<typeof subscriptionSchema>;

/** The trial whose ended notice is dismissed: required (without it nothing is written; issue 25). */
export const dismissTrialExpiryBodySchema = z.object({
  trialType: z.enum(TRIAL_TIERS, { message: "trialType must be 'premium' or 'ai-coach'" }),
});

export const rewardsAvailableSchema = z.object({
  availableRewards: z.array(
    z.object({ type: z.enum(TRIAL_TIERS), reward: z.string(), milestone: z.number().int() }),
  ),
});
export const claimRewardBodySchema = z.object({
  rewardType: z.enum(TRIAL_TIERS, { message: "rewardType must be 'premium' or 'ai-coach'" }),
});
export const claimRewardResultSchema = z.object({
  message: z.string(),
  rewardType: z.enum(TRIAL_TIERS),
  milestone: z.number().int(),
  subscription: subscriptionSchema,
});

export const redeemCouponBodySchema = z.object({
  code: z
    .string({ message: 'Please enter a coupon code' })
    .trim()
    .min(1, 'Please enter a coupon code')
    .max(64, 'This coupon code is not valid or has expired')
    .refine((c) => !c.includes('\u0000'), 'This coupon code is not valid or has expired'), // PostgreSQL text cannot hold NUL
});
export const redeemCouponResultSchema = z.object({ message: z.string(), benefit: z.string() });

export { COUPON_MESSAGES } from '../domain/coupons';

export const REWARD_MESSAGES = {
  notAvailable: 'This reward is not available',
  alreadyClaimed: 'You have already claimed this reward',
} as const;
