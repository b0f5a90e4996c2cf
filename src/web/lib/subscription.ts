import { queryOptions, useQuery } from '@tanstack/react-query';
import type { Subscription } from '@shared/schemas/subscriptions';
import { api } from './api-client';
import { CHECK_IN_DERIVED } from './check-ins';

/**
 * GET /api/subscription → tier, trial expiries, trialJustExpired, previousTier. Read by the dashboard, the
 * streak screen and the membership screen, so it lives once here (features never import each other). A
 * check-in can end a due trial or reach a reward, so it refreshes this query too.
 */
export const SUBSCRIPTION_KEY = ['subscription'] as const;
export const getSubscription = () => api.get<Subscription>('/api/subscription');
export const getSubscriptionQueryOptions = () =>
  queryOptions({ queryKey: [...SUBSCRIPTION_KEY], queryFn: getSubscription, staleTime: 0, meta: CHECK_IN_DERIVED });
export const useSubscription = () => useQuery(getSubscriptionQueryOptions());
