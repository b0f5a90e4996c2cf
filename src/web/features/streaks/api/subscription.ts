import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import type { Subscription, claimRewardResultSchema, rewardsAvailableSchema } from '../../../../shared/schemas/subscriptions';
import type { TrialTier } from '../../../../shared/domain/trials';
import { api } from '../../../lib/api-client';
import { currentUserQueryKey } from '../../../lib/current-user';
import { QUERY_TIMES } from '../../../lib/query-client';
import { STREAK_KEY } from './streak';

/** The same key the membership screen uses, so a change seen by one refreshes the other. */
export const SUBSCRIPTION_KEY = ['subscription'] as const;
export const REWARDS_KEY = ['rewards', 'available'] as const;

/** GET /api/subscription → tier, trial expiries, trialJustExpired, previousTier. */
export const getSubscription = () => api.get<Subscription>('/api/subscription');
export const getSubscriptionQueryOptions = () =>
  queryOptions({ queryKey: [...SUBSCRIPTION_KEY], queryFn: getSubscription, staleTime: 0 });
export const useSubscription = () => useQuery(getSubscriptionQueryOptions());

export type RewardsAvailable = z.infer<typeof rewardsAvailableSchema>;
/** GET /api/rewards/available; cached 60 s. */
export const getAvailableRewards = () => api.get<RewardsAvailable>('/api/rewards/available');
export const getAvailableRewardsQueryOptions = () =>
  queryOptions({ queryKey: [...REWARDS_KEY], queryFn: getAvailableRewards, ...QUERY_TIMES.rewards });
export const useAvailableRewards = () => useQuery(getAvailableRewardsQueryOptions());

/** POST /api/rewards/claim {rewardType}; then subscription, rewards, user and streak (shields) refresh. */
export const claimReward = (rewardType: TrialTier) =>
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

/** POST /api/subscription/dismiss-trial-expiry {trialType}. */
export const dismissTrialExpiry = (trialType: TrialTier) =>
  api.post<{ message: string }>('/api/subscription/dismiss-trial-expiry', { trialType });
