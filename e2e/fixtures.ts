import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { test as base, expect, type Browser, type BrowserContext, type Page, type TestInfo } from '@playwright/test';
import { newMobileContext, watchPageErrors, type ContextOptions } from './helpers/browser';
import { startApp, type RunningApp, type StartOptions } from './helpers/server';

export { expect };

/**
 * The fixtures of the browser tests (decision 025), on Playwright's runner:
 *
 * - `app` (worker-scoped, automatic): the BUILT app (`npm run build` first) on its own port with its own data
 *   directory and SMTP sink, started before the file's first test and stopped after its last. Every test file
 *   calls `useApp()` at its top, which gives the file its own options object, so Playwright gives it its own
 *   worker: one fresh server (and database) per file, as before.
 * - `browser` (worker-scoped): Playwright's, Debian's Chromium (playwright.config.ts).
 * - `context` and `page` (test-scoped): a phone-sized context (helpers/browser.ts, `newMobileContext`) with the
 *   file's defaults (`useApp({ context })`) on the app's origin; the page fails its test on an uncaught page error.
 *   New tests take them as arguments: `test('…', async ({ page, app }) => { … })`.
 *
 * `useApp()` also returns the file's handle `e2e` — `e2e.app`, `e2e.browser`, `e2e.newContext`, `e2e.withPage`,
 * `e2e.sharedPage` — that the journeys written before this runner use (e2e/README.md): bodies call
 * `withPage(async (page) => …, { width: 360 })` for a fresh context per call, as they did.
 *
 * When a test fails, Playwright keeps its trace (every action with a DOM snapshot, the network, the console) and a
 * screenshot of every page it opened under test-results/e2e/ (`npx playwright show-trace <trace.zip>`); the
 * fixtures add a `diagnosis` attachment, also printed: the page's URL, the toasts on screen, page
 * errors, the console's last lines, the requests still pending and the server's last output.
 */
export interface UseAppOptions {
  /** Extra environment for the server (`DEV_TOOLS: 'on'`, `TEST_CLOCK: 'on'`, `LOG_LEVEL: 'info'`, …). */
  env?: Record<string, string>;
  /** Options of startApp (`jobs: true` runs the day rollover every 2 s). */
  start?: StartOptions;
  /** The context options every page of this file starts from (a call's options are laid over them). */
  context?: ContextOptions;
  /** Page errors that are expected in this file and do not fail a test (e.g. network errors while offline). */
  ignorePageErrors?: RegExp;
  /**
   * Where pages open, when not on the app itself: e.g. a proxy in front of it that the file starts in its own
   * `test.beforeAll` (the app is running by then). Read each time a context opens. Default: the app's URL.
   */
  baseURL?: (app: RunningApp) => string;
}

export interface PageOptions extends ContextOptions {
  /** Page errors that are expected in this test and do not fail it. */
  ignorePageErrors?: RegExp;
}

export interface AppHandle {
  /** The running server (inside tests and hooks). */
  readonly app: RunningApp;
  readonly browser: Browser;
  /** A new context with the file's defaults and `opts`; close it when done (the test's end closes it at the latest). */
  newContext(opts?: ContextOptions): Promise<BrowserContext>;
  /** Runs `fn` on a new page in a new context and closes it after; the test fails on an uncaught page error. */
  withPage<T>(fn: (page: Page, context: BrowserContext) => Promise<T>, opts?: PageOptions): Promise<T>;
  /**
   * One page for the whole file, opened in a `beforeAll` (after `setup` ran on it); the file's tests run in order
   * (serial mode: after a failure the rest are skipped, since each builds on the one before). The object's fields
   * are filled once the beforeAll has run. A failed test gets the diagnosis attachment.
   */
  sharedPage(opts?: PageOptions, setup?: (page: Page, context: BrowserContext) => Promise<void>): SharedPage;
}

export interface SharedPage {
  readonly page: Page;
  readonly context: BrowserContext;
  /** Uncaught page errors so far (the shared page does not fail a test on them by itself). */
  readonly errors: string[];
}

