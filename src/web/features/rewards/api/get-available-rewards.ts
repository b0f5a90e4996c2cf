import { queryOptions, useQuery } from '@tanstack/react-query';
import type { z } from 'zod';
import type { rewardsAvailableSchema } from '@shared/schemas/subscriptions';
import { api } from '@web/lib/api-client';
import { preloadedOr } from '@web/lib/preloaded';
import { CHECK_IN_DERIVED } from '@web/lib/check-ins';
import { QUERY_TIMES } from '@web/lib/query-client';

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
