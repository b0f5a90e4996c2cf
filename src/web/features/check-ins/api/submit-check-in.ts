import { useMutation, useQueryClient, type QueryClient } from '@tanstack/react-query';
import type { CheckInResult, CheckInSubmission } from '@shared/schemas/check-ins';
import type { PublicUser } from '@shared/schemas/auth';
import { api } from '@web/lib/api-client';
import { invalidateCheckIns } from '@web/lib/check-ins';
import { currentUserQueryKey } from '@web/lib/current-user';
import { submitOrQueue } from '../offline';

/** POST /api/checkins: creates today's check-in or, inside the window, replaces it. */
export const submitCheckIn = (body: CheckInSubmission) => api.post<CheckInResult>('/api/checkins', body);

/** After a check-in or an edit: every check-in derived query (see CHECK_IN_DERIVED) and the current user. */
export async function refreshAfterCheckIn(client: QueryClient): Promise<void> {
  await Promise.all([invalidateCheckIns(client), client.invalidateQueries({ queryKey: currentUserQueryKey })]);
}

/** Submits, or with no connection stores the check-in for later (features/check-ins/offline.ts). */
export function useSubmitCheckIn() {
  const client = useQueryClient();
  return useMutation({
    // Queued offline check-ins belong to the user who made them (only that user's syncs send them).
    mutationFn: (body: CheckInSubmission) => submitOrQueue(body, client.getQueryData<PublicUser | null>(currentUserQueryKey)?.id ?? null),
    onSuccess: (outcome) => (outcome.kind === 'sent' ? refreshAfterCheckIn(client) : undefined),
  });
}
