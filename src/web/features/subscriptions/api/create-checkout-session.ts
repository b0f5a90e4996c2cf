import { useMutation } from '@tanstack/react-query';
import type { CreateCheckoutResult } from '@shared/schemas/payments';
import type { Tier } from '@shared/domain/tiers';
import { api } from '@web/lib/api-client';

/**
 * POST /api/stripe/create-checkout-session, one endpoint for both kinds of purchase.
 *
 * A subscription: {productType: 'subscription', tier, couponCode?} → {url} to go to,
 * or (a downgrade) {success, tier, scheduledTier?, effectiveAt?, message} with no payment.
 */
export const createSubscriptionCheckout = (tier: Tier, couponCode?: string) =>
  api.post<CreateCheckoutResult>('/api/stripe/create-checkout-session', { productType: 'subscription', tier, ...(couponCode ? { couponCode } : {}) });

export const useCreateSubscriptionCheckout = () =>
  useMutation({ mutationFn: ({ tier, couponCode }: { tier: Tier; couponCode?: string }) => createSubscriptionCheckout(tier, couponCode) });

export type StreakProduct = 'freeze_day' | 'streak_recovery';

/**
 * A shield or a streak recovery: {productType} → {url} (Stripe Checkout, or the built-in test
 * checkout when the server has no Stripe keys); the browser then goes there. A failure is the caller's toast.
 */
export async function createCheckoutSession(productType: StreakProduct): Promise<string> {
  const res = await api.post<{ url?: string } | undefined>('/api/stripe/create-checkout-session', { productType });
  if (!res || typeof res.url !== 'string' || !res.url) throw new Error('No checkout address was returned');
  return res.url;
}

export function useStartCheckout() {
  return useMutation({
    mutationFn: createCheckoutSession,
    onSuccess: (url) => window.location.assign(url),
  });
}
