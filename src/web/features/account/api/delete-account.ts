import { useMutation } from '@tanstack/react-query';
import { api } from '@web/lib/api-client';

/** DELETE /api/user/account: every row of the user goes and the session ends. */
export const deleteAccount = () => api.delete<{ message: string }>('/api/user/account');

export function useDeleteAccount() {
  return useMutation({ mutationFn: deleteAccount });
}
