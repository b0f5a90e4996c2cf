import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { RestDaysView } from '@shared/schemas/streaks';
import { api } from '@web/lib/api-client';
import { restDaysWritten } from './get-rest-days';

/** DELETE /api/streak/rest-days/{date}. */
export const cancelRestDay = (date: string) => api.delete<RestDaysView>(`/api/streak/rest-days/${encodeURIComponent(date)}`);
export function useCancelRestDay() {
  const qc = useQueryClient();
  return useMutation({ mutationFn: cancelRestDay, onSuccess: (data) => restDaysWritten(qc, data) });
}
