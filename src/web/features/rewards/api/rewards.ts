import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import type { claimRewardResultSchema, rewardsAvailableSchema } from '@shared/schemas/subscriptions';
import type { RewardType } from '@shared/domain/trials';
import { api } from '@web/lib/api-client';
import { preloadedOr } from '@web/lib/preloaded';
import { CHECK_IN_DERIVED } from '@web/lib/check-ins';
import { currentUserQueryKey } from '@web/lib/current-user';
import { SUBSCRIPTION_KEY } from '@web/features/subscriptions/api/get-subscription';
import { QUERY_TIMES } from '@web/lib/query-client';
import { STREAK_KEY } from '@web/features/streaks/api/get-streak';

export const REWARDS_KEY = ['rewards', 'available'] as const;

export type RewardsAvailable = z.infer<typeof rewardsAvailableSchema>;
const REWARDS_URL = '/api/rewards/available';
/**
 * GET /api/rewards/available; cached 60 s. The page shell's preloaded answer on the page's first dashboard
 * (lib/preloaded.ts, taken once), else the server.
 */
export const getAvailableRewards = () => preloadedOr(REWARDS_URL, () => api.get<RewardsAvailable>(REWARDS_URL));
export const getAvailableRewardsQueryOptions = () =>
  queryOptions({ queryKey: [...REWARDS_KEY], queryFn: getAvailableRewards, ...QUERY_TIMES.rewards, meta: CHECK_IN_DERIVED });
export const useAvailableRewards = () => useQuery(getAvailableRewardsQueryOptions());

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
