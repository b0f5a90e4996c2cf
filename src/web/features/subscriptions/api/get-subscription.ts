import { queryOptions, useQuery } from '@tanstack/react-query';
import type { Subscription } from '@shared/schemas/subscriptions';
import { api } from '@web/lib/api-client';
import { CHECK_IN_DERIVED } from '@web/lib/check-ins';
import { QUERY_TIMES } from '@web/lib/query-client';

/**
 * GET /api/subscription → tier, trial expiries, trialJustExpired, previousTier. Read by the dashboard (which fills it
 * from its one call: features/dashboard/api/get-dashboard.ts), the streak screen and the membership screen. A
 * check-in can end a due trial or reach a reward, so it refreshes this query too.
 */
export const SUBSCRIPTION_KEY = ['subscription'] as const;
export const getSubscription = () => api.get<Subscription>('/api/subscription');
export const getSubscriptionQueryOptions = () =>
  queryOptions({ queryKey: [...SUBSCRIPTION_KEY], queryFn: getSubscription, ...QUERY_TIMES.subscription, meta: CHECK_IN_DERIVED });
export const useSubscription = () => useQuery(getSubscriptionQueryOptions());
