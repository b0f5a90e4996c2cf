import { afterEach, beforeEach, describe, expect, test } from 'vitest';
import { QueryClient, QueryObserver } from '@tanstack/react-query';
import { apiEnvironment } from '@web/lib/api-client';
import { claimPreloads, resetPreloadsForTests } from '@web/lib/preloaded';
import { primeDashboardQueries, type DashboardQueries } from './hooks/use-dashboard-data';

const original = { ...apiEnvironment };
let requests: string[];
const combined = { user: { id: 'u1' }, today: { localDate: '2026-03-10' }, streak: { currentStreak: 3 }, subscription: { tier: 'free' } };
const own = (part: keyof typeof combined) => async () => {
  requests.push(`own:${part}`);
  return { own: part };
};
const queries = (): DashboardQueries =>
  ({
    user: { queryKey: ['auth', 'user'], queryFn: own('user'), staleTime: 60_000 },
    today: { queryKey: ['checkins', 'today'], queryFn: own('today'), staleTime: 300_000 },
    streak: { queryKey: ['streak'], queryFn: own('streak'), staleTime: 0 },
    subscription: { queryKey: ['subscription'], queryFn: own('subscription'), staleTime: 0 },
  }) as unknown as DashboardQueries;

function serve(status: number, body: unknown) {
  apiEnvironment.fetch = async (url) => {
    requests.push(url);
    return new Response(JSON.stringify(body), { status });
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

/** Subscribes the screens' observers (as their useQuery calls would) and waits for their data. */
async function mount(client: QueryClient, q: DashboardQueries) {
  return Promise.all(
    Object.values(q).map(async (o) => {
      const observer = new QueryObserver(client, o as never);
      const unsubscribe = observer.subscribe(() => undefined);
      const result = await observer.refetch({ cancelRefetch: false });
      unsubscribe();
      return result.data;
    }),
  );
}

describe('the dashboard loads its four reads with one request', () => {
  test('one GET /api/dashboard seeds the four queries; the screens join it', async () => {
    serve(200, combined);
    const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
    primeDashboardQueries(client, queries());
    const data = await mount(client, queries());
    expect(requests).toEqual(['/api/dashboard']);
    expect(data).toEqual([combined.user, combined.today, combined.streak, combined.subscription]);
    expect(client.getQueryData(['streak'])).toEqual(combined.streak);
  });

  test('a screen mounting just after the answer arrived does not fetch its stale-at-once query again', async () => {
    serve(200, combined);
    const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
    primeDashboardQueries(client, queries());
    await client.getQueryCache().find({ queryKey: ['streak'] })?.promise;
    await new Promise((r) => setTimeout(r, 0));
    const q = queries();
    const observer = new QueryObserver(client, q.streak as never);
    const unsubscribe = observer.subscribe(() => undefined);
    await new Promise((r) => setTimeout(r, 10));
    unsubscribe();
    expect(requests).toEqual(['/api/dashboard']);
    expect(observer.getCurrentResult().data).toEqual(combined.streak);
  });

  test('fresh queries are left alone; nothing to load makes no request', async () => {
    serve(200, combined);
    const client = new QueryClient();
    for (const q of Object.values(queries())) client.setQueryData(q.queryKey, { cached: true });
    // streak and subscription are stale at once (staleTime 0): they come from the combined call.
    primeDashboardQueries(client, queries());
    await new Promise((r) => setTimeout(r, 0));
    await client.getQueryCache().find({ queryKey: ['streak'] })?.promise;
    expect(requests).toEqual(['/api/dashboard']);
    expect(client.getQueryData(['checkins', 'today'])).toEqual({ cached: true });
    expect(client.getQueryData(['subscription'])).toEqual(combined.subscription);
    requests = [];
    const fresh = queries();
    fresh.streak.staleTime = 60_000;
    fresh.subscription.staleTime = 60_000;
    primeDashboardQueries(client, fresh);
    expect(requests).toEqual([]);
  });

  test('when the combined call fails (401, an older server) each query asks its own endpoint', async () => {
    serve(401, { message: 'Unauthorized' });
    const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
    primeDashboardQueries(client, queries());
    const data = await mount(client, queries());
    expect(requests[0]).toBe('/api/dashboard');
    expect(requests.slice(1).sort()).toEqual(['own:streak', 'own:subscription', 'own:today', 'own:user']);
    expect(data).toEqual([{ own: 'user' }, { own: 'today' }, { own: 'streak' }, { own: 'subscription' }]);
  });

  test("the page's first dashboard takes the shell's preloaded answer (one request); a later load asks the server", async () => {
    serve(200, combined);
    const link = { getAttribute: () => '/api/dashboard' };
    claimPreloads({ querySelectorAll: () => [link] } as unknown as Document);
    // The claim is the page's one request (the browser answers it from the preload).
    expect(requests).toEqual(['/api/dashboard']);
    const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
    primeDashboardQueries(client, queries());
    expect(await mount(client, queries())).toEqual([combined.user, combined.today, combined.streak, combined.subscription]);
    expect(requests).toEqual(['/api/dashboard']);
    // A later refresh (a reward claimed, a return to the dashboard) is never answered by the page-load preload.
    serve(200, { ...combined, streak: { currentStreak: 4 } });
    await client.invalidateQueries();
    primeDashboardQueries(client, queries());
    await mount(client, queries());
    expect(requests).toEqual(['/api/dashboard', '/api/dashboard']);
    expect(client.getQueryData(['streak'])).toEqual({ currentStreak: 4 });
  });

  test('a preload the server answered with an error is that answer: each query then asks its own endpoint', async () => {
    serve(500, { message: 'boom' });
    claimPreloads({ querySelectorAll: () => [{ getAttribute: () => '/api/dashboard' }] } as unknown as Document);
    const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
    primeDashboardQueries(client, queries());
    expect(await mount(client, queries())).toEqual([{ own: 'user' }, { own: 'today' }, { own: 'streak' }, { own: 'subscription' }]);
    expect(requests[0]).toBe('/api/dashboard');
    expect(requests.filter((r) => r === '/api/dashboard')).toHaveLength(1);
  });

});
