import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { RestDaysView } from '@shared/schemas/streaks';
import { api } from '@web/lib/api-client';
import { restDaysWritten } from './get-rest-days';

/** POST /api/streak/rest-days {dates} (all or nothing). */
export const planRestDays = (dates: string[]) => api.post<RestDaysView>('/api/streak/rest-days', { dates });
export function usePlanRestDays() {
  const qc = useQueryClient();
  return useMutation({ mutationFn: planRestDays, onSuccess: (data) => restDaysWritten(qc, data) });
}
