import { useMutation } from '@tanstack/react-query';
import { api } from '@web/lib/api-client';

/** POST /api/auth/forgot-password {email} → {message}. */
export const forgotPassword = (email: string) => api.post<{ message: string }>('/api/auth/forgot-password', { email });

export function useForgotPassword() {
  return useMutation({ mutationFn: forgotPassword });
}
