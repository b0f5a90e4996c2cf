import { PRICES_CENTS, formatUsd } from '@shared/domain/prices';
import type { PaymentType } from '@shared/schemas/payments';

/** Every text of the membership and payment screens the spec fixes (part 2 §4, §8), once. */
export const PAYMENT_TEXTS = {
  success: {
    shield: 'Your shield has been added to your account',
    recovery: 'Your streak has been recovered',
    subscription: 'Your membership has been upgraded successfully',
    other: 'Your payment has been processed successfully',
  } satisfies Record<PaymentType, string>,
  noSession: 'No session ID found',
  processingErrorTitle: 'Processing Error',
  processingErrorBody: 'Failed to process payment. Please contact support.',
  shieldProcessingError: "Please contact support if your shield wasn't added.",
  subscriptionCancelled: 'Your subscription payment was cancelled. No charges were made.',
  subscriptionErrorTitle: 'Subscription Error',
  subscriptionErrorBody: 'Failed to update subscription. Please try again.',
  silentCheckoutError: 'Failed to create checkout session',
  historyFailedTitle: 'Failed to load purchase history',
  historyFailedBody: 'Please try again later',
  historyEmptyTitle: 'No purchases yet',
  historyEmptyBody: 'Your purchase history will appear here when you make your first purchase',
  downgradeNote: 'Downgrades take effect at the next billing cycle. Your data is always kept.',
  /** Issue 31: production without Stripe (GET /api/subscription says paymentsUnavailable). */
  paymentsUnavailable: 'Payments are unavailable on this server, so plans cannot be bought here right now. Coupons still work, and you can move to the Free plan.',
} as const;

/** Where Return to App goes after each payment type (spec part 2 §2). */
export const RETURN_TARGETS: Record<PaymentType, string> = {
  shield: '/streak',
  recovery: '/',
  subscription: '/upgrade',
  other: '/account',
};

/** The payment type of the success page's `type` query; anything else is 'other'. */
export function paymentTypeOf(raw: string | null): PaymentType {
  return raw === 'shield' || raw === 'recovery' || raw === 'subscription' ? raw : 'other';
}

/** Texts of the shield and streak-recovery checkouts started from the streak screens (spec part 1 §4.7). */
export const STREAK_PURCHASE_TEXTS = {
  buyShield: `BUY 1 SHIELD - ${formatUsd(PRICES_CENTS.shield)}`,
  checkoutFailedDashboard: 'Failed to start payment process.',
  checkoutFailedTitle: 'Checkout Failed',
  checkoutFailedBody: 'Failed to create checkout session. Please try again.',
} as const;

/** Texts of the trial banners and the trial-ended modal (spec part 1 §4.8). */
export const TRIAL_TEXTS = {
  upgradeYes: 'Yes, I Want to Upgrade',
  upgradeNo: "No, I'm Fine",
} as const;

/** Timings of spec part 1 §9 / part 2 §9 (ms). */
export const SUBSCRIPTION_TIMINGS = {
  /** After 'Yes, I Want to Upgrade', the trial-ended modal closes, then /upgrade opens. */
  upgradeRedirect: 100,
  checkoutToast: 7_000,
  trialCountdownTick: 60_000,
} as const;
