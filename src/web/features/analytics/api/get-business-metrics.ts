import { queryOptions, useQuery } from '@tanstack/react-query';
import type { BusinessMetrics } from '@shared/schemas/analytics';
import { api } from '@web/lib/api-client';
import { ANALYTICS_STALE_MS, BUSINESS_METRICS_KEY } from './keys';

/** GET /api/admin/business-metrics (admin only; no retry, spec part 2 §7). */
export const fetchBusinessMetrics = () => api.get<BusinessMetrics>('/api/admin/business-metrics');

export const getBusinessMetricsQueryOptions = () =>
  queryOptions({ queryKey: BUSINESS_METRICS_KEY, queryFn: fetchBusinessMetrics, staleTime: ANALYTICS_STALE_MS, retry: false });

export const useBusinessMetrics = (enabled: boolean) => useQuery({ ...getBusinessMetricsQueryOptions(), enabled });
