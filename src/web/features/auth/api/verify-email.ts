import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@web/lib/api-client';

export interface VerifyEmailAnswer {
  message: string;
  email: string;
}

/** GET /api/auth/verify-email?token=… → {message, email}; the link is single-use, so it is asked once. */
export const verifyEmail = (token: string) =>
  api.get<VerifyEmailAnswer>(`/api/auth/verify-email?token=${encodeURIComponent(token)}`);

export const getVerifyEmailQueryOptions = (token: string) =>
  queryOptions({
    queryKey: ['auth', 'verify-email', token],
    queryFn: () => verifyEmail(token),
    staleTime: Infinity,
    gcTime: Infinity,
    enabled: Boolean(token),
  });

export function useVerifyEmail(token: string) {
  return useQuery(getVerifyEmailQueryOptions(token));
}
