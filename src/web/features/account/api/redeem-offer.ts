import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@web/lib/api-client';
import { currentUserQueryKey } from '@web/lib/current-user';
import { SUBSCRIPTION_KEY } from '@web/features/subscriptions/api/get-subscription';
import { STREAK_KEY } from '@web/features/streaks/api/get-streak';

/** POST /api/coupons/redeem {code}: accepting a one-time offer on the deletion path redeems its coupon. */
export const redeemOffer = (code: string) => api.post<{ message: string; benefit: string }>('/api/coupons/redeem', { code });

export function useRedeemOffer() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: redeemOffer,
    onSuccess: () =>
      Promise.all([
        qc.invalidateQueries({ queryKey: SUBSCRIPTION_KEY }),
        qc.invalidateQueries({ queryKey: currentUserQueryKey }),
        qc.invalidateQueries({ queryKey: STREAK_KEY }),
      ]).then(() => undefined),
  });
}
