import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { expect, type Browser, type BrowserContext, type BrowserContextOptions, type Page } from '@playwright/test';
import axe from 'axe-core';

/** Debian's Chromium (playwright.config.ts launches it; a journey that needs its own profile launches it too). */
export const CHROMIUM_PATH = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

/** Chromium's switches: headless, everything that would reach the network turned off. */
export const CHROMIUM_ARGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];

/**
 * Where the browser suite saves screenshots of the main screens for a person to look at (README, "Screenshots"):
 * test-results/screenshots/, an artefact of the run (npm test clears test-results/ when it starts).
 */
export const SCREENSHOTS_DIR = path.resolve(import.meta.dirname, '../../test-results/screenshots');

export interface ContextOptions extends Omit<BrowserContextOptions, 'viewport' | 'baseURL'> {
  /** Viewport width in CSS px (default 390, a phone; the app is mobile-first). */
  width?: number;
  /** Viewport height in CSS px (default 844). */
  height?: number;
  /** 'block' when the test stubs API reads with page.route (the service worker would answer them). Default 'allow'. */
  serviceWorkers?: 'allow' | 'block';
  /** The app's theme, stored before the first page loads (default: whatever the app picks, dark). */
  theme?: 'dark' | 'light';
  /** The Enable Push Notifications prompt counts as seen in this browser (localStorage), so it does not open. */
  notificationPromptSeen?: boolean;
}

/**
 * A phone-sized context (390×844, touch) on the app's origin, in Europe/London and en-GB, with motion allowed
 * (prefers-reduced-motion: no-preference), as most people have it: the count-up, confetti and the timed
 * auto-advance run, and tests wait on states, not on time. A test about reduced motion passes
 * `reducedMotion: 'reduce'`. Every option of `browser.newContext` can be passed to change one of these.
 */
export async function newMobileContext(browser: Browser, baseURL: string, opts: ContextOptions = {}): Promise<BrowserContext> {
  const { width, height, theme, notificationPromptSeen, ...rest } = opts;
  const context = await browser.newContext({
    serviceWorkers: 'allow',
    deviceScaleFactor: 1,
    hasTouch: true,
    isMobile: false,
    reducedMotion: 'no-preference',
    timezoneId: 'Europe/London',
    locale: 'en-GB',
    ...rest,
    baseURL,
    viewport: { width: width ?? 390, height: height ?? 844 },
  });
  context.setDefaultTimeout(15_000);
  if (theme || notificationPromptSeen) {
    await context.addInitScript(
      ({ theme, seen }) => {
        if (theme) localStorage.setItem('big7_theme', theme);
        if (seen) localStorage.setItem('hasSeenNotificationModal', 'true');
      },
      { theme, seen: !!notificationPromptSeen },
    );
  }
  return context;
}

/** Collects uncaught page errors so a test can assert there were none. */
export function watchPageErrors(page: Page): string[] {
  const errors: string[] = [];
  page.on('pageerror', (err) => errors.push(err.message));
  return errors;
}

export type A11yViolation = { id: string; impact: string; help: string; targets: string[] };

/**
 * Waits until what is on the page stands still, so colours are measured as they are and not halfway: the loading
 * overlay gone (it fades out over 300 ms with motion allowed) and no CSS transition running (a colour change).
 */
async function stillPage(page: Page): Promise<void> {
  await expect(page.getByTestId('loading-overlay')).toHaveCount(0);
  await page.evaluate(async () => {
    const transitions = document.getAnimations().filter((a) => a instanceof CSSTransition);
    await Promise.all(transitions.map((a) => a.finished.catch(() => undefined)));
  });
}

/** The axe rules the suite runs: WCAG 2.0 and 2.1, levels A and AA. */
const AXE_TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'];

/**
 * Runs axe on the page (WCAG 2.0 / 2.1, levels A and AA) and returns the serious and critical violations, or with
 * `{ all: true }` every violation whatever its impact (the accessibility suite asks for zero of them).
 *
 * axe-core is put into the document once (again after a navigation) and run there for violations only: the
 * @axe-core/playwright builder injected it on every run and collected every result type, ~0.5 s more per run (it
 * also walks iframes, which the app has none of).
 */
export async function seriousA11yViolations(page: Page, opts: { all?: boolean } = {}): Promise<A11yViolation[]> {
  await stillPage(page);
  if (!(await page.evaluate(() => typeof (window as { axe?: { run?: unknown } }).axe?.run === 'function'))) await page.evaluate(axe.source);
  const violations = await page.evaluate(async (tags) => {
    const run = (window as unknown as { axe: typeof axe }).axe.run;
    const result = await run(document, { runOnly: { type: 'tag', values: tags }, resultTypes: ['violations'] });
    return result.violations.map((v) => ({ id: v.id, impact: v.impact ?? '', help: v.help, targets: v.nodes.map((n) => n.target.join(' ')) }));
  }, AXE_TAGS);
  return violations.filter((v) => opts.all || v.impact === 'serious' || v.impact === 'critical');
}

/** Every WCAG 2.1 A/AA violation axe finds on the page. */
export const allA11yViolations = (page: Page): Promise<A11yViolation[]> => seriousA11yViolations(page, { all: true });

/**
 * Runs `fn` in the dark theme, then in the light one, switching the theme in place (no reload, so an open dialog
 * or a screen reached by a journey stays as it is), and puts the theme back. Each switch waits until the page
 * stands still again (the colour transitions it started, buttons' `transition-colors` with motion allowed, ended).
 */
export async function inBothThemes(page: Page, fn: (theme: 'dark' | 'light') => Promise<void>): Promise<void> {
  const setTheme = (theme: 'dark' | 'light') =>
    page.evaluate(async (t) => {
      localStorage.setItem('big7_theme', t);
      document.documentElement.classList.toggle('dark', t === 'dark');
      document.documentElement.classList.toggle('light', t === 'light');
      document.documentElement.style.colorScheme = t;
      await new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(r)));
    }, theme);
  const before = await page.evaluate(() => (document.documentElement.classList.contains('light') ? 'light' : 'dark'));
  try {
    for (const theme of ['dark', 'light'] as const) {
      await setTheme(theme);
      await stillPage(page);
      await fn(theme);
    }
  } finally {
    await setTheme(before);
  }
}

/**
 * Full-page screenshots of what is on screen in both themes, `<dir>/<name>-dark.png` and `-light.png`, for a person
 * to look at (not assertions); nothing when `dir` is unset.
 */
export async function screenshotBothThemes(page: Page, dir: string | null | undefined, name: string): Promise<void> {
  if (!dir) return;
  mkdirSync(dir, { recursive: true });
  await inBothThemes(page, (theme) => page.screenshot({ path: `${dir}/${name}-${theme}.png`, fullPage: true }).then(() => undefined));
}
