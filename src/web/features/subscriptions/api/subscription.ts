import { queryOptions, useQuery } from '@tanstack/react-query';
import type { Subscription } from '../../../../shared/schemas/subscriptions';
import { api } from '../../../lib/api-client';

/** Same key as the dashboard's subscription query, so both stay in step. */
export const SUBSCRIPTION_KEY = ['subscription'] as const;

/** GET /api/subscription → tier, trial expiries, trialJustExpired, previousTier. */
export const getSubscription = () => api.get<Subscription>('/api/subscription');
export const getSubscriptionQueryOptions = () =>
  queryOptions({ queryKey: [...SUBSCRIPTION_KEY], queryFn: getSubscription, staleTime: 0 });
export const useSubscription = () => useQuery(getSubscriptionQueryOptions());
