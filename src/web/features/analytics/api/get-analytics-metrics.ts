import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { AnalyticsMetrics, TimeRange } from '@shared/schemas/analytics';
import { api } from '@web/lib/api-client';
import { ANALYTICS_STALE_MS, analyticsMetricsKey } from './keys';

/** GET /api/analytics/business-metrics?timeRange= (admin only). */
export const fetchAnalyticsMetrics = (range: TimeRange) => api.get<AnalyticsMetrics>(`/api/analytics/business-metrics?timeRange=${range}`);

export const getAnalyticsMetricsQueryOptions = (range: TimeRange) =>
  queryOptions({ queryKey: analyticsMetricsKey(range), queryFn: () => fetchAnalyticsMetrics(range), staleTime: ANALYTICS_STALE_MS, placeholderData: keepPreviousData });

export const useAnalyticsMetrics = (range: TimeRange, enabled: boolean) => useQuery({ ...getAnalyticsMetricsQueryOptions(range), enabled });
