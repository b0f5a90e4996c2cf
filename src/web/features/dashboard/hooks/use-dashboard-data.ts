import { useEffect, useState } from 'react';
import { hashKey, useQueryClient, type Query, type QueryClient, type QueryFunction, type QueryKey } from '@tanstack/react-query';
import type { Dashboard } from '@shared/schemas/dashboard';
import { api } from '@web/lib/api-client';
import { preloadedOr } from '@web/lib/preloaded';
import { writeSessionCache } from '@web/lib/session-cache';

/** The query options of one of the dashboard's spec queries (each lives with its owner; app/ passes them in). */
interface PartQuery<T> {
  queryKey: QueryKey;
  queryFn?: QueryFunction<T, never> | unknown;
  staleTime?: number | unknown;
}
export type DashboardQueries = { [K in keyof Dashboard]: PartQuery<Dashboard[K] | null> };

/**
 * A query seeded from the combined answer is not fetched again by a screen that mounts within this time (the
 * streak and subscription queries are stale at once, and parts of the dashboard mount after the answer arrived).
 * Later mounts (another screen, a return to the dashboard) refetch as before.
 */
export const SEEDED_FRESH_MS = 5_000;
const seededAt = new WeakMap<Query, number>();
const notJustSeeded = (query: Query): boolean => !(Date.now() - (seededAt.get(query) ?? -Infinity) < SEEDED_FRESH_MS);

/** A query that needs no fetch now: it holds data that is still fresh, or is fetching already. */
function settled(client: QueryClient, q: PartQuery<unknown>): boolean {
  const query = client.getQueryCache().find({ queryKey: q.queryKey, exact: true });
  if (!query) return false;
  if (query.state.fetchStatus === 'fetching') return true;
  const staleTime = typeof q.staleTime === 'number' ? q.staleTime : 0;
  return query.state.data !== undefined && !query.isStaleByTime(staleTime);
}

/**
 * Loads the dashboard's four reads (the user, today's status, the streak and the subscription) with ONE call,
 * GET /api/dashboard (issue 10, decision 016), instead of four: each query that is missing or stale is fetched
 * through the combined answer, so the screens' own `useQuery` calls join that fetch and find their caches
 * seeded. Other screens keep their queries (same keys, same spec endpoints). When the combined call fails
 * (401, network, an older server) each query falls back to its own endpoint, as before. On the page's first
 * dashboard the combined answer is the one the page shell preloaded (claimed at start: lib/preloaded.ts).
 */
export function primeDashboardQueries(client: QueryClient, queries: DashboardQueries): void {
  const parts = (Object.keys(queries) as (keyof Dashboard)[]).filter((k) => !settled(client, queries[k]));
  if (parts.length === 0) return;
  // The page shell's preload when this is the page's first dashboard (lib/preloaded.ts), else the server.
  const combined = preloadedOr<Dashboard | null>('/api/dashboard', () => api.get<Dashboard>('/api/dashboard', { on401: 'null' }), {
    on401: 'null',
  }).then((d) => {
    if (d) writeSessionCache(d.user);
    return d;
  });
  combined.catch(() => undefined);
  for (const k of parts) {
    const own = queries[k];
    const hash = hashKey(own.queryKey);
    // Only this exact query (the defaults apply to keys below it too, e.g. the streak's frozen days).
    client.setQueryDefaults(own.queryKey, { refetchOnMount: (q) => q.queryHash !== hash || notJustSeeded(q) });
    const fallback = own.queryFn as ((ctx: unknown) => Promise<unknown>) | undefined;
    // The query keeps the last queryFn it was given: only its first run may answer from this combined call;
    // any later refetch (an invalidation after a reward claim, a purchase…) must reach the server again.
    let answered = false;
    void client.prefetchQuery({
      ...(own as object),
      queryKey: own.queryKey,
      queryFn: async (ctx) => {
        const d = answered ? null : await combined.catch(() => null);
        answered = true;
        if (d) {
          const query = client.getQueryCache().find({ queryKey: own.queryKey, exact: true });
          if (query) seededAt.set(query, Date.now());
          return d[k];
        }
        if (!fallback) throw new Error(`no way to load ${k}`);
        return fallback(ctx);
      },
    });
  }
}

/** A prime whose render has not been committed yet (see usePrimedDashboardQueries). */
let uncommitted: { client: QueryClient; at: number } | null = null;
const RENDER_AGAIN_MS = 2_000;

/**
 * Once, on the dashboard's first render: its reads start as one request (see primeDashboardQueries). A first
 * render that React throws away (a lazy part still loading, in a transition) runs this again for the same mount:
 * while the earlier prime's render has not been committed, the second one is skipped (it would ask for the
 * stale-at-once parts a second time). A later mount (a return to the dashboard) primes as usual.
 */
export function usePrimedDashboardQueries(queries: () => DashboardQueries): void {
  const client = useQueryClient();
  useState(() => {
    if (uncommitted?.client === client && Date.now() - uncommitted.at < RENDER_AGAIN_MS) return;
    uncommitted = { client, at: Date.now() };
    primeDashboardQueries(client, queries());
  });
  useEffect(() => {
    uncommitted = null;
  }, []);
}
