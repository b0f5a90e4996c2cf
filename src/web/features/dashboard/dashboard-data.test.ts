import { afterEach, beforeEach, describe, expect, test } from 'vitest';
import { QueryClient, QueryObserver } from '@tanstack/react-query';
import { apiEnvironment } from '@web/lib/api-client';
import { getCurrentUserQueryOptions } from '@web/features/auth/api/get-current-user';
import { claimPreloads, resetPreloadsForTests } from '@web/lib/preloaded';
import { createQueryClient } from '@web/lib/query-client';
import { getTodayQueryOptions } from '@web/features/check-ins/api/get-today';
import { getStreakQueryOptions } from '@web/features/streaks/api/get-streak';
import { getSubscriptionQueryOptions } from '@web/features/subscriptions/api/get-subscription';
import { getDashboardQueryOptions } from './api/get-dashboard';

const original = { ...apiEnvironment };
let requests: string[];
const combined = {
  user: { id: 'u1', firstName: 'Pia' },
  today: { localDate: '2026-03-10' },
  streak: { currentStreak: 3 },
  subscription: { tier: 'free' },
};
/** The four queries the dashboard's one call stands for, with the options every screen reads them with. */
const parts = () => [getCurrentUserQueryOptions(), getTodayQueryOptions(), getStreakQueryOptions(), getSubscriptionQueryOptions()];

/** Answers /api/dashboard with `dashboard`, any other path with its own name, and notes each request. */
function serve(dashboard: { status: number; body: unknown }) {
  apiEnvironment.fetch = async (url) => {
    requests.push(url);
    if (url === '/api/dashboard') return new Response(JSON.stringify(dashboard.body), { status: dashboard.status });
    if (url === '/api/auth/session') return new Response(JSON.stringify({ user: { own: url } }), { status: 200 });
    return new Response(JSON.stringify({ own: url }), { status: 200 });
  };
}

beforeEach(() => {
  requests = [];
  apiEnvironment.redirect = () => undefined;
});
afterEach(() => {
  Object.assign(apiEnvironment, original);
  resetPreloadsForTests();
});

/** Subscribes an observer per part (as the cards' useQuery calls do) and gives their data once nothing is fetching. */
async function mountParts(client: QueryClient) {
  const observers = parts().map((o) => new QueryObserver(client, o as never));
  const stops = observers.map((o) => o.subscribe(() => undefined));
  await new Promise((r) => setTimeout(r, 0));
  await Promise.all(client.getQueryCache().getAll().map((q) => q.promise?.catch(() => undefined)));
  stops.forEach((stop) => stop());
  return observers.map((o) => o.getCurrentResult().data);
}

describe('the dashboard loads its four reads with one request', () => {
  test('one GET /api/dashboard fills the four queries; the cards mounting after it ask nothing more', async () => {
    serve({ status: 200, body: combined });
    const client = createQueryClient();
    expect(await client.fetchQuery(getDashboardQueryOptions())).toEqual(combined);
    expect(await mountParts(client)).toEqual([combined.user, combined.today, combined.streak, combined.subscription]);
    expect(requests).toEqual(['/api/dashboard']);
  });

  test('a session gone (401) fills nothing: each query then asks its own endpoint', async () => {
    serve({ status: 401, body: { message: 'Unauthorized' } });
    const client = createQueryClient();
    expect(await client.fetchQuery(getDashboardQueryOptions())).toBeNull();
    expect(await mountParts(client)).toEqual([
      { own: '/api/auth/session' },
      { own: '/api/checkins/today' },
      { own: '/api/streak' },
      { own: '/api/subscription' },
    ]);
    expect(requests[0]).toBe('/api/dashboard');
    expect(requests.slice(1).sort()).toEqual(['/api/auth/session', '/api/checkins/today', '/api/streak', '/api/subscription']);
  });

  test("the page's first dashboard takes the shell's preloaded answer (one request); a later visit asks the server", async () => {
    serve({ status: 200, body: combined });
    claimPreloads({ querySelectorAll: () => [{ getAttribute: () => '/api/dashboard' }] } as unknown as Document);
    // The claim is the page's one request (the browser answers it from the preload).
    expect(requests).toEqual(['/api/dashboard']);
    const client = createQueryClient();
    await client.fetchQuery(getDashboardQueryOptions());
    expect(requests).toEqual(['/api/dashboard']);
    // A later visit (a reward claimed, a return to the dashboard) is never answered by the page-load preload.
    serve({ status: 200, body: { ...combined, streak: { currentStreak: 4 } } });
    await client.refetchQueries({ queryKey: getDashboardQueryOptions().queryKey });
    expect(requests).toEqual(['/api/dashboard', '/api/dashboard']);
    expect(client.getQueryData(getStreakQueryOptions().queryKey)).toEqual({ currentStreak: 4 });
  });

  test('a preload the server answered with an error is that answer: nothing filled, one request', async () => {
    serve({ status: 500, body: { message: 'boom' } });
    claimPreloads({ querySelectorAll: () => [{ getAttribute: () => '/api/dashboard' }] } as unknown as Document);
    const client = createQueryClient();
    await expect(client.fetchQuery(getDashboardQueryOptions())).rejects.toThrow();
    expect(client.getQueryData(getStreakQueryOptions().queryKey)).toBeUndefined();
    expect(requests).toEqual(['/api/dashboard']);
  });
});
