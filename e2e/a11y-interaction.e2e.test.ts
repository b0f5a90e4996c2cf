import { expect, recordScores, test, useApp } from './fixtures';
import { request as playwrightRequest, type Page } from '@playwright/test';
import { AUTO_ADVANCE_MS } from '@web/features/check-ins/questions';
import { settled, tabTo } from './helpers/a11y';
import { SCREENSHOTS_DIR, screenshotBothThemes } from './helpers/browser';
import { answerYesNo, momentEnded, momentSettled, momentShown, questionHeading as question, recordMoments, reviewHeading as review } from './helpers/check-in';
import { controlsCoveredBy, layoutProblems, PRIMARY_ACTIONS } from './helpers/layout';
import { E2E_PASSWORD, signUpVerified, signedInThroughApi } from './helpers/users';
import { EVENING_ZONE as ZONE } from './helpers/zones';

/**
 * Accessibility by interaction (issue 15; the dialogs are in a11y-dialogs.e2e.test.ts): a keyboard-only person signs
 * in from the sign-in screen, completes a check-in, opens and closes the dashboard's dialogs and changes a setting;
 * the count-up, the confetti and the auto-advance move with motion allowed and do not under
 * prefers-reduced-motion; a toast never covers a primary button or the control in use (the rest: toasts.e2e.test.ts). The main screens fit 360 px (no horizontal scroll,
 * no control cut off) and are saved as screenshots in both themes under test-results/screenshots/ for a person to
 * look at.
 */
const e2e = useApp({ context: { width: 360, height: 640, timezoneId: ZONE, theme: 'dark' } });
const { withPage } = e2e;

/** A new verified free user signed in through the API (cookies in the page's context). */
const signedInUser = (page: Page, firstName: string, checkIn = false) =>
  signedInThroughApi(page.request, e2e.app, { firstName, timezone: ZONE, checkIn });

/** The screen has settled and the network is quiet (before a screenshot or a Tab walk). */
const settledIdle = (page: Page) => settled(page, { networkIdle: true });

const toast = (page: Page) => page.locator('[data-variant]');
const focused = (page: Page) =>
  page.evaluate(() => ({ text: document.activeElement?.textContent?.trim() ?? '', label: document.activeElement?.getAttribute('aria-label') ?? null }));

/** Redeems a coupon for `email` through a session of its own (the browser stays signed out). */
async function redeemAs(email: string, code: string): Promise<void> {
  const api = await playwrightRequest.newContext({ baseURL: e2e.app.url });
  try {
    expect((await api.post('/api/auth/signin', { data: { email, password: E2E_PASSWORD } })).status()).toBe(200);
    const res = await api.post('/api/coupons/redeem', { data: { code } });
    expect(res.status(), await res.text()).toBe(200);
  } finally {
    await api.dispose();
  }
}

