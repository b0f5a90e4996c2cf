import { expect, type BrowserContext, type Page } from '@playwright/test';
import type { AppHandle } from '../fixtures';
import { allA11yViolations, inBothThemes } from './browser';
import { layoutProblems } from './layout';
import { signedInThroughApi } from './users';

/**
 * What the accessibility files share (issue 15): the route map, the viewports and themes they go through, and how
 * they wait for a screen and check a dialog.
 *
 * ROUTES is the one list of routes: add a screen here when it lands. `as` says who can reach it. Routes that only
 * redirect or act (/logout signs out, unknown paths go to /) are not listed. Routes that show the same screen (the
 * check-in and its edit, two categories, the developer screens with developer tools off) are not next to each other:
 * a sweep goes from one to the next inside the app (`open(…, { inApp: true })`), which needs the screen to change.
 */
export const ROUTES: ReadonlyArray<{ path: string; as: 'visitor' | 'user' | 'both' }> = [
  { path: '/', as: 'both' },
  { path: '/signin', as: 'visitor' },
  { path: '/signup', as: 'visitor' },
  { path: '/login', as: 'visitor' },
  { path: '/forgot-password', as: 'both' },
  { path: '/reset-password', as: 'both' },
  { path: '/verify-email', as: 'both' },
  { path: '/privacy', as: 'both' },
  { path: '/terms', as: 'both' },
  { path: '/dashboard', as: 'user' },
  { path: '/checkin', as: 'user' },
  { path: '/streak', as: 'user' },
  { path: '/checkin?edit=true', as: 'user' },
  { path: '/account', as: 'user' },
  { path: '/settings', as: 'user' },
  { path: '/upgrade', as: 'user' },
  { path: '/tips', as: 'user' },
  { path: '/category/rest', as: 'user' },
  { path: '/trends', as: 'user' },
  { path: '/insights/year', as: 'user' },
  { path: '/category/unknown', as: 'user' },
  { path: '/whats-new', as: 'user' },
  { path: '/faq', as: 'user' },
  { path: '/business-dashboard', as: 'user' },
  { path: '/scroll-test', as: 'user' },
  { path: '/analytics', as: 'user' },
  { path: '/test', as: 'user' },
  { path: '/payment-success', as: 'user' },
  { path: '/notification-test', as: 'user' },
  { path: '/purchase-history', as: 'user' },
  { path: '/achievement/test', as: 'user' },
  { path: '/feedback', as: 'user' },
  { path: '/ai-coach', as: 'user' },
  { path: '/completion', as: 'user' },
  { path: '/usage-history', as: 'user' },
  { path: '/shield-protection', as: 'user' },
  { path: '/notifications', as: 'user' },
  { path: '/dedicated-soul', as: 'user' },
  { path: '/achievement/dedicated-soul', as: 'user' },
  { path: '/achievement/legendary-warrior', as: 'user' },
];
export const VISITOR_ROUTES = ROUTES.filter((r) => r.as !== 'user').map((r) => r.path);
export const USER_ROUTES = ROUTES.filter((r) => r.as !== 'visitor').map((r) => r.path);

export const VIEWPORTS = [
  { width: 360, height: 640 },
  { width: 768, height: 1024 },
  { width: 1280, height: 800 },
] as const;
export const THEMES = ['dark', 'light'] as const;
export type Theme = (typeof THEMES)[number];

/**
 * Waits until the screen has settled: main landmark present, no loading overlay, no 'Loading…' text; with
 * `networkIdle`, also no request for half a second (before a screenshot).
 */
export async function settled(page: Page, opts: { networkIdle?: boolean } = {}): Promise<void> {
  await expect(page.locator('main').first()).toBeVisible();
  await expect(page.getByTestId('loading-overlay')).toHaveCount(0);
  // Screens say 'Loading…' while their data arrives: wait until none does.
  await expect(page.getByText(/^Loading/)).toHaveCount(0, { timeout: 10_000 });
  if (opts.networkIdle) await page.waitForLoadState('networkidle');
}

/**
 * The cookies of a new verified free user in `timezone` (with today's check-in when `checkIn`), made through the
 * API once, for contexts that open signed in (`storageState`).
 */
