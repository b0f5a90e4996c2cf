import { queryOptions, useQuery } from '@tanstack/react-query';
import type { ProvidersResponse } from '@shared/schemas/auth';
import { api } from '@web/lib/api-client';

export type AuthProviders = ProvidersResponse;

/** GET /api/auth/providers → {google}: whether Google sign-in is configured. */
export const getProviders = () => api.get<AuthProviders>('/api/auth/providers');

export const getProvidersQueryOptions = () =>
  queryOptions({ queryKey: ['auth', 'providers'], queryFn: getProviders, staleTime: Infinity });

export function useProviders() {
  return useQuery(getProvidersQueryOptions());
}

/** The address that starts Google sign-in (a full navigation). */
export function googleSignInUrl(flow: 'signup' | 'login', timezone: string): string {
  return `/api/auth/google?flow=${flow}&timezone=${encodeURIComponent(timezone)}`;
}
