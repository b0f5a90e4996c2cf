import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { expect, test, useApp } from './fixtures';
import { chromium, type BrowserContext, type Page } from '@playwright/test';
import { CHROMIUM_PATH, SCREENSHOTS_DIR, screenshotBothThemes } from './helpers/browser';
import { signUpAndSignIn } from './helpers/users';
import { answerYesNo, momentShown, questionHeading, recordMoments, type MomentRecord } from './helpers/check-in';
import { NOTIFICATION_BADGE, NOTIFICATION_ICON } from '@web/sw/push';

/**
 * Offline and installable (decision 022): the app shell opens offline after a first visit; a check-in made
 * offline is synced once after reconnecting and shows in the history; one made at 23:30 and synced at 00:10
 * counts for the day before; one the server refuses (more than 48 hours late) is dropped and the page says why;
 * sign-out clears the worker's cache of API reads but not its precache; the manifest and the worker pass
 * Chromium's installability checks.
 *
 * The dates are today's and tomorrow's by the real clock (the service worker runs on the real clock; the
 * server's and the page's are set to those dates), so the journeys pass on any day.
 */
// LOG_LEVEL info: the server logs each request, so a test can count the check-ins it received.
const e2e = useApp({
  env: { DEV_TOOLS: 'on', TEST_CLOCK: 'on', LOG_LEVEL: 'info' },
  ignorePageErrors: /Failed to fetch|NetworkError|ERR_INTERNET_DISCONNECTED/,
});
const { withPage } = e2e;

/** A UTC date `days` after today's (by the real clock), as YYYY-MM-DD. */
const utcDate = (days = 0) => new Date(Date.now() + days * 86_400_000).toISOString().slice(0, 10);
const TODAY = utcDate();
const TOMORROW = utcDate(1);
const YESTERDAY = utcDate(-1);
const YES7 = [true, true, true, true, true, true, true];
/** What the check-in screen says when a submission is stored on the device (lib/queued-check-ins.ts). */
const SAVED_ON_DEVICE = "Saved on this device — it will sync when you're back online";

/** The POST /api/checkins requests the server received since `since` (Date.now()), from its request log. */
function checkInPosts(since: number): number {
  return e2e.app.logLines(/"msg":"incoming request"/, since).filter((line) => {
    const req = (JSON.parse(line) as { req?: { method?: string; url?: string } }).req;
    return req?.method === 'POST' && req.url === '/api/checkins';
  }).length;
}

/** The unsynced records of the offline queue in this browser. */
const queued = (page: Page) =>
  page.evaluate(
    () =>
      new Promise<number>((resolve) => {
        const req = indexedDB.open('big7-offline');
        req.onsuccess = () => {
          const all = req.result.transaction('checkins').objectStore('checkins').getAll();
          all.onsuccess = () => resolve((all.result as Array<{ synced: boolean }>).filter((r) => !r.synced).length);
        };
      }),
  );

/**
 * Waits until the service worker controls the page. It claims the open pages when it activates, but a page whose
 * navigation was under way at that moment (the sign-in screen going to the dashboard) can stay uncontrolled until
 * its next load: so once the worker is active, a page it does not control is reloaded.
 */
async function controlled(page: Page): Promise<void> {
  const isControlled = () => page.evaluate(() => !!navigator.serviceWorker?.controller);
  const active = await page.evaluate(() =>
    Promise.race([navigator.serviceWorker.ready.then(() => true), new Promise<boolean>((r) => setTimeout(r, 20_000, false))]),
  );
  expect(active, 'the service worker activates').toBe(true);
  if (!(await isControlled())) await page.reload();
  await expect.poll(isControlled, { timeout: 20_000 }).toBe(true);
}

/**
 * The check-in screen says the submission is stored on the device; offline, the record is there at once (online, a
 * Background Sync may already have sent it by the time the test looks: the server's count says the rest).
 */
async function savedOnDevice(page: Page, opts: { offline: boolean } = { offline: true }): Promise<void> {
  await page.getByTestId('check-in-queued').getByText(SAVED_ON_DEVICE).waitFor();
  if (opts.offline) expect(await queued(page)).toBe(1);
}