interface WorkerFixtures {
  /** The file's server options, set by useApp(). */
  appOptions: (UseAppOptions & { file?: string }) | undefined;
  app: RunningApp;
  /** Makes the worker's app and browser reachable from the file's `e2e` handle. */
  workerHandle: void;
}

interface TestFixtures {
  /** The file's page defaults, set by useApp(). */
  pageOptions: Pick<UseAppOptions, 'context' | 'ignorePageErrors' | 'baseURL'>;
}

/** The worker's running app and browser: one test file per worker (see `app` above). */
let current: { app: RunningApp; browser: Browser } | undefined;

/** What a page did that helps to explain a failure: console lines, requests still open, page errors. */
function watch(page: Page) {
  const errors = watchPageErrors(page);
  const consoleLines: string[] = [];
  page.on('console', (m) => {
    consoleLines.push(`${m.type()}: ${m.text()}`);
    if (consoleLines.length > 50) consoleLines.shift();
  });
  const pending = new Map<unknown, string>();
  page.on('request', (r) => pending.set(r, `${r.method()} ${r.url()}`));
  page.on('requestfinished', (r) => pending.delete(r));
  page.on('requestfailed', (r) => pending.delete(r));
  return { errors, consoleLines, pending };
}
type Seen = ReturnType<typeof watch>;

/** Attaches what explains a failure on `page` to the test, and prints it. */
async function diagnose(testInfo: TestInfo, page: Page, app: RunningApp | undefined, seen: Seen): Promise<void> {
  const lines: string[] = [];
  if (!page.isClosed()) {
    const toasts = await page.locator('[data-variant]').allInnerTexts().catch(() => []);
    lines.push(`--- url ${page.url()} --- toasts: ${toasts.join(' | ') || 'none'}`);
  }
  lines.push(`--- page errors: ${seen.errors.join(' | ') || 'none'}`);
  lines.push(`--- pending requests: ${[...seen.pending.values()].join(' | ') || 'none'}`);
  lines.push(`--- console (last 15):\n${seen.consoleLines.slice(-15).join('\n')}`);
  lines.push(`--- server output (last 3000 characters) ---\n${app?.logs().slice(-3000) ?? '(no server)'}`);
  // A file (the list reporter prints only the first 300 characters of an inline text), and on stderr in full.
  const file = testInfo.outputPath(`diagnosis-${testInfo.attachments.length}.txt`);
  mkdirSync(path.dirname(file), { recursive: true });
  writeFileSync(file, lines.join('\n'));
  await testInfo.attach('diagnosis', { path: file, contentType: 'text/plain' });
  console.error(`${testInfo.title} failed:\n${lines.join('\n')}`);
}

const failed = (testInfo: TestInfo) => testInfo.status !== testInfo.expectedStatus;

const pageErrorsOf = (errors: string[], ...ignore: Array<RegExp | undefined>) =>
  errors.filter((e) => !ignore.some((p) => p?.test(e)));

export const test = base.extend<TestFixtures, WorkerFixtures>({
  appOptions: [undefined, { scope: 'worker', option: true }],

  app: [
    async ({ appOptions }, use) => {
      if (!appOptions) throw new Error('call useApp() at the top of the e2e file: it starts the file’s own server');
      const app = await startApp(appOptions.env, appOptions.start);
      try {
        await use(app);
      } finally {
        await app.stop();
      }
    },
    // Starting the server can take a minute or more on a busy machine (E2E_SERVER_START_MS, default 180 s).
    { scope: 'worker', auto: true, timeout: Number(process.env.E2E_SERVER_START_MS ?? 180_000) + 30_000 },
  ],

  workerHandle: [
    async ({ app, browser }, use) => {
      current = { app, browser };
      await use();
      current = undefined;
    },
    { scope: 'worker', auto: true },
  ],

  pageOptions: [{}, { option: true }],

  // The app's origin (for `request`); pages open on `useApp({ baseURL })` when set, read when the context opens (a
  // proxy started in a beforeAll is there by then; Playwright sets `baseURL` up before the hooks run).
  baseURL: async ({ app }, use) => {
    await use(app.url);
  },

  context: async ({ browser, app, pageOptions }, use) => {
    const context = await newMobileContext(browser, pageOptions.baseURL ? pageOptions.baseURL(app) : app.url, pageOptions.context);
    await use(context);
    await context.close();
  },

  page: async ({ context, app, pageOptions }, use, testInfo) => {
    const page = await context.newPage();
    const seen = watch(page);
    await use(page);
    if (failed(testInfo)) await diagnose(testInfo, page, app, seen);
    else expect(pageErrorsOf(seen.errors, pageOptions.ignorePageErrors), 'uncaught page errors').toEqual([]);
  },
});

