import { mutationOptions, useMutation, useQueryClient, type QueryClient } from '@tanstack/react-query';
import type { CheckInResult, CheckInSubmission } from '@shared/schemas/check-ins';
import type { PublicUser } from '@shared/schemas/auth';
import { api } from '@web/lib/api-client';
import { invalidateCheckIns } from '@web/lib/check-ins';
import { currentUserQueryKey } from '@web/features/auth/api/get-current-user';
import { addQueuedCheckIn } from '@web/lib/queued-check-ins';
import { submitOrQueue } from '../offline';

/** POST /api/checkins: creates today's check-in or, inside the window, replaces it. */
export const submitCheckIn = (body: CheckInSubmission) => api.post<CheckInResult>('/api/checkins', body);

/** After a check-in or an edit: every check-in derived query (see CHECK_IN_DERIVED) and the current user. */
export async function refreshAfterCheckIn(client: QueryClient): Promise<void> {
  await Promise.all([invalidateCheckIns(client), client.invalidateQueries({ queryKey: currentUserQueryKey })]);
}

/**
 * Submits, or with no connection (or no answer within 3 s) stores the check-in for later
 * (features/check-ins/offline.ts).
 */
export function useSubmitCheckIn() {
  return useMutation(submitCheckInOptions(useQueryClient()));
}

/** The check-in mutation's options (useSubmitCheckIn), for `client`. */
export function submitCheckInOptions(client: QueryClient) {
  return mutationOptions({
    // Queued offline check-ins belong to the user who made them (only that user's syncs send them).
    mutationFn: (body: CheckInSubmission) => submitOrQueue(body, client.getQueryData<PublicUser | null>(currentUserQueryKey)?.id ?? null),
    // Runs whatever the browser thinks of the connection: the default ('online') would hold the mutation (the button
    // on "Saving...") while offline, and the submission would never reach the device's queue.
    networkMode: 'always',
    onSuccess: (outcome) => (outcome.kind === 'sent' ? refreshAfterCheckIn(client) : addQueuedCheckIn(client, outcome.record)),
  });
}
