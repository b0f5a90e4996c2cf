import { useMutation } from '@tanstack/react-query';
import type { PublicUser } from '@shared/schemas/auth';
import { api } from '@web/lib/api-client';

/** PATCH /api/user/timezone {timezone} → the updated user. */
export const updateTimezone = (timezone: string) => api.patch<PublicUser>('/api/user/timezone', { timezone });

export function useUpdateTimezone() {
  return useMutation({ mutationFn: updateTimezone });
}