test.describe('keyboard only, at 360×640', () => {
  test('sign in from the sign-in screen, a check-in on the 0–4 scale, every dashboard dialog open and closed, a setting', async () => {
    await withPage(async (page) => {
      // A new person on a Premium trial who has not seen the notification prompt yet.
      const who = await signUpVerified(page.request, e2e.app, { firstName: 'Kim', timezone: ZONE, notificationModal: true });
      const moments = await recordMoments(page);
      await redeemAs(who.email, 'OFFERPREMIUM30');

      await page.goto('/signin');
      await page.getByRole('button', { name: 'Log In' }).waitFor();
      await tabTo(page, (el) => el.name === 'email', 10);
      await page.keyboard.type(who.email);
      await tabTo(page, (el) => el.name === 'password', 3);
      await page.keyboard.type(E2E_PASSWORD);
      await page.keyboard.press('Enter');
      await page.waitForURL((u) => u.pathname === '/' && !u.searchParams.has('login'));
      await settled(page);
      // A first sign-in is not greeted with 'Welcome back!'.
      expect(await page.getByText('Welcome back!').count()).toBe(0);

      // The notification prompt opens by itself; Not now, by keyboard.
      const prompt = page.getByRole('dialog', { name: 'Enable Push Notifications' });
      await prompt.waitFor();
      await tabTo(page, (el) => el.text === 'Not now', 6);
      await page.keyboard.press('Enter');
      await prompt.waitFor({ state: 'detached' });

      // The trial's details: opened with Enter, closed with its × button; focus back on the banner.
      await tabTo(page, (el) => el.text.startsWith('Premium Trial'));
      await page.keyboard.press('Enter');
      const details = page.getByRole('dialog', { name: 'Premium Trial Details' });
      await details.waitFor();
      await tabTo(page, (el) => el.label === 'Close', 10);
      await page.keyboard.press('Enter');
      await details.waitFor({ state: 'detached' });
      // Radix hands the focus back a task after the dialog has gone: wait for it as a state.
      await expect.poll(async () => (await focused(page)).text).toMatch(/^Premium Trial/);

      // The check-in: each question's heading takes the focus; Tab reaches the scale, the arrows choose, Enter confirms.
      await tabTo(page, (el) => el.text === 'FIRST TIME CHECK-IN');
      await page.keyboard.press('Enter');
      await page.waitForURL('**/checkin');
      for (let i = 1; i <= 7; i++) {
        await question(page, i).waitFor();
        await expect.poll(() => page.evaluate(() => document.activeElement?.tagName)).toBe('H2');
        await page.keyboard.press('Tab');
        expect((await focused(page)).label).toBe('Very poor');
        for (let k = 0; k < (i === 2 ? 2 : 4); k++) await page.keyboard.press('ArrowRight');
        await page.keyboard.press('Enter');
      }
      await review(page).waitFor();
      expect(await page.getByTestId('review-exercise').innerText()).toContain('Okay');
      await tabTo(page, (el) => el.text === 'Complete check-in', 20);
      await page.keyboard.press('Enter');
      await page.waitForURL((u) => u.pathname === '/' && !u.searchParams.has('trigger_animation'), { timeout: 10_000 });
      // The first check-in reloads the page: the person waits for the loading screen to go, as anyone would.
      await settled(page);
      // The moment after it: its button has the focus, Enter ends it (the keyboard's way on).
      // (It ends by itself after ~2 s: the focus is read from the page's record of it, Enter pressed if it is still there.)
      const moment = page.getByTestId('check-in-moment');
      const shown = await momentShown(moments, 'Your first check-in is done!', (m) => m.focusOnButton || momentEnded(m));
      expect(shown.focusOnButton, "the moment's button has the focus").toBe(true);
      if (await moment.count()) await page.keyboard.press('Enter');
      await moment.waitFor({ state: 'detached' });
      await page.getByTestId('done-for-today').waitFor();

      // The score explanation: Enter opens it, Escape closes it, focus is back on its button.
      await tabTo(page, (el) => el.text === 'How is this calculated?');
      await page.keyboard.press('Enter');
      await page.getByRole('dialog', { name: 'Your Overall Score' }).waitFor();
      await page.keyboard.press('Escape');
      await page.getByRole('dialog').waitFor({ state: 'detached' });
      await expect.poll(async () => (await focused(page)).text).toBe('How is this calculated?');

      // A setting: the bottom navigation to Settings, then the Dark Mode switch with Space.
      await tabTo(page, (el) => el.text.includes('Settings'));
      await page.keyboard.press('Enter');
      await page.waitForURL('**/settings');
      await tabTo(page, (el) => el.role === 'switch' && el.id === 'dark-mode');
      expect(await page.evaluate(() => document.documentElement.classList.contains('dark'))).toBe(true);
      await page.keyboard.press('Space');
      await expect.poll(() => page.evaluate(() => document.documentElement.classList.contains('dark'))).toBe(false);
      expect(await page.evaluate(() => localStorage.getItem('big7_theme'))).toBe('light');
    });
  });
});

test.describe('motion: the count-up, the confetti and the auto-advance move only when motion is allowed', () => {
  for (const motion of ['reduce', 'no-preference'] as const) {
    test(`prefers-reduced-motion: ${motion}`, async () => {
      await withPage(
        async (page) => {
          const moves = motion === 'no-preference';
          await signedInUser(page, 'Ray');
          // Every value of the score React renders, from the first one (a count-up starts at 0%).
          const scores = await recordScores(page);
          // What the moment after the check-in showed while it was open (it ends by itself after ~2 s).
          const moments = await recordMoments(page);
          // The page's clock is held while the first answer is given: what moves on a timer shows.
          await page.clock.install();
          await page.goto('/checkin');
          await question(page, 1).waitFor();
          await page.clock.pauseAt((await page.evaluate(() => Date.now())) + 1_000);
          const yes = page.getByRole('button', { name: 'Yes', exact: true });
          await yes.click();
          if (moves) {
            // The answer shows as chosen, and the next question waits for the auto-advance delay.
            await expect.poll(() => yes.getAttribute('aria-pressed')).toBe('true');
            await page.clock.runFor(AUTO_ADVANCE_MS.boolean - 1);
            expect(await question(page, 1).count(), 'still on question 1').toBe(1);
            await page.clock.runFor(1);
          }
          // Under reduced motion the next question is there with the clock still held.
          await question(page, 2).waitFor();
          await page.clock.resume();
          for (let i = 2; i <= 7; i++) {
            await question(page, i).waitFor();
            await page.getByRole('button', { name: 'Yes', exact: true }).click();
          }
          await review(page).waitFor();
          await page.getByRole('button', { name: 'Complete check-in' }).click();
          await page.waitForURL((u) => u.pathname === '/', { timeout: 10_000 });
          // The confetti: falling pieces with motion; an empty layer without (read once the moment has ended).
          if (moves) {
            const moment = await momentShown(moments, 'Your first check-in is done!', (m) => m.confettiFalling || momentEnded(m));
            expect(moment.confettiFalling, 'confetti pieces are falling').toBe(true);
          } else {
            const moment = await momentShown(moments, 'Your first check-in is done!', momentEnded);
            expect(moment.confettiLayer, 'the confetti layer').toBe(true);
            expect(moment.confettiPieces, 'no confetti pieces').toBe(0);
          }

          // The score: counted up from 0% with motion; its final value from the first render without.
          await expect.poll(async () => (await scores()).at(-1), { timeout: 10_000 }).toBe('100%');
          const shown = await scores();
          if (moves) {
            expect(shown[0]).toBe('0%');
            expect(shown.some((s) => s !== '0%' && s !== '100%'), `values: ${shown.join(', ')}`).toBe(true);
          } else {
            expect(shown).toEqual(['100%']);
          }
        },
        { reducedMotion: motion },
      );
    });
  }
});

