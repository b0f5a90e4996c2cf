import { z } from 'zod';
import { TIERS } from '../domain/tiers';

/** What create-checkout-session sells: a membership tier, one shield (freeze day) or a streak recovery. */
export const PRODUCT_TYPES = ['subscription', 'freeze_day', 'streak_recovery'] as const;
export type ProductType = (typeof PRODUCT_TYPES)[number];

/** The `type` of /payment-success (and paymentType of process-payment). */
export const PAYMENT_TYPES = ['shield', 'recovery', 'subscription', 'other'] as const;
export type PaymentType = (typeof PAYMENT_TYPES)[number];

export const PURCHASE_TYPES = ['shield', 'subscription', 'streak_recovery', 'other'] as const;
/**
 * completed, pending (async payment methods), failed; refunded / disputed (money taken back, or contested: what it
 * bought is taken back or ended); flagged (paid less than our price without our coupon: not granted, for a person).
 */
export const PURCHASE_STATUSES = ['completed', 'pending', 'failed', 'refunded', 'disputed', 'flagged'] as const;

/** The payment-success type of each product. */
export const PAYMENT_TYPE_OF: Record<ProductType, PaymentType> = {
  subscription: 'subscription',
  freeze_day: 'shield',
  streak_recovery: 'recovery',
};

export const PAYMENT_MESSAGES = {
  therapy: 'Therapy sessions are coming soon and cannot be purchased yet',
  notCompleted: 'Payment not completed',
  sessionNotFound: 'Payment session not found',
  recoveryUnavailable: 'There is no lost streak to recover right now',
  noPortal: 'Billing management is available only when Stripe payments are configured',
  noCustomer: 'You have no billing account yet: it is created with your first card payment',
  unavailable: 'Payments are not set up on this server',
  alreadyOnTier: (label: string) => `You are already on the ${label} plan`,
} as const;

const tierField = z.enum(TIERS, {
  message: "tier must be one of 'free', 'ad-free', 'premium', 'ai-coach' or 'therapy'",
});

export const createCheckoutBodySchema = z.discriminatedUnion(
  'productType',
  [
    z.object({
      productType: z.literal('subscription'),
      tier: tierField,
      couponCode: z.string().trim().max(64, 'This coupon code is not valid or has expired').optional(),
    }),
    z.object({ productType: z.literal('freeze_day') }),
    z.object({ productType: z.literal('streak_recovery') }),
  ],
  { message: "productType must be 'subscription', 'freeze_day' or 'streak_recovery'" },
);
export type CreateCheckoutBody = z.infer<typeof createCheckoutBodySchema>;

/** A checkout address to go to, or (a downgrade) the change made or scheduled without payment. */
export const createCheckoutResultSchema = z.object({
  url: z.string().optional(),
  sessionId: z.string().optional(),
  success: z.boolean().optional(),
  tier: z.enum(TIERS).optional(),
  /** A downgrade between paid tiers: the tier that starts at effectiveAt. */
  scheduledTier: z.enum(TIERS).optional(),
  effectiveAt: z.string().optional(),
  message: z.string().optional(),
});
export type CreateCheckoutResult = z.infer<typeof createCheckoutResultSchema>;

export const processPaymentBodySchema = z.object({
  sessionId: z
    .string({ message: 'sessionId is required' })
    .trim()
    .min(1, 'No session ID found')
    .max(255, 'Payment session not found')
    .regex(/^[A-Za-z0-9_]+$/, 'Payment session not found'),
  paymentType: z.enum(PAYMENT_TYPES, { message: "paymentType must be 'shield', 'recovery', 'subscription' or 'other'" }).optional(),
});

export const processPaymentResultSchema = z.object({
  success: z.literal(true),
  type: z.enum(PAYMENT_TYPES),
  message: z.string(),
  /** true when this payment had already been processed (nothing granted again). */
  alreadyProcessed: z.boolean(),
});
export type ProcessPaymentResult = z.infer<typeof processPaymentResultSchema>;

export const purchaseSchema = z.object({
  id: z.string(),
  type: z.enum(PURCHASE_TYPES),
  description: z.string(),
  /** ISO instant. */
  date: z.string(),
  /** US dollars (0.99). */
  amount: z.number(),
  status: z.enum(PURCHASE_STATUSES),
});
export type Purchase = z.infer<typeof purchaseSchema>;
export const purchaseHistorySchema = z.array(purchaseSchema);

export const testCheckoutSessionSchema = z.object({
  id: z.string(),
  productType: z.enum(PRODUCT_TYPES),
  tier: z.enum(TIERS).nullable(),
  description: z.string(),
  /** US dollars. */
  amount: z.number(),
  recurring: z.boolean(),
  status: z.enum(['open', 'paid', 'cancelled']),
  cancelUrl: z.string(),
});
export type TestCheckoutSession = z.infer<typeof testCheckoutSessionSchema>;
export const urlResultSchema = z.object({ url: z.string() });
export const sessionIdParamsSchema = z.object({
  id: z.string().max(255, 'Payment session not found').regex(/^[A-Za-z0-9_]+$/, 'Payment session not found'),
});
