import { queryOptions, useQuery, type QueryClient } from '@tanstack/react-query';
import type { RestDaysView } from '@shared/schemas/streaks';
import { api } from '@web/lib/api-client';
import { STREAK_KEY } from './get-streak';

export const REST_DAYS_KEY = [...STREAK_KEY, 'rest-days'] as const;

/** GET /api/streak/rest-days → this year's and the planned rest days, with the allowance. */
export const getRestDays = () => api.get<RestDaysView>('/api/streak/rest-days');
export const getRestDaysQueryOptions = () => queryOptions({ queryKey: [...REST_DAYS_KEY], queryFn: getRestDays, staleTime: 0 });
export const useRestDays = () => useQuery(getRestDaysQueryOptions());

/**
 * After a write that answers the rest days (plan-rest-days.ts, cancel-rest-day.ts): they are cached as answered,
 * and the streak's other reads refresh (the calendar shows rest days).
 */
export function restDaysWritten(qc: QueryClient, data: RestDaysView): void {
  qc.setQueryData(REST_DAYS_KEY, data);
  void qc.invalidateQueries({ queryKey: STREAK_KEY });
}
