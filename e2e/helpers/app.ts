import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { afterAll, afterEach, beforeAll, beforeEach, expect, type TestContext } from 'vitest';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { launchBrowser, newMobileContext, watchPageErrors, type ContextOptions } from './browser';
import { startApp, type RunningApp, type StartOptions } from './server';

/**
 * The one fixture of the browser tests (decision 025): `useApp()` at the top of an e2e file registers vitest hooks
 * that start the BUILT app (its own port, data directory and SMTP sink) and Debian's Chromium once for the file,
 * and stop both after it. Each test then opens what it needs through the returned object:
 *
 *   const e2e = useApp({ env: { DEV_TOOLS: 'on' }, context: { timezoneId: EVENING_ZONE } });
 *   test('…', () => e2e.withPage(async (page) => { … }, { width: 360 }));
 *
 * `withPage` gives a fresh context (the file's `context` defaults, then the call's options) and fails the test on an
 * uncaught page error. When the test fails it records what is needed to see why, as a Playwright test run would:
 * a trace of the context (every action with a DOM snapshot, the network, the console) saved under
 * test-results/traces/ (open with `npx playwright-core show-trace <file>` or on trace.playwright.dev) when run with
 * E2E_TRACE=on, a screenshot next to it, and in the error message the page's URL, the toasts on screen, page
 * errors, the console's last lines, the requests still pending and the server's last output.
 *
 * Journeys that keep one page across several tests (one person's whole account) use `sharedPage()`: the same
 * record is made per failed test (its trace chunk) and printed.
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
   * beforeAll (registered after useApp, so it runs after the app started; its afterAll runs before the app stops).
   * Read each time a context opens. Default: the app's URL.
   */
  baseURL?: (app: RunningApp) => string;
}

export interface PageOptions extends ContextOptions {
  /** Page errors that are expected in this test and do not fail it. */
  ignorePageErrors?: RegExp;
}

export interface AppFixture {
  /** The running server (available inside tests and hooks registered after useApp). */
  readonly app: RunningApp;
  readonly browser: Browser;
  /** A new context with the file's defaults and `opts`; closed with the browser at the end of the file at the latest. */
  newContext(opts?: ContextOptions): Promise<BrowserContext>;
  /** Runs `fn` on a new page in a new context, closes it after; see above for what a failure records. */
  withPage<T>(fn: (page: Page, context: BrowserContext) => Promise<T>, opts?: PageOptions): Promise<T>;
  /**
   * One page for the whole file, opened in beforeAll (after `setup` ran on it). The object's fields are filled
   * once beforeAll has run. A failed test records a trace chunk, a screenshot and the server's output.
   */
  sharedPage(opts?: PageOptions, setup?: (page: Page, context: BrowserContext) => Promise<void>): SharedPage;
}

export interface SharedPage {
  readonly page: Page;
  readonly context: BrowserContext;
  /** Uncaught page errors so far (the shared page does not fail a test on them by itself). */
  readonly errors: string[];
}

const RESULTS = path.resolve(import.meta.dirname, '../../test-results');
/**
 * Traces are recorded with E2E_TRACE=on. Not by default: the recorder's DOM snapshots changed what two journeys see
 * (a form field filled right after a lazy screen loaded came back empty; offline navigation through the service
 * worker timed out), so a normal run records none and a failing journey is re-run with E2E_TRACE=on to look at it.
 */
const TRACING = process.env.E2E_TRACE === 'on';

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

/** A file name for this test's artefacts: the e2e file and the test's name, made safe. */
function artefactName(): string {
  const state = expect.getState();
  const file = path.basename(state.testPath ?? 'e2e').replace(/\.e2e\.test\.ts$/, '');
  const name = (state.currentTestName ?? 'hook').replace(/[^a-zA-Z0-9]+/g, '-').replace(/^-|-$/g, '').slice(0, 80);
  return `${file}--${name}-${Date.now()}`;
}