export async function signedInState(
  e2e: AppHandle,
  opts: { firstName: string; timezone: string; checkIn?: boolean },
): Promise<StorageState> {
  const context = await e2e.browser.newContext({ baseURL: e2e.app.url, timezoneId: opts.timezone });
  try {
    await signedInThroughApi(context.request, e2e.app, opts);
    return await context.storageState();
  } finally {
    await context.close();
  }
}
export type StorageState = Awaited<ReturnType<BrowserContext['storageState']>>;

/**
 * Opens a route and waits until the screen has settled. With `inApp`, a page already showing the app goes there the
 * way a link in the app does (the router follows the history; no reload: a sweep over every route spends most of
 * its time booting the app otherwise), and loads it when the target screen does not replace the current one within
 * a second (the same screen with other parameters keeps its <main>; a slow chunk) — so what is checked is always the
 * target screen.
 */
export async function open(page: Page, path: string, opts: { inApp?: boolean } = {}): Promise<void> {
  const inApp =
    opts.inApp === true &&
    /^https?:/.test(page.url()) &&
    (await page.evaluate((to) => {
      const main = document.querySelector('main');
      if (!main) return false;
      main.setAttribute('data-e2e-left', '');
      history.pushState(null, '', to);
      dispatchEvent(new PopStateEvent('popstate', { state: null }));
      return true;
    }, path));
  const replaced = inApp && (await page.locator('main:not([data-e2e-left])').first().waitFor({ timeout: 1_000 }).then(() => true, () => false));
  if (replaced) await page.evaluate(() => window.scrollTo(0, 0));
  else await page.goto(path);
  await settled(page);
}

/**
 * What is on screen now passes axe (all WCAG 2.1 A/AA impacts) in both themes (switched in place) and has no layout
 * problem (helpers/layout.ts).
 */
export async function checkScreen(page: Page, what: string): Promise<void> {
  await inBothThemes(page, async (theme) => {
    expect(await allA11yViolations(page), `axe on ${what}, ${theme} theme`).toEqual([]);
  });
  expect(await layoutProblems(page), `layout of ${what}`).toEqual([]);
}

/**
 * The open dialog passes axe (all WCAG 2.1 A/AA impacts; in both themes, switched in place, with `bothThemes`),
 * fits the screen, and its × close button is in view.
 */
export async function checkDialog(page: Page, name: string | RegExp, opts: { bothThemes?: boolean } = {}): Promise<void> {
  const dialog = page.getByRole('dialog', { name });
  // Shown means ready: a <dialog> is visible only once showModal() ran, in the same commit as its Escape handling
  // and the focus moving into it (React runs layout effects before the browser handles the next input).
  await expect(dialog).toBeVisible();
  if (opts.bothThemes) {
    await inBothThemes(page, async (theme) => {
      expect(await allA11yViolations(page), `axe in dialog ${String(name)}, ${theme} theme`).toEqual([]);
    });
  } else {
    expect(await allA11yViolations(page), `axe in dialog ${String(name)}`).toEqual([]);
  }
  const box = (await dialog.boundingBox())!;
  const vp = page.viewportSize()!;
  expect(box.y).toBeGreaterThanOrEqual(0);
  expect(box.y + box.height).toBeLessThanOrEqual(vp.height);
  const close = dialog.getByTestId('dialog-close');
  const c = (await close.boundingBox())!;
  expect(c.width).toBeGreaterThanOrEqual(44);
  expect(c.height).toBeGreaterThanOrEqual(44);
  expect(c.y + c.height).toBeLessThanOrEqual(vp.height);
  expect(await layoutProblems(page)).toEqual([]);
}

/** Presses Tab until the focused element matches (at most `max` times). */
export async function tabTo(
  page: Page,
  matches: (el: { text: string; label: string | null; role: string | null; id: string; name: string | null }) => boolean,
  max = 60,
): Promise<void> {
  const seen: string[] = [];
  for (let i = 0; i < max; i++) {
    await page.keyboard.press('Tab');
    const el = await page.evaluate(() => {
      const a = document.activeElement;
      return {
        text: (a?.textContent ?? '').trim(),
        label: a?.getAttribute('aria-label') ?? null,
        role: a?.getAttribute('role') ?? null,
        id: a?.id ?? '',
        name: a?.getAttribute('name') ?? null,
      };
    });
    if (matches(el)) return;
    seen.push(el.label ?? el.name ?? el.text.slice(0, 30));
  }
  throw new Error(`not reachable with Tab; focus went through: ${seen.join(' | ')}`);
}
