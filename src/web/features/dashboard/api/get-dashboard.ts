import { queryOptions, useQuery, type QueryClient } from '@tanstack/react-query';
import type { Dashboard } from '@shared/schemas/dashboard';
import { api } from '@web/lib/api-client';
import { setCurrentUser } from '@web/features/auth/api/get-current-user';
import { preloadedOr } from '@web/lib/preloaded';
import { getTodayQueryOptions } from '@web/features/check-ins/api/get-today';
import { getStreakQueryOptions } from '@web/features/streaks/api/get-streak';
import { getSubscriptionQueryOptions } from '@web/features/subscriptions/api/get-subscription';

export const dashboardQueryKey = ['dashboard'] as const;
const DASHBOARD_URL = '/api/dashboard';

/**
 * GET /api/dashboard (issue 10, decision 016): the dashboard's four reads — the user, today's status, the streak and
 * the subscription — in one call, whose answer fills those four queries (their own keys, read by the cards as on any
 * other screen). On the page's first dashboard the answer is the one the page shell preloaded (lib/preloaded.ts,
 * taken once). Null when the session is gone (401): the dashboard then lets each query ask its own endpoint, as it
 * does when this call fails (an older server, the network), and those handle the 401 as everywhere.
 */
export async function fetchDashboard(client: QueryClient): Promise<Dashboard | null> {
  const ask = () => api.get<Dashboard>(DASHBOARD_URL, { on401: 'null' });
  const dashboard = await preloadedOr<Dashboard | null>(DASHBOARD_URL, ask, { on401: 'null' });
  if (!dashboard) return null;
  setCurrentUser(client, dashboard.user);
  client.setQueryData(getTodayQueryOptions().queryKey, dashboard.today);
  client.setQueryData(getStreakQueryOptions().queryKey, dashboard.streak);
  client.setQueryData(getSubscriptionQueryOptions().queryKey, dashboard.subscription);
  return dashboard;
}

/** Read again on each visit of the dashboard (the parts it fills have their own freshness on other screens). */
export const getDashboardQueryOptions = () =>
  queryOptions({ queryKey: dashboardQueryKey, queryFn: ({ client }) => fetchDashboard(client), staleTime: 0 });

export const useDashboard = () => useQuery(getDashboardQueryOptions());