async function diagnose(
  page: Page,
  app: RunningApp,
  seen: ReturnType<typeof watch>,
  saveTrace: (file: string) => Promise<void>,
): Promise<string> {
  const name = artefactName();
  const lines: string[] = [];
  mkdirSync(path.join(RESULTS, 'traces'), { recursive: true });
  if (TRACING) {
    const trace = path.join(RESULTS, 'traces', `${name}.zip`);
    await saveTrace(trace).then(
      () => lines.push(`--- trace: npx playwright-core show-trace ${path.relative(process.cwd(), trace)}`),
      (e: Error) => lines.push(`--- no trace: ${e.message}`),
    );
  }
  if (!page.isClosed()) {
    const shot = path.join(RESULTS, 'traces', `${name}.png`);
    await page.screenshot({ path: shot, timeout: 5_000 }).then(
      () => lines.push(`--- screenshot: ${path.relative(process.cwd(), shot)}`),
      () => undefined,
    );
    const toasts = await page.locator('[data-variant]').allInnerTexts().catch(() => []);
    lines.push(`--- url ${page.url()} --- toasts: ${toasts.join(' | ') || 'none'}`);
  }
  lines.push(`--- page errors: ${seen.errors.join(' | ') || 'none'}`);
  lines.push(`--- pending requests: ${[...seen.pending.values()].join(' | ') || 'none'}`);
  lines.push(`--- console (last 15):\n${seen.consoleLines.slice(-15).join('\n')}`);
  lines.push(`--- server output (last 3000 characters) ---\n${app.logs().slice(-3000)}`);
  return lines.join('\n');
}

export function useApp(options: UseAppOptions = {}): AppFixture {
  let app: RunningApp | undefined;
  let browser: Browser | undefined;
  const need = <T>(value: T | undefined, what: string): T => {
    if (value === undefined) throw new Error(`${what} is not started yet: use it inside a test or a hook registered after useApp()`);
    return value;
  };

  beforeAll(async () => {
    app = await startApp(options.env, options.start);
    browser = await launchBrowser();
  });
  afterAll(async () => {
    await browser?.close();
    await app?.stop();
  });

  const baseURL = () => (options.baseURL ? options.baseURL(need(app, 'the app')) : need(app, 'the app').url);
  const newContext = (opts: ContextOptions = {}) => newMobileContext(need(browser, 'the browser'), baseURL(), { ...options.context, ...opts });

  const pageErrorsOf = (errors: string[], ignore?: RegExp) => {
    const patterns = [options.ignorePageErrors, ignore].filter((p): p is RegExp => !!p);
    return errors.filter((e) => !patterns.some((p) => p.test(e)));
  };

  const fixture: AppFixture = {
    get app() {
      return need(app, 'the app');
    },
    get browser() {
      return need(browser, 'the browser');
    },
    newContext,

    async withPage(fn, opts = {}) {
      const { ignorePageErrors, ...contextOpts } = opts;
      const context = await newContext(contextOpts);
      try {
        if (TRACING) await context.tracing.start({ snapshots: true, screenshots: false });
        const page = await context.newPage();
        const seen = watch(page);
        try {
          const out = await fn(page, context);
          expect(pageErrorsOf(seen.errors, ignorePageErrors), 'uncaught page errors').toEqual([]);
          return out;
        } catch (err) {
          const why = await diagnose(page, fixture.app, seen, (file) => context.tracing.stop({ path: file }));
          throw new Error(`${(err as Error).message}\n${why}`, { cause: err });
        }
      } finally {
        await context.close();
      }
    },

    sharedPage(opts = {}, setup) {
      const { ignorePageErrors: _ignored, ...contextOpts } = opts;
      const shared = {} as { page: Page; context: BrowserContext; errors: string[]; seen: ReturnType<typeof watch> };
      beforeAll(async () => {
        shared.context = await newContext(contextOpts);
        if (TRACING) await shared.context.tracing.start({ snapshots: true, screenshots: false });
        shared.page = await shared.context.newPage();
        shared.seen = watch(shared.page);
        shared.errors = shared.seen.errors;
        if (setup) await setup(shared.page, shared.context);
      });
      beforeEach(async () => {
        if (TRACING) await shared.context.tracing.startChunk();
      });
      afterEach(async (ctx: TestContext) => {
        if (ctx.task.result?.state === 'fail') {
          const why = await diagnose(shared.page, fixture.app, shared.seen, (file) => shared.context.tracing.stopChunk({ path: file }));
          console.error(`${ctx.task.name} failed:\n${why}`);
        } else if (TRACING) {
          await shared.context.tracing.stopChunk();
        }
      });
      afterAll(async () => {
        await shared.context?.close();
      });
      return shared;
    },
  };
  return fixture;
}
