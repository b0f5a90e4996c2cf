import { queryOptions, useQuery } from '@tanstack/react-query';
import type { ScalingReadiness } from '@shared/schemas/analytics';
import { api } from '@web/lib/api-client';
import { ANALYTICS_STALE_MS, SCALING_READINESS_KEY } from './keys';

/** GET /api/admin/scaling-readiness (admin only). */
export const fetchScalingReadiness = () => api.get<ScalingReadiness>('/api/admin/scaling-readiness');

export const getScalingReadinessQueryOptions = () =>
  queryOptions({ queryKey: SCALING_READINESS_KEY, queryFn: fetchScalingReadiness, staleTime: ANALYTICS_STALE_MS });

export const useScalingReadiness = (enabled: boolean) => useQuery({ ...getScalingReadinessQueryOptions(), enabled });
