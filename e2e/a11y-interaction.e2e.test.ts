import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, test } from 'vitest';
import type { Page } from 'playwright-core';
import { useApp } from './helpers/app';
import { settled, tabTo } from './helpers/a11y';
import { E2E_PASSWORD, signUpVerified, signedInThroughApi } from './helpers/users';
import { EVENING_ZONE as ZONE } from './helpers/zones';

/**
 * Accessibility by interaction (issue 15; the dialogs are in a11y-dialogs.e2e.test.ts): a keyboard-only person signs in,
 * completes a check-in, opens and closes the dashboard's dialogs and changes a setting; under
 * prefers-reduced-motion the score count-up, the confetti and the auto-advance do not move. The main screens are
 * saved as screenshots at 360 px in both themes under test-results/screenshots/ for a person to look at.
 */
const e2e = useApp({ context: { width: 360, height: 640, timezoneId: ZONE, theme: 'dark' } });
const { withPage } = e2e;

const SHOTS = path.resolve(import.meta.dirname, '../test-results/screenshots');
mkdirSync(SHOTS, { recursive: true });

/** A new verified free user signed in through the API (cookies in the page's context). */
const signedInUser = (page: Page, firstName: string, checkIn = false) =>
  signedInThroughApi(page.request, e2e.app, { firstName, timezone: ZONE, checkIn });

/** The screen has settled and the network is quiet (before a screenshot or a Tab walk). */
const settledIdle = (page: Page) => settled(page, { networkIdle: true });

describe('keyboard only', () => {
  test('sign in, complete a check-in, open and close the dashboard dialog, change a setting', async () => {
    await withPage(
      async (page) => {
        const who = await signUpVerified(page.request, e2e.app, { firstName: 'Kim', timezone: ZONE });
        await page.goto(`/signin?email=${encodeURIComponent(who.email)}`);
        await page.getByLabel('Password', { exact: true }).focus();
        await page.keyboard.type(E2E_PASSWORD);
        await page.keyboard.press('Enter');
        await page.waitForURL((u) => u.pathname === '/' && !u.searchParams.has('login'));
        await settledIdle(page);
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
            await settledIdle(page);
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
        { theme },
      );
    }
  });
});
