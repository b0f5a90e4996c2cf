import { useMutation } from '@tanstack/react-query';
import { api } from '@web/lib/api-client';

export type StreakProduct = 'freeze_day' | 'streak_recovery';

/**
 * POST /api/stripe/create-checkout-session {productType} → {url} (Stripe Checkout, or the built-in test
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
