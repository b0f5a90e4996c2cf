import { createServer, request as httpRequest, type Server } from 'node:http';
import { expect, test, useApp } from './fixtures';
import type { Page } from '@playwright/test';
import { listenOnLoopback } from './helpers/server';
import { open, settled } from './helpers/a11y';
import { SOME_YES_ANSWERS, signedInThroughApi } from './helpers/users';
import { EVENING_ZONE } from './helpers/zones';

/**
 * The dashboard's first load (issue 10, decisions 016 and 033), as the server sees it: a transparent proxy
 * in front of the app counts the requests that reach it. A signed-in page load asks GET /api/dashboard, the history
 * and the rewards ONCE each (the page shell preloads them, the app claims the preloads) and none of the four spec
 * reads; a visitor's page carries no such preload (its 401 would be a console error); a later dashboard in the same
 * page reads the server again (never the page-load answer); and nothing on the dashboard moves while its data
 * arrives (no layout-shift entry).
 */
let proxy: { url: string; hits: string[]; close: () => Promise<void> };

/** Passes every request to the app and notes `METHOD /path` of each. */
function startProxy(target: string): Promise<typeof proxy> {
  const upstream = new URL(target);
  const hits: string[] = [];
  const server: Server = createServer((req, res) => {
    hits.push(`${req.method} ${(req.url ?? '').split('?')[0]}`);
    const up = httpRequest({ host: upstream.hostname, port: upstream.port, method: req.method, path: req.url, headers: req.headers }, (upRes) => {
      res.writeHead(upRes.statusCode ?? 502, upRes.headers);
      upRes.pipe(res);
    });
    up.on('error', () => res.writeHead(502).end());
    req.pipe(up);
  });
  return listenOnLoopback(server).then((listening) => ({ ...listening, hits }));
}

// The service worker is blocked: every page load is the server's shell (with a worker in control the shell comes
// from its precache, without the preloads, and the app asks as before).
const e2e = useApp({
  baseURL: () => proxy.url,
  context: { timezoneId: EVENING_ZONE, notificationPromptSeen: true, serviceWorkers: 'block' },
});
test.beforeAll(async () => {
  proxy = await startProxy(e2e.app.url);
});
test.afterAll(async () => {
  await proxy?.close();
});

const SPEC_READS = ['GET /api/auth/user', 'GET /api/checkins/today', 'GET /api/streak', 'GET /api/subscription'];
const count = (from: number, hit: string) => proxy.hits.slice(from).filter((h) => h === hit).length;

/** Sums the page's layout-shift entries (without recent input) from its first paint on. */
async function watchLayoutShifts(page: Page): Promise<() => Promise<number>> {
  await page.addInitScript(() => {
    const w = window as unknown as { __shift: number };
    w.__shift = 0;
    new PerformanceObserver((list) => {
      for (const e of list.getEntries() as unknown as Array<{ value: number; hadRecentInput: boolean }>) {
        if (!e.hadRecentInput) w.__shift += e.value;
      }
    }).observe({ type: 'layout-shift', buffered: true });
  });
  return () => page.evaluate(() => (window as unknown as { __shift: number }).__shift);
}

/** The consoles's errors (a failed request is logged as one). */
function consoleErrors(page: Page): string[] {
  const errors: string[] = [];
  page.on('console', (m) => {
    if (m.type() === 'error') errors.push(m.text());
  });
  return errors;
}

