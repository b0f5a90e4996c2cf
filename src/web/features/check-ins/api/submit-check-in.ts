import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { CheckInResult, CheckInSubmission } from '../../../../shared/schemas/check-ins';
import { api } from '../../../lib/api-client';
import { invalidateCheckIns } from '../../../lib/check-ins';
import { currentUserQueryKey } from '../../../lib/current-user';

/** POST /api/checkins: creates today's check-in or, inside the window, replaces it. */
export const submitCheckIn = (body: CheckInSubmission) => api.post<CheckInResult>('/api/checkins', body);

export function useSubmitCheckIn() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: submitCheckIn,
    onSuccess: async () => {
      await Promise.all([invalidateCheckIns(client), client.invalidateQueries({ queryKey: currentUserQueryKey })]);
    },
  });
}
