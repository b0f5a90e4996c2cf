import { useMutation } from '@tanstack/react-query';
import type { CreateCheckoutResult } from '@shared/schemas/payments';
import type { Tier } from '@shared/domain/tiers';
import { api } from '@web/lib/api-client';

/**
 * POST /api/stripe/create-checkout-session {productType: 'subscription', tier, couponCode?} → {url} to go to,
 * or (a downgrade) {success, tier, scheduledTier?, effectiveAt?, message} with no payment.
 */
export const createSubscriptionCheckout = (tier: Tier, couponCode?: string) =>
  api.post<CreateCheckoutResult>('/api/stripe/create-checkout-session', { productType: 'subscription', tier, ...(couponCode ? { couponCode } : {}) });

export const useCreateSubscriptionCheckout = () =>
  useMutation({ mutationFn: ({ tier, couponCode }: { tier: Tier; couponCode?: string }) => createSubscriptionCheckout(tier, couponCode) });