test.describe("the dashboard's first load", () => {
  test('a signed-in load reads each of its three reads once through the preloads, no spec read, nothing moves', async () => {
    await e2e.withPage(async (page) => {
      await signedInThroughApi(page.request, e2e.app, { firstName: 'Pia', timezone: EVENING_ZONE, checkIn: true });
      const shift = await watchLayoutShifts(page);
      const errors = consoleErrors(page);
      const from = proxy.hits.length;
      await page.goto('/dashboard');
      await settled(page, { networkIdle: true });
      await page.getByTestId('streak-card').waitFor();
      await page.getByRole('heading', { name: 'Your seven areas' }).waitFor();
      const preloads = await page.evaluate(() =>
        [...document.querySelectorAll('link[rel="preload"][as="fetch"][data-claim]')].map((l) => l.getAttribute('href')),
      );
      expect(preloads).toEqual(['/api/dashboard', '/api/checkins/history', '/api/rewards/available']);
      for (const read of ['GET /api/dashboard', 'GET /api/checkins/history', 'GET /api/rewards/available', 'GET /api/auth/session']) {
        expect(count(from, read), read).toBe(1);
      }
      for (const read of SPEC_READS) expect(count(from, read), read).toBe(0);
      expect(errors).toEqual([]);
      expect(await shift()).toBeLessThan(0.001);
      // A signed-in / is the dashboard too: the same preloads.
      const from2 = proxy.hits.length;
      await page.goto('/');
      await settled(page, { networkIdle: true });
      await page.getByTestId('streak-card').waitFor();
      expect(count(from2, 'GET /api/dashboard')).toBe(1);
      for (const read of SPEC_READS) expect(count(from2, read), read).toBe(0);
      expect(await shift()).toBeLessThan(0.001);
    });
  });

  test('the area tiles stay where they first appear while the rest of the data arrives', async () => {
    await e2e.withPage(async (page) => {
      await signedInThroughApi(page.request, e2e.app, { firstName: 'Rui', timezone: EVENING_ZONE, checkIn: true });
      const shift = await watchLayoutShifts(page);
      await page.goto('/dashboard');
      const heading = page.getByRole('heading', { name: 'Your seven areas' });
      await heading.waitFor();
      const first = await heading.boundingBox();
      await settled(page, { networkIdle: true });
      expect(await heading.boundingBox()).toEqual(first);
      expect(await shift()).toBeLessThan(0.001);
    });
  });

  test('a later dashboard in the same page reads the server again, never the page-load answer', async () => {
    await e2e.withPage(async (page) => {
      await signedInThroughApi(page.request, e2e.app, { firstName: 'Ivo', timezone: EVENING_ZONE });
      await page.goto('/dashboard');
      await settled(page, { networkIdle: true });
      await expect.poll(() => page.getByTestId('streak-count').textContent()).toBe('0 Days');
      // A check-in made elsewhere (another device), then back to the dashboard inside the app.
      const made = await page.request.post('/api/checkins', { data: { answers: SOME_YES_ANSWERS } });
      expect(made.status(), await made.text()).toBe(201);
      const from = proxy.hits.length;
      await open(page, '/streak', { inApp: true });
      await open(page, '/', { inApp: true });
      await expect.poll(() => page.getByTestId('streak-count').textContent(), { timeout: 10_000 }).toBe('1 Day');
      expect(count(from, 'GET /api/dashboard')).toBeGreaterThanOrEqual(1);
    });
  });

  test("a visitor's page, and a page with an unknown or ended session, carry no preload of the user's reads", async () => {
    await e2e.withPage(async (page, context) => {
      const errors = consoleErrors(page);
      for (const path of ['/', '/dashboard']) {
        const html = await (await page.request.get(path)).text();
        expect(html, path).not.toContain('data-claim');
      }
      // A visitor's / is prerendered (decision 029): it starts as a visitor's page, without the session probe.
      expect(await (await page.request.get('/dashboard')).text()).toContain('rel="preload" href="/api/auth/session"');
      expect(await (await page.request.get('/')).text()).toContain('<div id="root"><a href="#main"');
      await page.goto('/dashboard');
      await settled(page, { networkIdle: true });
      await page.getByRole('heading', { name: 'Big 7', level: 1 }).waitFor();
      expect(errors).toEqual([]);
      await context.addCookies([{ name: 'big7_sid', value: 'not-a-session', url: proxy.url }]);
      expect(await (await page.request.get('/dashboard')).text()).not.toContain('data-claim');
      // Signed in, then signed out: the old cookie's page has none either.
      await signedInThroughApi(page.request, e2e.app, { firstName: 'Eva', timezone: EVENING_ZONE });
      expect(await (await page.request.get('/dashboard')).text()).toContain('data-claim');
      const cookie = (await context.cookies()).find((c) => c.name === 'big7_sid')!;
      expect((await page.request.post('/api/auth/logout')).status()).toBeLessThan(300);
      await context.addCookies([cookie]);
      expect(await (await page.request.get('/dashboard')).text()).not.toContain('data-claim');
    });
  });
});