/** Answers the seven yes/no questions on /checkin with Yes and submits. */
async function checkInYes(page: Page): Promise<void> {
  await answerYesNo(page);
  await page.getByRole('button', { name: /Complete check-in/ }).click();
}

async function history(page: Page): Promise<Array<{ id: string; date: string; createdAt: string; updatedAt: string }>> {
  const res = await page.request.get('/api/checkins/history');
  expect(res.status()).toBe(200);
  return ((await res.json()) as { checkIns: Array<{ id: string; date: string; createdAt: string; updatedAt: string }> }).checkIns;
}

/** What each page's moments after a check-in showed (recordMoments, from readyOffline on). */
const momentsOf = new WeakMap<Page, () => Promise<MomentRecord[]>>();

/** A UTC person on the dashboard with the worker in control, the server's and the browser's clocks at `at`. */
async function readyOffline(page: Page, at: string): Promise<void> {
  if (!momentsOf.has(page)) momentsOf.set(page, await recordMoments(page));
  await e2e.app.setClock({ at });
  await page.clock.setFixedTime(new Date(at));
  await signUpAndSignIn(page, e2e.app, { firstName: 'Ola', timezone: 'UTC' });
  await controlled(page);
  // A second load, controlled from the start, fills the read cache the screens use offline.
  await page.reload();
  await page.getByRole('navigation', { name: 'Main' }).waitFor();
  // The worker writes a read into its cache after answering it: going offline before that write lands would
  // leave the check-in screen nothing to open with. (Polled from here: waitForFunction takes the Promise an async
  // predicate returns as truthy at once.)
  const cached = () =>
    page.evaluate(async () => {
      const cache = await caches.open('big7-api-reads');
      const urls = (await cache.keys()).map((r) => new URL(r.url).pathname);
      return ['/api/checkins/today', '/api/auth/session'].every((p) => urls.includes(p));
    });
  await expect.poll(cached, { timeout: 20_000 }).toBe(true);
}

