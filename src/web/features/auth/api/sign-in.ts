import { useMutation } from '@tanstack/react-query';
import type { PublicUser } from '@shared/schemas/auth';
import { api } from '@web/lib/api-client';

export interface SignInInput {
  email: string;
  password: string;
}
export interface SignInAnswer {
  user: PublicUser;
  message: string;
}

/** POST /api/auth/signin → {user, message}; sets the session cookie. */
export const signIn = (input: SignInInput) => api.post<SignInAnswer>('/api/auth/signin', input);

export function useSignIn() {
  return useMutation({ mutationFn: signIn });
}
