import { useMutation } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';

export type StreakProduct = 'freeze_day' | 'streak_recovery';

/**
 * POST /api/stripe/create-checkout-session {productType} → {url}; the browser then goes there.
 * The endpoint belongs to the payments work: until it exists the call fails and the caller shows its toast.
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
