import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { RestDaysView } from '@shared/schemas/streaks';
import { api } from '@web/lib/api-client';
import { STREAK_KEY } from './get-streak';

export const REST_DAYS_KEY = [...STREAK_KEY, 'rest-days'] as const;

/** GET /api/streak/rest-days → this year's and the planned rest days, with the allowance. */
export const getRestDays = () => api.get<RestDaysView>('/api/streak/rest-days');
export const getRestDaysQueryOptions = () => queryOptions({ queryKey: [...REST_DAYS_KEY], queryFn: getRestDays, staleTime: 0 });
export const useRestDays = () => useQuery(getRestDaysQueryOptions());

/** POST /api/streak/rest-days {dates} (all or nothing). */
export const planRestDays = (dates: string[]) => api.post<RestDaysView>('/api/streak/rest-days', { dates });
/** DELETE /api/streak/rest-days/{date}. */
export const cancelRestDay = (date: string) => api.delete<RestDaysView>(`/api/streak/rest-days/${encodeURIComponent(date)}`);

/** Both mutations refresh the rest days and the streak's other reads (the calendar shows rest days). */
function useRestDayMutation<A>(fn: (a: A) => Promise<RestDaysView>) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: fn,
    onSuccess: (data) => {
      qc.setQueryData(REST_DAYS_KEY, data);
      void qc.invalidateQueries({ queryKey: STREAK_KEY });
    },
  });
}
export const usePlanRestDays = () => useRestDayMutation(planRestDays);
export const useCancelRestDay = () => useRestDayMutation(cancelRestDay);
