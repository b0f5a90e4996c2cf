import { queryOptions, useQuery } from '@tanstack/react-query';
import type { FailedJobs } from '@shared/schemas/analytics';
import { api } from '@web/lib/api-client';
import { ANALYTICS_STALE_MS, FAILED_JOBS_KEY } from './keys';

/** GET /api/admin/jobs/failed (admin only): background jobs given up after their retries, the latest few. */
export const fetchFailedJobs = () => api.get<FailedJobs>('/api/admin/jobs/failed?limit=5');

export const getFailedJobsQueryOptions = () => queryOptions({ queryKey: FAILED_JOBS_KEY, queryFn: fetchFailedJobs, staleTime: ANALYTICS_STALE_MS });

export const useFailedJobs = (enabled: boolean) => useQuery({ ...getFailedJobsQueryOptions(), enabled });
