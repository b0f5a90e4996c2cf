import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, test } from 'vitest';
import { chromium, type Page } from 'playwright-core';
import { CHROMIUM_PATH } from './helpers/browser';
import { signUpAndSignIn } from './helpers/users';
import { useApp } from './helpers/app';

/**
 * Offline and installable (decision 022): the app shell opens offline after a first visit; a check-in made
 * offline is synced once after reconnecting and shows in the history; one made at 23:30 and synced at 00:10
 * counts for the day before; the manifest and the worker pass Chromium's installability checks.
 */
const e2e = useApp({ env: { DEV_TOOLS: 'on', TEST_CLOCK: 'on' }, ignorePageErrors: /Failed to fetch|NetworkError|ERR_INTERNET_DISCONNECTED/ });
const { withPage } = e2e;

/** Waits until the service worker controls the page (it claims clients on activation). */
async function controlled(page: Page): Promise<void> {
  await page.waitForFunction(() => navigator.serviceWorker?.controller !== null && navigator.serviceWorker?.controller !== undefined, null, {
    timeout: 20_000,
  });
}

const YES = 'Yes';

/** Answers the seven yes/no questions on /checkin and submits. */
async function checkInYes(page: Page): Promise<void> {
  for (let i = 1; i <= 7; i++) {
    await page.locator('h2', { hasText: `Question ${i} of 7` }).waitFor();
    await page.getByRole('button', { name: YES, exact: true }).click();
  }
  await page.getByRole('button', { name: /Complete check-in/ }).click();
}

async function history(page: Page): Promise<Array<{ date: string }>> {
  const res = await page.request.get('/api/checkins/history');
  expect(res.status()).toBe(200);
  return ((await res.json()) as { checkIns: Array<{ date: string }> }).checkIns;
}

/** A UTC person on the dashboard with the worker in control, the server's and the browser's clocks at `at`. */
async function readyOffline(page: Page, at: string): Promise<void> {
  await e2e.app.setClock({ at });
  await page.clock.setFixedTime(new Date(at));
  await signUpAndSignIn(page, e2e.app, { firstName: 'Ola', timezone: 'UTC' });
  await controlled(page);
  // A second load, controlled from the start, fills the read cache the screens use offline.
  await page.reload();
  await page.getByRole('navigation', { name: 'Main' }).waitFor();
  // The worker writes a read into its cache after answering it: going offline before that write lands would
  // leave the check-in screen nothing to open with.
  await page.waitForFunction(
    async () => {
      const cache = await caches.open('big7-api-reads');
      const urls = (await cache.keys()).map((r) => new URL(r.url).pathname);
      return ['/api/checkins/today', '/api/auth/session'].every((p) => urls.includes(p));
    },
    null,
    { timeout: 20_000 },
  );
}

describe('offline and installable', () => {
  test('the app shell loads offline after a first visit', async () => {
    await withPage(async (page, context) => {
      await readyOffline(page, new Date().toISOString());
      await context.setOffline(true);
      await page.reload();
      await page.getByRole('navigation', { name: 'Main' }).waitFor();
      await page.goto('/settings');
      expect(await page.locator('#root').innerHTML()).not.toBe('');
      await context.setOffline(false);
    });
  });

  test('a check-in made offline is synced exactly once after reconnecting and shows in the history', async () => {
    await withPage(async (page, context) => {
      await readyOffline(page, '2026-11-24T21:00:00Z');
      await context.setOffline(true);
      await page.goto('/checkin').catch(() => undefined);
      await checkInYes(page);
      await page.getByText('Saved offline', { exact: true }).first().waitFor();
      expect(await history(page).catch(() => [])).toEqual([]);
      await context.setOffline(false);
      await page.getByText('Synced', { exact: true }).first().waitFor({ timeout: 20_000 });
      expect((await history(page)).map((c) => c.date)).toEqual(['2026-11-24']);
      // Another reconnect and an app start send nothing again.
      await context.setOffline(true);
      await context.setOffline(false);
      await page.reload();
      await page.getByRole('navigation', { name: 'Main' }).waitFor();
      await page.waitForTimeout(1500);
      expect((await history(page)).map((c) => c.date)).toEqual(['2026-11-24']);
      expect(await page.evaluate(() => new Promise<number>((resolve) => {
        const req = indexedDB.open('big7-offline');
        req.onsuccess = () => {
          const all = req.result.transaction('checkins').objectStore('checkins').getAll();
          all.onsuccess = () => resolve((all.result as Array<{ synced: boolean }>).filter((r) => !r.synced).length);
        };
      }))).toBe(0);
    });
  });

  test('a check-in made offline at 23:30 and synced at 00:10 counts for the day before', async () => {
    await withPage(async (page, context) => {
      await readyOffline(page, '2026-11-24T23:25:00Z');
      await context.setOffline(true);
      await page.clock.setFixedTime(new Date('2026-11-24T23:30:00Z'));
      await page.goto('/checkin').catch(() => undefined);
      await checkInYes(page);
      await page.getByText('Saved offline', { exact: true }).first().waitFor();
      await e2e.app.setClock({ at: '2026-11-25T00:10:00Z' });
      await page.clock.setFixedTime(new Date('2026-11-25T00:10:00Z'));
      await context.setOffline(false);
      await page.getByText('Synced', { exact: true }).first().waitFor({ timeout: 20_000 });
      expect((await history(page)).map((c) => c.date)).toEqual(['2026-11-24']);
    });
  });

  test('the manifest and the worker pass installability (no errors from Chromium)', async () => {
    await e2e.app.setClock({ at: new Date().toISOString() });
    // A persistent (not incognito) profile: Chromium never offers to install from an incognito window.
    const dir = mkdtempSync(path.join(tmpdir(), 'big7-install-'));
    const context = await chromium.launchPersistentContext(dir, {
      executablePath: CHROMIUM_PATH,
      args: ['--headless', '--no-sandbox', '--disable-gpu', '--no-first-run', '--disable-background-networking', '--disable-component-update'],
      baseURL: e2e.app.url,
    });
    try {
      const page = await context.newPage();
      await page.goto('/signin');
      await controlled(page);
      await page.reload();
      const cdp = await context.newCDPSession(page);
      let errors: unknown[] = ['not checked'];
      for (let i = 0; i < 20 && errors.length; i++) {
        errors = ((await cdp.send('Page.getInstallabilityErrors')) as { installabilityErrors: unknown[] }).installabilityErrors;
        if (errors.length) await page.waitForTimeout(500);
      }
      expect(errors).toEqual([]);
      const manifest = (await cdp.send('Page.getAppManifest')) as { errors: unknown[]; url: string };
      expect(manifest.errors).toEqual([]);
      expect((await page.request.get('/service-worker.js')).status()).toBe(200);
    } finally {
      await context.close();
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
