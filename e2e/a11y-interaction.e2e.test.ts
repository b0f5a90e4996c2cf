import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { allA11yViolations, launchBrowser, watchPageErrors } from './helpers/browser';
import { layoutProblems } from './helpers/layout';
import { startApp, type RunningApp } from './helpers/server';
import { E2E_PASSWORD, signUpVerified } from './helpers/users';

/**
 * Accessibility by interaction (issue 15): each major dialog of the dashboard and the streak screen open passes
 * axe (all WCAG 2.1 A/AA impacts) and fits 360×640 with its close button in view; a keyboard-only person signs in,
 * completes a check-in, opens and closes the dashboard's dialogs and changes a setting; under
 * prefers-reduced-motion the score count-up, the confetti and the auto-advance do not move. The main screens are
 * saved as screenshots at 360 px in both themes under test-results/screenshots/ for a person to look at.
 */
let app: RunningApp;
let browser: Browser;

const SHOTS = path.resolve(import.meta.dirname, '../test-results/screenshots');

function zoneAtLocalHour(hour: number, now = new Date()): string {
  let offset = hour - now.getUTCHours();
  if (offset > 12) offset -= 24;
  if (offset < -12) offset += 24;
  if (offset === 0) return 'Etc/GMT';
  return offset > 0 ? `Etc/GMT-${offset}` : `Etc/GMT+${-offset}`;
}
const ZONE = zoneAtLocalHour(21);

beforeAll(async () => {
  app = await startApp();
  browser = await launchBrowser();
  mkdirSync(SHOTS, { recursive: true });
});
afterAll(async () => {
  await browser?.close();
  await app?.stop();
});

async function withPage<T>(
  fn: (page: Page, context: BrowserContext) => Promise<T>,
  opts: { width?: number; height?: number; theme?: 'dark' | 'light'; reducedMotion?: 'reduce' | 'no-preference' } = {},
): Promise<T> {
  const context = await browser.newContext({
    baseURL: app.url,
    viewport: { width: opts.width ?? 360, height: opts.height ?? 640 },
    deviceScaleFactor: 1,
    hasTouch: true,
    reducedMotion: opts.reducedMotion ?? 'reduce',
    timezoneId: ZONE,
    locale: 'en-GB',
  });
  context.setDefaultTimeout(15_000);
  await context.addInitScript((theme) => localStorage.setItem('big7_theme', theme), opts.theme ?? 'dark');
  const page = await context.newPage();
  const errors = watchPageErrors(page);
  try {
    const out = await fn(page, context);
    expect(errors, 'uncaught page errors').toEqual([]);
    return out;
  } finally {
    await context.close();
  }
}

/** A new verified free user signed in through the API (cookies in the page's context). */
async function signedInUser(page: Page, firstName: string, checkIn = false): Promise<string> {
  const who = await signUpVerified(page.request, app, { firstName, timezone: ZONE });
  expect((await page.request.post('/api/auth/signin', { data: { email: who.email, password: who.password } })).status()).toBe(200);
  if (checkIn) {
    const res = await page.request.post('/api/checkins', { data: { answers: [true, true, false, true, true, false, true] } });
    expect(res.status(), await res.text()).toBe(201);
  }
  return who.email;
}

async function settled(page: Page): Promise<void> {
  await page.locator('main').first().waitFor();
  await page.getByTestId('loading-overlay').waitFor({ state: 'detached', timeout: 15_000 });
  await page.waitForLoadState('networkidle');
}

