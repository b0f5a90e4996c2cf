import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { ProfileUpdate } from '@shared/schemas/account';
import type { PublicUser } from '@shared/schemas/auth';
import { api } from '@web/lib/api-client';
import { setCurrentUser } from '@web/features/auth/api/get-current-user';

/** PATCH /api/user/profile {firstName?, age?, gender?} → the updated user (also written to the session cache). */
export const updateProfile = (fields: ProfileUpdate) => api.patch<PublicUser>('/api/user/profile', fields);

export function useUpdateProfile() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: updateProfile,
    onSuccess: (user) => setCurrentUser(qc, user),
  });
}
