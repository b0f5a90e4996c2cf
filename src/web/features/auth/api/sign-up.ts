import { useMutation } from '@tanstack/react-query';
import type { SignUpResponse } from '@shared/schemas/auth';
import { api } from '@web/lib/api-client';

export interface SignUpInput {
  firstName: string;
  email: string;
  password: string;
  timezone: string;
}
export type SignUpAnswer = SignUpResponse;

/** POST /api/auth/signup → 201 {user, message}; sets the session cookie (the address is verified later: decision 037). */
export const signUp = (input: SignUpInput) => api.post<SignUpAnswer>('/api/auth/signup', input);

export function useSignUp() {
  return useMutation({ mutationFn: signUp });
}
