import { queryOptions, useQuery, type QueryClient } from '@tanstack/react-query';
import type { PublicUser } from '@shared/schemas/auth';
import { api } from '@web/lib/api-client';
import { QUERY_TIMES } from '@web/lib/query-client';
import { clearSessionCache, readSessionCache, writeSessionCache } from '@web/lib/session-cache';

/**
 * The session probe: GET /api/auth/session answers the same user as GET /api/auth/user, but 200 {user: null} for a
 * visitor, so a signed-out page logs no failed request. index.html preloads it (the same URL and credentials
 * mode), so the answer is on its way while the scripts download.
 */
export const SESSION_PROBE_URL = '/api/auth/session';

/**
 * The signed-in user, shared by every feature: null for a visitor.
 * Fresh for 60 s and kept 5 min (spec §7, §9). Each answer refreshes or clears the session cache.
 */
export async function fetchCurrentUser(): Promise<PublicUser | null> {
  const user = (await api.get<{ user: PublicUser | null }>(SESSION_PROBE_URL, { on401: 'null' }))?.user ?? null;
  if (user) writeSessionCache(user);
  else clearSessionCache();
  return user;
}

export const currentUserQueryKey = ['auth', 'user'] as const;

/**
 * The session cache as the query's starting point: a reload shows the signed-in app at once from the cached public
 * fields (up to 7 days old) and checks them with the server in the background; a revoked session then answers 401
 * and the cache is cleared. Without a cache the app waits for the server.
 *
 * The check runs on every page load, whatever the cache's age (initial data counts as stale): index.html has
 * already asked (the preload), and the browser hands that preloaded answer to the FIRST fetch of the URL. Left
 * unconsumed, it would answer a later fetch — e.g. the refresh after a reward claim — with the user as they were
 * when the page loaded (a Premium trial shown as Free).
 */
function cachedUser(): { user: PublicUser; at: number } | undefined {
  const rec = readSessionCache();
  if (!rec) return undefined;
  const { cachedAt, ...user } = rec;
  return { user, at: cachedAt };
}

export const getCurrentUserQueryOptions = () =>
  queryOptions({
    queryKey: currentUserQueryKey,
    queryFn: fetchCurrentUser,
    staleTime: QUERY_TIMES.user.staleTime,
    gcTime: QUERY_TIMES.user.gcTime,
    initialData: () => cachedUser()?.user,
    initialDataUpdatedAt: 0,
  });

export function useCurrentUser() {
  return useQuery(getCurrentUserQueryOptions());
}

/** Replaces the cached user (after sign-in or a profile change) and the session cache. */
export function setCurrentUser(client: QueryClient, user: PublicUser): void {
  writeSessionCache(user);
  client.setQueryData(currentUserQueryKey, user);
}