test.describe('offline and installable', () => {
  test('the app shell loads offline after a first visit', async () => {
    await withPage(async (page, context) => {
      await readyOffline(page, new Date().toISOString());
      await context.setOffline(true);
      await page.reload();
      await page.getByRole('navigation', { name: 'Main' }).waitFor();
      await page.goto('/settings');
      // The screen is rendered from the worker's cache (the root starts empty and fills once the session is read).
      await page.getByRole('heading', { name: 'Settings', level: 1 }).waitFor();
      await context.setOffline(false);
    });
  });

  test('a check-in made offline is synced exactly once after reconnecting and shows in the history', async () => {
    await withPage(async (page, context) => {
      await readyOffline(page, `${TODAY}T21:00:00Z`);
      const start = Date.now();
      await context.setOffline(true);
      await page.goto('/checkin').catch(() => undefined);
      await checkInYes(page);
      await savedOnDevice(page);
      await page.waitForURL((url) => url.pathname === '/');
      expect(await history(page).catch(() => [])).toEqual([]);
      expect(checkInPosts(start)).toBe(0);
      // Reconnecting wakes both senders (the worker's Background Sync and the page's 'online' listener): they take
      // turns, so the server receives the check-in once.
      await context.setOffline(false);
      await page.getByText('Synced', { exact: true }).first().waitFor({ timeout: 20_000 });
      const [made] = await history(page);
      expect(made).toMatchObject({ date: TODAY });
      // Created once and never replaced by a second send (a replacement moves updatedAt: the server's clock runs).
      expect(made!.updatedAt).toBe(made!.createdAt);
      // Another reconnect and an app start send nothing again.
      await context.setOffline(true);
      await context.setOffline(false);
      await page.reload();
      await page.getByRole('navigation', { name: 'Main' }).waitFor();
      await page.waitForLoadState('networkidle');
      expect(await history(page)).toEqual([made]);
      expect(await queued(page)).toBe(0);
      expect(checkInPosts(start)).toBe(1);
    });
  });

  test('a check-in made offline at 23:30 and synced at 00:10 counts for the day before', async () => {
    await withPage(async (page, context) => {
      await readyOffline(page, `${TODAY}T23:25:00Z`);
      await context.setOffline(true);
      await page.clock.setFixedTime(new Date(`${TODAY}T23:30:00Z`));
      await page.goto('/checkin').catch(() => undefined);
      await checkInYes(page);
      await savedOnDevice(page);
      await e2e.app.setClock({ at: `${TOMORROW}T00:10:00Z` });
      await page.clock.setFixedTime(new Date(`${TOMORROW}T00:10:00Z`));
      await context.setOffline(false);
      await page.getByText('Synced', { exact: true }).first().waitFor({ timeout: 20_000 });
      expect((await history(page)).map((c) => c.date)).toEqual([TODAY]);
    });
  });

  test('a queued check-in the server refuses (more than 48 hours late) is dropped and the page says why', async () => {
    await withPage(async (page, context) => {
      await readyOffline(page, `${TODAY}T21:00:00Z`);
      await context.setOffline(true);
      await page.goto('/checkin').catch(() => undefined);
      await checkInYes(page);
      await savedOnDevice(page);
      // Three days on, by the server's clock (the judge of the 48 hours) and the page's.
      const later = new Date(Date.parse(`${TODAY}T21:00:00Z`) + 3 * 86_400_000);
      await e2e.app.setClock({ at: later });
      await page.clock.setFixedTime(later);
      await context.setOffline(false);
      await page.getByText('Check-in not accepted', { exact: true }).first().waitFor({ timeout: 20_000 });
      await page.getByText(/was made more than 48 hours ago, so it can no longer be saved/).first().waitFor();
      expect(await page.getByText('Failed to save check-in offline.').count()).toBe(0);
      expect(await history(page)).toEqual([]);
      expect(await queued(page)).toBe(0);
    });
  });

  test("sign-out clears the worker's cache of API reads, not its precache", async () => {
    await withPage(async (page) => {
      await readyOffline(page, new Date().toISOString());
      // The signed-in user's reads the worker keeps (the session probe is read again by the signed-out page).
      const userReads = () =>
        page.evaluate(async () => {
          const cache = await caches.open('big7-api-reads');
          return (await cache.keys()).map((r) => new URL(r.url).pathname).filter((p) => p !== '/api/auth/session');
        });
      const precached = () => page.evaluate(async () => (await caches.keys()).some((n) => n.startsWith('workbox-precache')));
      expect(await userReads()).toContain('/api/checkins/today');
      await page.goto('/account');
      await page.getByRole('button', { name: /Sign Out/ }).first().click();
      await page.getByRole('dialog').getByRole('button', { name: 'Sign Out' }).click();
      await page.waitForURL((url) => url.pathname === '/');
      await expect.poll(userReads).toEqual([]);
      expect(await precached()).toBe(true);
      const session = await page.evaluate(async () => (await (await caches.open('big7-api-reads')).match('/api/auth/session'))?.json());
      expect(session?.user ?? null).toBeNull();
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
      const installabilityErrors = async () =>
        ((await cdp.send('Page.getInstallabilityErrors')) as { installabilityErrors: unknown[] }).installabilityErrors;
      await expect.poll(installabilityErrors, { timeout: 10_000 }).toEqual([]);
      const manifest = (await cdp.send('Page.getAppManifest')) as { errors: unknown[]; url: string };
      expect(manifest.errors).toEqual([]);
      expect((await page.request.get('/service-worker.js')).status()).toBe(200);
      // The icon a reminder notification shows (src/web/sw/push.ts) is in the build.
      for (const icon of [NOTIFICATION_ICON, NOTIFICATION_BADGE]) {
        const res = await page.request.get(icon);
        expect(res.status(), icon).toBe(200);
        expect(res.headers()['content-type'], icon).toBe('image/png');
      }
    } finally {
      await context.close();
      rmSync(dir, { recursive: true, force: true });
    }
  });
});

/**
 * Issue 25: a submission the server did not answer (the signal went after the screen loaded, or while the request
 * was in flight) is stored on the device at once, the screen says so, the dashboard shows today as done with the
 * usual moment, and it reaches the server exactly once (its Idempotency-Key) on reconnect or at the next start.
 */
test.describe('a check-in is never lost to a dropped connection', () => {
  /** Back on the dashboard from the queued check-in: the moment (saying it will sync) and today as done. */
  async function dashboardShowsQueued(page: Page, title: string): Promise<void> {
    await page.waitForURL((url) => url.pathname === '/');
    // It ends by itself after ~2 s: what it showed is read from the page's record of it.
    expect((await momentShown(momentsOf.get(page)!, title)).queued, 'the moment says the check-in will sync').toBe(true);
    await page.getByTestId('done-for-today').waitFor();
    expect(await page.getByTestId('first-check-in').count()).toBe(0);
  }

  /** Reconnects and waits for the one POST of the queued check-in: synced, the queue empty, today still done. */
  async function syncedOnce(page: Page, start: number, posts = 1): Promise<void> {
    await page.getByText('Synced', { exact: true }).first().waitFor({ timeout: 20_000 });
    await expect.poll(() => queued(page)).toBe(0);
    const [made, ...more] = await history(page);
    expect(more).toEqual([]);
    expect(made).toMatchObject({ date: TODAY });
    // Created once and never replaced by a second send (a replacement moves updatedAt: the server's clock runs).
    expect(made!.updatedAt).toBe(made!.createdAt);
    expect(checkInPosts(start)).toBe(posts);
    // Still today done on the dashboard, not the flow's first question again.
    await page.getByTestId('done-for-today').waitFor();
    expect(await questionHeading(page, 1).count()).toBe(0);
  }

  /** A new UTC user's check-in screen, loaded online at 21:00 today; answers when (Date.now()) it was ready. */
  async function onCheckInScreen(page: Page): Promise<number> {
    await readyOffline(page, `${TODAY}T21:00:00Z`);
    await page.goto('/checkin');
    await questionHeading(page, 1).waitFor();
    return Date.now();
  }

  /** The signal goes on the loaded screen; the first check-in is saved on the device and the dashboard shows it. */
  async function firstCheckInSignalLost(page: Page, context: BrowserContext, screenshot?: string): Promise<void> {
    await context.setOffline(true);
    await checkInYes(page);
    await savedOnDevice(page);
    if (screenshot) await screenshotBothThemes(page, SCREENSHOTS_DIR, screenshot);
    await dashboardShowsQueued(page, 'Your first check-in is done!');
  }

  test('a new user: the signal lost after the screen loaded, the first check-in is saved on the device and synced once', async () => {
    await withPage(async (page, context) => {
      const start = await onCheckInScreen(page);
      await firstCheckInSignalLost(page, context, 'check-in-saved-on-device-360');
      expect(checkInPosts(start)).toBe(0);
      await context.setOffline(false);
      await syncedOnce(page, start);
    }, { width: 360, height: 740 });
  });

  /**
   * A returning UTC user who checked in yesterday, now at 21:00 today (the server's and the page's clocks): the signal
   * goes on the loaded flow, the answers (No for `noAt`) are submitted with `button`, saved on the device, and the
   * dashboard shows the moment `title` with today's card at `percent`; then the signal comes back and the queue empties.
   * Answers when (Date.now()) the screen was ready.
   */
  async function returningSignalLost(
    page: Page,
    context: BrowserContext,
    flow: { path: string; noAt: number[]; button: RegExp; title: string; percent: string },
    beforeFlow?: () => Promise<void>,
  ): Promise<number> {
    await readyOffline(page, `${YESTERDAY}T21:00:00Z`);
    expect((await page.request.post('/api/checkins', { data: { answers: YES7 } })).status()).toBe(201);
    await e2e.app.setClock({ at: `${TODAY}T21:00:00Z` });
    await page.clock.setFixedTime(new Date(`${TODAY}T21:00:00Z`));
    await beforeFlow?.();
    await page.goto(flow.path);
    await questionHeading(page, 1).waitFor();
    const start = Date.now();
    await context.setOffline(true);
    await answerYesNo(page, flow.noAt);
    await page.getByRole('button', { name: flow.button }).click();
    await savedOnDevice(page);
    await dashboardShowsQueued(page, flow.title);
    // Today's card from the queued answers, whatever the cached read said.
    const card = page.getByTestId('done-for-today').getByText(`Today’s check-in: ${flow.percent}.`);
    await card.waitFor();
    await context.setOffline(false);
    await page.getByText('Synced', { exact: true }).first().waitFor({ timeout: 20_000 });
    await expect.poll(() => queued(page)).toBe(0);
    await card.waitFor();
    return start;
  }

  test('a returning user: the signal lost after the screen loaded, the check-in is saved on the device and synced once', async () => {
    await withPage(async (page, context) => {
      const flow = { path: '/checkin', noAt: [7], button: /Complete check-in/, title: 'Check-in complete!', percent: '86%' };
      const start = await returningSignalLost(page, context, flow);
      expect((await history(page)).map((c) => c.date)).toEqual([TODAY, YESTERDAY]);
      expect(checkInPosts(start)).toBe(1);
    });
  });

  test('an edit: the signal lost on the loaded update screen, the edit is saved on the device and replaces the check-in once', async () => {
    await withPage(async (page, context) => {
      let made = '';
      // Today's check-in made online first; the update is five of seven.
      const flow = { path: '/checkin?edit=true', noAt: [6, 7], button: /Update check-in/, title: 'Check-in updated', percent: '71%' };
      const start = await returningSignalLost(page, context, flow, async () => {
        expect((await page.request.post('/api/checkins', { data: { answers: YES7 } })).status()).toBe(201);
        made = (await history(page))[0]!.id;
      });
      const [after, ...more] = await history(page);
      expect(more.map((c) => c.date)).toEqual([YESTERDAY]);
      expect(after).toMatchObject({ id: made, date: TODAY, answers: [true, true, true, true, true, false, false] });
      expect(checkInPosts(start)).toBe(1);
    });
  });

  test('the signal lost in flight (the server got it, the answer never came back): stored at once, the retry is the same check-in', async () => {
    await withPage(async (page) => {
      const start = await onCheckInScreen(page);
      let first = true;
      await page.route('**/api/checkins', async (route) => {
        if (route.request().method() !== 'POST' || !first) return route.fallback();
        first = false;
        await route.fetch(); // the server received it and answered…
        await route.abort('internetdisconnected'); // …and the answer was lost on the way back
      });
      await checkInYes(page);
      await savedOnDevice(page, { offline: false });
      await dashboardShowsQueued(page, 'Your first check-in is done!');
      // The browser never went offline: Background Sync (or the page) sends the record with the same key.
      await syncedOnce(page, start, 2);
    });
  });

  test('no answer within 3 s: stored on the device, and the late answer of the first request is not a second check-in', async () => {
    await withPage(async (page) => {
      const start = await onCheckInScreen(page);
      let first = true;
      let late: Promise<void> | undefined;
      await page.route('**/api/checkins', async (route) => {
        if (route.request().method() !== 'POST' || !first) return route.fallback();
        first = false;
        const response = await route.fetch();
        // The answer is held until the page has given up on it and stored the check-in, then arrives.
        late = savedOnDevice(page, { offline: false }).then(() => route.fulfill({ response }));
        await late;
      });
      await checkInYes(page);
      await page.getByTestId('check-in-queued').waitFor();
      await late;
      await dashboardShowsQueued(page, 'Your first check-in is done!');
      await syncedOnce(page, start, 2);
    });
  });

  test('the app closed while offline and opened online later sends the queued check-in once', async () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'big7-offline-'));
    const launch = () =>
      chromium.launchPersistentContext(dir, {
        executablePath: CHROMIUM_PATH,
        args: ['--headless', '--no-sandbox', '--disable-gpu', '--no-first-run', '--disable-background-networking', '--disable-component-update'],
        baseURL: e2e.app.url,
        viewport: { width: 390, height: 844 },
      });
    let context = await launch();
    try {
      let page = await context.newPage();
      const start = await onCheckInScreen(page);
      await firstCheckInSignalLost(page, context);
      // The app (the whole browser) is closed while still offline.
      await context.close();
      expect(checkInPosts(start)).toBe(0);
      // Opened again later, online: the start-up sync sends it.
      context = await launch();
      page = await context.newPage();
      await page.clock.setFixedTime(new Date(`${TODAY}T21:05:00Z`));
      await page.goto('/');
      await page.getByTestId('done-for-today').waitFor();
      await expect.poll(() => queued(page), { timeout: 20_000 }).toBe(0);
      const [made, ...more] = await history(page);
      expect(more).toEqual([]);
      expect(made).toMatchObject({ date: TODAY });
      expect(made!.updatedAt).toBe(made!.createdAt);
      expect(checkInPosts(start)).toBe(1);
    } finally {
      await context.close();
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