/** The open dialog passes axe, fits the screen, and its × close button is inside the viewport. */
async function checkDialog(page: Page, name: string | RegExp): Promise<void> {
  const dialog = page.getByRole('dialog', { name });
  await dialog.waitFor();
  expect(await allA11yViolations(page), `axe in dialog ${String(name)}`).toEqual([]);
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

async function tabTo(
  page: Page,
  matches: (el: { text: string; label: string | null; role: string | null; id: string }) => boolean,
  max = 60,
): Promise<void> {
  for (let i = 0; i < max; i++) {
    await page.keyboard.press('Tab');
    const el = await page.evaluate(() => {
      const a = document.activeElement;
      return { text: (a?.textContent ?? '').trim(), label: a?.getAttribute('aria-label') ?? null, role: a?.getAttribute('role') ?? null, id: a?.id ?? '' };
    });
    if (matches(el)) return;
  }
  throw new Error('not reachable with Tab');
}

describe('dialogs: one at a time, a close button, they fit 360×640 and pass axe', () => {
  for (const theme of ['dark', 'light'] as const) {
    test(`dashboard and streak screen dialogs, ${theme} theme`, async () => {
      await withPage(
        async (page) => {
          await signedInUser(page, 'Dee', true);
          await page.goto('/');
          await settled(page);
          // The score explanation.
          const opener = page.getByRole('button', { name: 'How is this calculated?' });
          await opener.click();
          await checkDialog(page, 'Your Overall Score');
          await page.getByRole('dialog').getByTestId('dialog-close').click();
          await page.getByRole('dialog').waitFor({ state: 'detached' });
          expect(await page.evaluate(() => document.activeElement?.textContent)).toBe('How is this calculated?');

          await page.goto('/streak');
          await settled(page);
          // Milestone detail, protection explainer, month view, and Check-in Details in place of the month.
          await page.getByRole('button', { name: /Dedicated Soul/ }).first().click();
          await checkDialog(page, /Dedicated Soul/);
          await page.keyboard.press('Escape');
          await page.getByRole('button', { name: /Streak Protection/ }).click();
          await checkDialog(page, 'How Streak Protection Works');
          await page.keyboard.press('Escape');
          await page.getByRole('button', { name: /Recent Activity/ }).click();
          await checkDialog(page, 'Monthly Activity View');
          const day = page.getByRole('dialog').locator('[data-state="completed"], [data-state="milestone"]').first();
          const date = await day.getAttribute('data-date');
          await day.click();
          await checkDialog(page, 'Check-in Details');
          expect(await page.getByRole('dialog').count(), 'one dialog at a time').toBe(1);
          await page.keyboard.press('Escape');
          await page.getByRole('dialog', { name: 'Monthly Activity View' }).waitFor();
          expect(await page.evaluate(() => document.activeElement?.getAttribute('data-date'))).toBe(date);
          await page.getByRole('dialog').getByTestId('dialog-close').click();
          await page.getByRole('dialog').waitFor({ state: 'detached' });
        },
        { theme },
      );
    });
  }
});

describe('keyboard only', () => {
  test('sign in, complete a check-in, open and close the dashboard dialog, change a setting', async () => {
    await withPage(
      async (page) => {
        const who = await signUpVerified(page.request, app, { firstName: 'Kim', timezone: ZONE });
        await page.goto(`/signin?email=${encodeURIComponent(who.email)}`);
        await page.getByLabel('Password', { exact: true }).focus();
        await page.keyboard.type(E2E_PASSWORD);
        await page.keyboard.press('Enter');
        await page.waitForURL((u) => u.pathname === '/' && !u.searchParams.has('login'));
        await settled(page);
        // A first sign-in is not greeted with 'Welcome back!'.
        expect(await page.getByText('Welcome back!').count()).toBe(0);

        await tabTo(page, (el) => el.text === 'FIRST TIME CHECK-IN');
        await page.keyboard.press('Enter');
        await page.waitForURL('**/checkin');
        for (let i = 1; i <= 7; i++) {
          await page.locator('h2', { hasText: `Question ${i} of 7` }).waitFor();
          await tabTo(page, (el) => el.text === 'Yes', 5);
          await page.keyboard.press('Enter');
        }
        await page.getByRole('heading', { name: 'Review your answers' }).waitFor();
        await tabTo(page, (el) => el.text === 'Complete check-in', 20);
        await page.keyboard.press('Enter');
        await page.waitForURL((u) => u.pathname === '/', { timeout: 10_000 });
        await page.getByTestId('check-in-moment').waitFor();
        await page.getByTestId('done-for-today').waitFor();

        await tabTo(page, (el) => el.text === 'How is this calculated?');
        await page.keyboard.press('Enter');
        await page.getByRole('dialog', { name: 'Your Overall Score' }).waitFor();
        await page.keyboard.press('Escape');
        await page.getByRole('dialog').waitFor({ state: 'detached' });
        expect(await page.evaluate(() => document.activeElement?.textContent)).toBe('How is this calculated?');

        await tabTo(page, (el) => el.text.includes('Settings'));
        await page.keyboard.press('Enter');
        await page.waitForURL('**/settings');
        // The Dark Mode switch (the notification switches come first on the screen).
        await tabTo(page, (el) => el.role === 'switch' && el.id === 'dark-mode');
        expect(await page.evaluate(() => document.documentElement.classList.contains('dark'))).toBe(true);
        await page.keyboard.press('Space');
        await expect.poll(() => page.evaluate(() => document.documentElement.classList.contains('dark'))).toBe(false);
        expect(await page.evaluate(() => localStorage.getItem('big7_theme'))).toBe('light');
      },
      { width: 390, height: 844 },
    );
  });
});

describe('prefers-reduced-motion', () => {
  test('the score shows its final value at once, no confetti moves, the next question comes without a timed advance', async () => {
    await withPage(async (page) => {
      await signedInUser(page, 'Ray');
      await page.goto('/checkin');
      await page.locator('h2', { hasText: 'Question 1 of 7' }).waitFor();
      for (let i = 1; i <= 7; i++) {
        await page.locator('h2', { hasText: `Question ${i} of 7` }).waitFor();
        const clicked = Date.now();
        await page.getByRole('button', { name: 'Yes', exact: true }).click();
        const next = i < 7 ? page.locator('h2', { hasText: `Question ${i + 1} of 7` }) : page.getByRole('heading', { name: 'Review your answers' });
        await next.waitFor();
        expect(Date.now() - clicked, 'no 500 ms auto-advance delay').toBeLessThan(450);
      }
      await page.addInitScript(() => {
        const w = window as unknown as { __scores: string[] };
        w.__scores = [];
        new MutationObserver(() => {
          const t = document.querySelector('[data-testid="overall-score-shown"]')?.textContent;
          if (t && w.__scores.at(-1) !== t) w.__scores.push(t);
        }).observe(document, { subtree: true, childList: true, characterData: true });
      });
      await page.getByRole('button', { name: 'Complete check-in' }).click();
      await page.waitForURL((u) => u.pathname === '/', { timeout: 10_000 });
      await page.getByTestId('check-in-moment').getByText('Your first check-in is done!').waitFor();
      await expect.poll(() => page.getByTestId('overall-score').innerText()).toBe('100%');
      await page.waitForTimeout(600);
      expect(await page.evaluate(() => (window as unknown as { __scores: string[] }).__scores)).toEqual(['100%']);
      // The confetti layer adds no pieces under reduced motion.
      expect(await page.locator('[data-testid="confetti"] > *').count()).toBe(0);
    });
  });
});

describe('screenshots of the main screens at 360 px', () => {
  test('both themes, saved under test-results/screenshots/', async () => {
    for (const theme of ['dark', 'light'] as const) {
      await withPage(
        async (page) => {
          const shot = async (name: string) => {
            await settled(page);
            await page.screenshot({ path: path.join(SHOTS, `${name}-${theme}.png`), fullPage: true });
          };
          for (const [name, route] of [['welcome', '/'], ['signin', '/signin'], ['signup', '/signup']] as const) {
            await page.goto(route);
            await shot(name);
          }
          await signedInUser(page, 'Sam');
          await page.goto('/');
          await shot('dashboard-first-day');
          await page.goto('/checkin');
          await page.locator('h2', { hasText: 'Question 1 of 7' }).waitFor();
          await shot('checkin-question');
          for (let i = 1; i <= 7; i++) {
            await page.locator('h2', { hasText: `Question ${i} of 7` }).waitFor();
            await page.getByRole('button', { name: i === 3 ? 'No' : 'Yes', exact: true }).click();
          }
          await page.getByRole('heading', { name: 'Review your answers' }).waitFor();
          await shot('checkin-review');
          await page.getByRole('button', { name: 'Complete check-in' }).click();
          await page.waitForURL((u) => u.pathname === '/', { timeout: 10_000 });
          await page.getByTestId('check-in-moment').waitFor();
          await shot('dashboard-after-check-in');
          for (const [name, route] of [
            ['streak', '/streak'],
            ['trends', '/trends'],
            ['settings', '/settings'],
            ['account', '/account'],
            ['upgrade', '/upgrade'],
          ] as const) {
            await page.goto(route);
            await shot(name);
          }
        },
        { theme, height: 640 },
      );
    }
  });
});
