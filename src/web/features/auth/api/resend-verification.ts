import { useMutation } from '@tanstack/react-query';
import { api } from '@web/lib/api-client';

/** POST /api/auth/resend-verification {email} → {message}. */
export const resendVerification = (email: string) =>
  api.post<{ message: string }>('/api/auth/resend-verification', { email });

export function useResendVerification() {
  return useMutation({ mutationFn: resendVerification });
}
