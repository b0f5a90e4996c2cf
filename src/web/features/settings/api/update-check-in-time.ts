import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { PublicUser } from '@shared/schemas/auth';
import { api } from '@web/lib/api-client';
import { invalidateCheckIns } from '@web/lib/check-ins';
import { setCurrentUser } from '@web/features/auth/api/get-current-user';

/** PATCH /api/user/check-in-time {checkInTime} → the updated user; today's window is re-read. */
export const updateCheckInTime = (checkInTime: string) => api.patch<PublicUser>('/api/user/check-in-time', { checkInTime });

export function useUpdateCheckInTime() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: updateCheckInTime,
    onSuccess: async (user) => {
      setCurrentUser(client, user);
      await invalidateCheckIns(client);
    },
  });
}
