import { existsSync } from 'node:fs';
import { chromium, type Browser, type BrowserContext, type Page } from 'playwright-core';
import { AxeBuilder } from '@axe-core/playwright';

export const CHROMIUM_PATH = '/usr/bin/chromium';

/** Debian's Chromium, headless, with everything that would reach the network turned off. */
export async function launchBrowser(): Promise<Browser> {
  if (!existsSync(CHROMIUM_PATH)) throw new Error(`${CHROMIUM_PATH} is missing: apt-get install -y chromium`);
  return chromium.launch({
    executablePath: CHROMIUM_PATH,
    args: [
      '--headless',
      '--no-sandbox',
      '--disable-gpu',
      '--disable-quic',
      '--no-first-run',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
    ],
  });
}

/** A phone-sized context (the app is mobile-first) on the app's origin; reduced motion keeps runs steady. */
export async function newMobileContext(
  browser: Browser,
  baseURL: string,
  opts: { width?: number; /** 'block' when the test stubs API reads with page.route (the worker would answer them). */ serviceWorkers?: 'allow' | 'block' } = {},
): Promise<BrowserContext> {
  const context = await browser.newContext({
    baseURL,
    serviceWorkers: opts.serviceWorkers ?? 'allow',
    viewport: { width: opts.width ?? 390, height: 844 },
    deviceScaleFactor: 1,
    hasTouch: true,
    isMobile: false,
    reducedMotion: 'reduce',
    timezoneId: 'Europe/London',
    locale: 'en-GB',
  });
  context.setDefaultTimeout(15_000);
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
 * Runs axe on the page (WCAG 2.0 / 2.1, levels A and AA) and returns the serious and critical violations, or with
 * `{ all: true }` every violation whatever its impact (the accessibility suite asks for zero of them).
 */
export async function seriousA11yViolations(page: Page, opts: { all?: boolean } = {}): Promise<A11yViolation[]> {
  const result = await new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa']).analyze();
  return result.violations
    .filter((v) => opts.all || v.impact === 'serious' || v.impact === 'critical')
    .map((v) => ({ id: v.id, impact: v.impact ?? '', help: v.help, targets: v.nodes.map((n) => n.target.join(' ')) }));
}

/** Every WCAG 2.1 A/AA violation axe finds on the page. */
export const allA11yViolations = (page: Page): Promise<A11yViolation[]> => seriousA11yViolations(page, { all: true });