test('a toast never covers the primary button or the control in use: a failed sign-in, a failed sign-up, a check-in error', async () => {
  await withPage(
    async (page) => {
      const who = await signUpVerified(page.request, e2e.app, { firstName: 'Tao', timezone: ZONE });
      await page.goto('/signin');
      await page.getByLabel('Email Address').fill(who.email);
      await page.getByLabel('Password', { exact: true }).fill('Wrong1!x');
      await page.getByRole('button', { name: 'Log In' }).click();
      await toast(page).getByText('Wrong Password', { exact: true }).waitFor();
      await expect.poll(() => controlsCoveredBy(toast(page), PRIMARY_ACTIONS), { message: 'sign-in' }).toEqual([]);

      await page.goto('/signup');
      await page.getByLabel('First Name').fill('Tao');
      await page.getByLabel('Email Address').fill(who.email);
      await page.getByLabel('Password', { exact: true }).fill(E2E_PASSWORD);
      await page.getByRole('button', { name: 'Create Account' }).click();
      await toast(page).getByText('Email Already Registered', { exact: true }).waitFor();
      // The toast moves clear at the next frame after the screen changes under it (sign-up redirects to sign-in).
      await expect.poll(() => controlsCoveredBy(toast(page), PRIMARY_ACTIONS), { message: 'sign-up' }).toEqual([]);

      await page.request.post('/api/auth/signin', { data: { email: who.email, password: E2E_PASSWORD } });
      await page.route('**/api/checkins', (route) =>
        route.request().method() === 'POST' ? route.fulfill({ status: 500, json: { message: 'Something went wrong' } }) : route.continue(),
      );
      await page.goto('/checkin');
      await answerYesNo(page);
      await page.getByRole('button', { name: 'Complete check-in' }).click();
      await toast(page).getByText('Something went wrong', { exact: true }).waitFor();
      await expect.poll(() => controlsCoveredBy(toast(page), PRIMARY_ACTIONS), { message: 'check-in' }).toEqual([]);
    },
    { serviceWorkers: 'block' },
  );
});

test('the main screens at 360 px fit the width (no horizontal scroll, no control cut off); screenshots in both themes', async () => {
  await withPage(async (page) => {
    const shot = async (name: string) => {
      await settledIdle(page);
      const problems = (await layoutProblems(page)).filter((p) => p.kind === 'horizontal-scroll' || p.kind === 'clipped');
      expect(problems, `layout of ${name} at 360 px`).toEqual([]);
      await screenshotBothThemes(page, SCREENSHOTS_DIR, name);
    };
    for (const [name, route] of [['welcome', '/'], ['signin', '/signin'], ['signup', '/signup']] as const) {
      await page.goto(route);
      await shot(name);
    }
    await signedInUser(page, 'Sam');
    const moments = await recordMoments(page);
    await page.goto('/');
    await shot('dashboard-first-day');
    await page.goto('/checkin');
    await question(page, 1).waitFor();
    await shot('checkin-question');
    await answerYesNo(page, [3]);
    await shot('checkin-review');
    await page.getByRole('button', { name: 'Complete check-in' }).click();
    await page.waitForURL((u) => u.pathname === '/' && !u.searchParams.has('trigger_animation'), { timeout: 10_000 });
    await momentSettled(page, moments, 'Your first check-in is done!', '86%');
    await shot('dashboard-after-check-in');
    for (const [name, route] of [
      ['streak', '/streak'],
      ['trends', '/trends'],
      ['category', '/category/nutrition'],
      ['settings', '/settings'],
      ['account', '/account'],
      ['upgrade', '/upgrade'],
    ] as const) {
      await page.goto(route);
      await shot(name);
    }
  });
});
