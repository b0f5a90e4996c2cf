import { useMutation } from '@tanstack/react-query';
import { api } from '@web/lib/api-client';

/** POST /api/auth/reset-password {token, password} → {message}. */
export const resetPassword = (input: { token: string; password: string }) =>
  api.post<{ message: string }>('/api/auth/reset-password', input);

export function useResetPassword() {
  return useMutation({ mutationFn: resetPassword });
}
