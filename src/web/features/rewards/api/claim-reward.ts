import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import type { claimRewardResultSchema } from '@shared/schemas/subscriptions';
import type { RewardType } from '@shared/domain/trials';
import { api } from '@web/lib/api-client';
import { currentUserQueryKey } from '@web/features/auth/api/get-current-user';
import { SUBSCRIPTION_KEY } from '@web/features/subscriptions/api/get-subscription';
import { STREAK_KEY } from '@web/features/streaks/api/get-streak';
import { REWARDS_KEY } from './get-available-rewards';

/** POST /api/rewards/claim {rewardType}; then subscription, rewards, user and streak (shields) refresh. */
export const claimReward = (rewardType: RewardType) =>
  api.post<z.infer<typeof claimRewardResultSchema>>('/api/rewards/claim', { rewardType });
export function useClaimReward() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: claimReward,
    onSuccess: async () => {
      await Promise.all([
        qc.invalidateQueries({ queryKey: SUBSCRIPTION_KEY }),
        qc.invalidateQueries({ queryKey: REWARDS_KEY }),
        qc.invalidateQueries({ queryKey: currentUserQueryKey }),
        qc.invalidateQueries({ queryKey: STREAK_KEY }),
      ]);
    },
  });
}