/**
 * Declares the file's server and page defaults (at the top of every e2e file) and returns its handle; see above.
 *
 *   const e2e = useApp({ env: { DEV_TOOLS: 'on' }, context: { timezoneId: EVENING_ZONE } });
 *   const { withPage } = e2e;
 *   test('…', async () => { await withPage(async (page) => { … }, { width: 360 }); });
 */
export function useApp(options: UseAppOptions = {}): AppHandle {
  // A new object per file: its own worker, so its own server (Playwright shares a worker only between files whose
  // worker options are the same values).
  test.use({
    appOptions: { env: options.env, start: options.start },
    pageOptions: { context: options.context, ignorePageErrors: options.ignorePageErrors, baseURL: options.baseURL },
  });

  const need = () => {
    if (!current) throw new Error('the app is not started yet: use e2e.app inside a test or a hook');
    return current;
  };
  const baseURL = () => (options.baseURL ? options.baseURL(need().app) : need().app.url);
  const newContext = (opts: ContextOptions = {}) => newMobileContext(need().browser, baseURL(), { ...options.context, ...opts });

  const handle: AppHandle = {
    get app() {
      return need().app;
    },
    get browser() {
      return need().browser;
    },
    newContext,

    async withPage(fn, opts = {}) {
      const { ignorePageErrors, ...contextOpts } = opts;
      const context = await newContext(contextOpts);
      try {
        const page = await context.newPage();
        const seen = watch(page);
        try {
          const out = await fn(page, context);
          expect(pageErrorsOf(seen.errors, options.ignorePageErrors, ignorePageErrors), 'uncaught page errors').toEqual([]);
          return out;
        } catch (err) {
          await diagnose(test.info(), page, current?.app, seen);
          throw err;
        }
      } finally {
        await context.close();
      }
    },

    sharedPage(opts = {}, setup) {
      test.describe.configure({ mode: 'serial' });
      const { ignorePageErrors: _ignored, ...contextOpts } = opts;
      const shared = {} as { page: Page; context: BrowserContext; errors: string[]; seen: Seen };
      test.beforeAll(async () => {
        shared.context = await newContext(contextOpts);
        shared.page = await shared.context.newPage();
        shared.seen = watch(shared.page);
        shared.errors = shared.seen.errors;
        if (setup) await setup(shared.page, shared.context);
      });
      test.afterEach(async ({}, testInfo) => {
        if (failed(testInfo) && shared.page) await diagnose(testInfo, shared.page, current?.app, shared.seen);
      });
      test.afterAll(async () => {
        await shared.context?.close();
      });
      return shared;
    },
  };
  return handle;
}

/**
 * Records every value of the overall score the dashboard shows, from the first render on (a count-up starts at
 * 0%; under reduced motion only the final value shows). Call before the page loads; the answer reads the values.
 */
export async function recordScores(page: Page): Promise<() => Promise<string[]>> {
  await page.addInitScript(() => {
    const w = window as unknown as { __scores: string[] };
    w.__scores = [];
    new MutationObserver(() => {
      const t = document.querySelector('[data-testid="overall-score-shown"]')?.textContent;
      if (t && w.__scores.at(-1) !== t) w.__scores.push(t);
    }).observe(document, { subtree: true, childList: true, characterData: true });
  });
  return () => page.evaluate(() => (window as unknown as { __scores: string[] }).__scores);
}
