import { createServer, request as httpRequest, type Server } from 'node:http';
import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { expect, test, useApp } from './fixtures';
import type { Page } from '@playwright/test';
import { listenOnLoopback } from './helpers/server';
import { signUpAndSignIn } from './helpers/users';

/**
 * The app update check on /settings (spec part 2 §4): against the real server it reaches "up to date"; when a new
 * build's service worker is installed and waiting it offers the update, and Update Now goes through the progress
 * steps, lets the waiting worker take control and reloads the app at /, still signed in. A new build is made by
 * a transparent proxy in front of the server that, once told, serves /sw.js with one more byte (the browser
 * installs it as a new worker). Also: a server that runs another version (GET /api/version stubbed, no worker),
 * and screenshots of /settings at 360 and 1280 px in both themes (test-results/settings-update/).
 */
let proxy: { url: string; newBuild: () => void; swServed: () => number; close: () => Promise<void> };

/** Passes every request to the app; after newBuild(), /sw.js differs from what the app serves by a comment. */
function startProxy(target: string): Promise<typeof proxy> {
  const upstream = new URL(target);
  let build = 0;
  let swServed = 0;
  const server: Server = createServer((req, res) => {
    const isWorker = req.url === '/sw.js' || req.url === '/service-worker.js';
    const headers = { ...req.headers };
    if (isWorker && build > 0) {
      // The whole script, uncompressed (a 304 to the browser's conditional request would keep the old one).
      headers['accept-encoding'] = 'identity';
      delete headers['if-none-match'];
      delete headers['if-modified-since'];
    }
    const up = httpRequest({ host: upstream.hostname, port: upstream.port, method: req.method, path: req.url, headers }, (upRes) => {
      if (isWorker && upRes.statusCode === 200) swServed++;
      if (!(isWorker && build > 0 && upRes.statusCode === 200)) {
        res.writeHead(upRes.statusCode ?? 502, upRes.headers);
        upRes.pipe(res);
        return;
      }
      const chunks: Buffer[] = [];
      upRes.on('data', (c: Buffer) => chunks.push(c));
      upRes.on('end', () => {
        const body = Buffer.concat([...chunks, Buffer.from(`\n// build ${build}\n`)]);
        const h = { ...upRes.headers, 'content-length': String(body.length) };
        delete h['content-encoding'];
        delete h.etag;
        delete h['last-modified'];
        res.writeHead(200, h);
        res.end(body);
      });
    });
    up.on('error', () => res.writeHead(502).end());
    req.pipe(up);
  });
  return listenOnLoopback(server).then((listening) => ({ ...listening, newBuild: () => void build++, swServed: () => swServed }));
}

// Every page opens through the proxy (started after the app, stopped before it; its afterAll runs first).
const e2e = useApp({ baseURL: () => proxy.url });
test.beforeAll(async () => {
  proxy = await startProxy(e2e.app.url);
});
test.afterAll(async () => {
  await proxy?.close();
});

const card = (page: Page) => page.getByTestId('app-update');
const state = (page: Page) => card(page).getAttribute('data-state');

/** Waits until a service worker controls the page (the first visit installs and claims it). */
async function controlled(page: Page): Promise<void> {
  await page.waitForFunction(() => navigator.serviceWorker?.controller !== null && navigator.serviceWorker?.controller !== undefined, null, { timeout: 30_000 });
}

test.describe('app update on /settings', () => {
  // One page for both tests: the worker the first visit installed is the one the second test replaces.
  const shared = e2e.sharedPage({ width: 360 }, async (page) => {
    await signUpAndSignIn(page, e2e.app, { firstName: 'Uma' });
    await controlled(page);
  });

  test('against the real server the check reaches "up to date"', async () => {
    const { page } = shared;
    await page.goto('/settings');
    const button = card(page).getByRole('button', { name: 'Check for Updates' });
    await button.waitFor();
    expect(await state(page)).toBe('idle');
    const box = await button.boundingBox();
    expect(box!.height).toBeGreaterThanOrEqual(44);
    // Keyboard: focus the button and press Enter.
    await button.focus();
    await page.keyboard.press('Enter');
    await expect.poll(() => state(page), { timeout: 20_000 }).toBe('upToDate');
    const status = card(page).getByRole('status');
    expect(await status.getAttribute('aria-live')).toBe('polite');
    expect(await status.textContent()).toBe("You're up to date (version 2.3.0).");
    expect(await card(page).getByRole('button', { name: 'Check Again' }).isVisible()).toBe(true);
    // Focus stayed on the button through the check.
    expect(await page.evaluate(() => document.activeElement?.textContent)).toBe('Check Again');
  });

  test('a new worker waiting: available → Update Now → progress to 100 → reloaded at /, still signed in', async () => {
    const { page, errors } = shared;
    const firstScript = await page.evaluate(async () => (await navigator.serviceWorker.getRegistration('/'))?.active?.scriptURL ?? null);
    expect(firstScript).toMatch(/\/sw\.js$/);
    proxy.newBuild();
    const served = proxy.swServed();
    await page.goto('/settings');
    await card(page).getByRole('button', { name: 'Check for Updates' }).click();
    await expect.poll(() => state(page), { timeout: 30_000 }).toBe('available');
    expect(proxy.swServed()).toBeGreaterThan(served);
    expect(await card(page).getByRole('status').textContent()).toBe('A new version of Big 7 is available.');
    // The new worker is installed and waiting, not yet in control.
    expect(await page.evaluate(async () => (await navigator.serviceWorker.getRegistration('/'))?.waiting !== null)).toBe(true);

    // Every progress value the bar shows, reported from the page (survives the reload).
    const seen: number[] = [];
    await page.exposeFunction('reportUpdateProgress', (v: number) => seen.push(v));
    await page.evaluate(() => {
      const report = (window as unknown as { reportUpdateProgress: (v: number) => void }).reportUpdateProgress;
      let last = -1;
      new MutationObserver(() => {
        const bar = document.querySelector('[role="progressbar"]');
        const v = bar ? Number(bar.getAttribute('aria-valuenow')) : -1;
        if (v > 0 && v !== last) report((last = v));
      }).observe(document.body, { subtree: true, childList: true, attributes: true, attributeFilter: ['aria-valuenow'] });
    });
    // A value left in local storage goes; the session stays.
    await page.evaluate(() => localStorage.setItem('big7.stale-test-value', '1'));
    const controllerChanged = page.evaluate(
      () => new Promise<boolean>((resolve) => navigator.serviceWorker.addEventListener('controllerchange', () => resolve(true), { once: true })),
    );
    await card(page).getByRole('button', { name: 'Update Now' }).click();
    await expect.poll(() => state(page)).toBe('updating');
    expect(await controllerChanged).toBe(true);
    await page.waitForURL((u) => u.pathname === '/', { timeout: 20_000 });
    await page.getByRole('navigation', { name: 'Main' }).waitFor();
    expect(seen).toEqual([10, 25, 50, 75, 95, 100]);
    expect(await page.evaluate(() => localStorage.getItem('big7.stale-test-value'))).toBeNull();
    // The new worker is the active one and none waits.
    const after = await page.evaluate(async () => {
      const reg = await navigator.serviceWorker.getRegistration('/');
      return { waiting: reg?.waiting ?? null, controlled: navigator.serviceWorker.controller !== null };
    });
    expect(after).toEqual({ waiting: null, controlled: true });
    // Now the same build again: up to date.
    await page.goto('/settings');
    await card(page).getByRole('button', { name: 'Check for Updates' }).click();
    await expect.poll(() => state(page), { timeout: 20_000 }).toBe('upToDate');
    expect(errors).toEqual([]);
  });
});

