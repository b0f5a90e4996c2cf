import { queryOptions, useQuery } from '@tanstack/react-query';
import type { HealthReport } from '@shared/schemas/health';
import { api, ApiError } from '@web/lib/api-client';
import { ANALYTICS_STALE_MS, HEALTH_KEY } from './keys';

/** GET /api/health: the system health report (no personal data); an unhealthy server answers 503 with the report. */
export async function fetchHealth(): Promise<HealthReport> {
  try {
    return await api.get<HealthReport>('/api/health');
  } catch (err) {
    if (err instanceof ApiError && err.status === 503 && typeof err.body === 'object' && err.body !== null && 'status' in err.body) return err.body as HealthReport;
    throw err;
  }
}

export const getHealthQueryOptions = () => queryOptions({ queryKey: HEALTH_KEY, queryFn: fetchHealth, staleTime: ANALYTICS_STALE_MS });

export const useHealth = (enabled: boolean) => useQuery({ ...getHealthQueryOptions(), enabled });
