import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import type { redeemCouponResultSchema } from '@shared/schemas/subscriptions';
import { api } from '@web/lib/api-client';
import { currentUserQueryKey } from '@web/features/auth/api/get-current-user';
import { SUBSCRIPTION_KEY } from './get-subscription';
import { STREAK_KEY } from '@web/features/streaks/api/get-streak';
import { REWARDS_KEY } from '@web/features/rewards/api/get-available-rewards';

export type CouponResult = z.infer<typeof redeemCouponResultSchema>;

/**
 * POST /api/coupons/redeem {code} → {message, benefit}: the coupon form, and the one-time offer on the deletion path.
 * Then the subscription, user, streak (shields) and rewards refresh.
 */
export const redeemCoupon = (code: string) => api.post<CouponResult>('/api/coupons/redeem', { code });

export function useRedeemCoupon() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: redeemCoupon,
    onSuccess: () =>
      Promise.all([
        qc.invalidateQueries({ queryKey: SUBSCRIPTION_KEY }),
        qc.invalidateQueries({ queryKey: currentUserQueryKey }),
        qc.invalidateQueries({ queryKey: STREAK_KEY }),
        qc.invalidateQueries({ queryKey: REWARDS_KEY }),
      ]).then(() => undefined),
  });
}