test.describe('a server running another version', () => {
  test('available (GET /api/version answers 9.9.9), and the update reloads at /', async () => {
    // No worker: the stub must answer, not a worker's cache. An uncaught page error fails the test (withPage).
    await e2e.withPage(async (page) => {
      await signUpAndSignIn(page, e2e.app, { firstName: 'Vic' });
      await page.route('**/api/version', (route) => route.fulfill({ status: 200, contentType: 'application/json', body: '{"version":"9.9.9"}' }));
      await page.goto('/settings');
      await card(page).getByRole('button', { name: 'Check for Updates' }).click();
      await expect.poll(() => state(page)).toBe('available');
      await card(page).getByRole('button', { name: 'Update Now' }).click();
      await page.getByRole('progressbar', { name: 'Update progress' }).waitFor();
      await page.waitForURL((u) => u.pathname === '/', { timeout: 20_000 });
      await page.getByRole('navigation', { name: 'Main' }).waitFor();
      // A failed version check reports up to date.
      await page.route('**/api/version', (route) => route.fulfill({ status: 500, body: 'down' }));
      await page.goto('/settings');
      await card(page).getByRole('button', { name: 'Check for Updates' }).click();
      await expect.poll(() => state(page)).toBe('upToDate');
    }, { serviceWorkers: 'block' });
  });
});

test.describe('screenshots', () => {
  test('/settings at 360 and 1280 px in both themes', async () => {
    const dir = path.resolve('test-results/settings-update');
    mkdirSync(dir, { recursive: true });
    await e2e.withPage(async (page) => {
      await signUpAndSignIn(page, e2e.app, { firstName: 'Wen' });
      for (const theme of ['light', 'dark'] as const) {
        await page.evaluate((t) => localStorage.setItem('big7_theme', t), theme);
        for (const width of [360, 1280]) {
          await page.setViewportSize({ width, height: 900 });
          await page.goto('/settings');
          await card(page).getByRole('button', { name: 'Check for Updates' }).click();
          await expect.poll(() => state(page)).toBe('upToDate');
          await card(page).scrollIntoViewIfNeeded();
          await page.screenshot({ path: path.join(dir, `settings-${width}-${theme}.png`), fullPage: true });
        }
      }
      // The available and updating states, on a phone (a stubbed newer version; the update's redirect is held).
      await page.setViewportSize({ width: 360, height: 900 });
      await page.route('**/api/version', (route) => route.fulfill({ status: 200, contentType: 'application/json', body: '{"version":"9.9.9"}' }));
      for (const theme of ['light', 'dark'] as const) {
        await page.evaluate((t) => localStorage.setItem('big7_theme', t), theme);
        await page.goto('/settings');
        await card(page).getByRole('button', { name: 'Check for Updates' }).click();
        await expect.poll(() => state(page)).toBe('available');
        await card(page).screenshot({ path: path.join(dir, `update-available-360-${theme}.png`) });
        await card(page).getByRole('button', { name: 'Update Now' }).click();
        await page.getByRole('progressbar', { name: 'Update progress' }).waitFor();
        await card(page).screenshot({ path: path.join(dir, `update-updating-360-${theme}.png`) });
        await page.waitForURL((u) => u.pathname === '/');
        await page.getByRole('navigation', { name: 'Main' }).waitFor();
      }
    }, { serviceWorkers: 'block' });
  });
});
