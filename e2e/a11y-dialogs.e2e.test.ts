import { expect, test, useApp } from './fixtures';
import { THEMES, checkDialog, settled } from './helpers/a11y';
import { postOk as post, signedInThroughApi } from './helpers/users';
import { EVENING_ZONE as ZONE } from './helpers/zones';

/**
 * The dialogs (issue 15): each major dialog of the dashboard and the streak screen, open, passes axe (all WCAG 2.1
 * A/AA impacts) in both themes and fits 360×640 with its × close button in view; one dialog at a time, focus back
 * where it was: the score explanation, Check-in Details (from the last 7 days and from the month view), a
 * milestone, How Streak Protection Works, the month view, Streak Protected!, the reward's celebration. Enable Push
 * Notifications and AI Coach Trial Details are checked on the journeys that reach them (a11y-moments). The streak offers are made real through the server's developer endpoints (a lost streak, a streak
 * of 29 plus a check-in, a coupon's trial); the ended trial, which needs 30 days to pass, is the server's own
 * subscription answer with `trialJustExpired` set (page.route, so the service worker is blocked in these contexts).
 */
const e2e = useApp({ env: { DEV_TOOLS: 'on' }, context: { width: 360, height: 640, timezoneId: ZONE, serviceWorkers: 'block' } });
const { withPage } = e2e;


test.describe('dialogs: one at a time, a close button, they fit 360×640 and pass axe', () => {
  for (const theme of THEMES) {
    test(`dashboard and streak screen dialogs, ${theme} theme`, async () => {
      await withPage(
        async (page) => {
          await signedInThroughApi(page.request, e2e.app, { firstName: 'Dee', timezone: ZONE, checkIn: true });
          await page.goto('/');
          await settled(page, { networkIdle: true });
          // The score explanation.
          const opener = page.getByRole('button', { name: 'How is this calculated?' });
          await opener.click();
          await checkDialog(page, 'Your Overall Score');
          await page.getByRole('dialog').getByTestId('dialog-close').click();
          await page.getByRole('dialog').waitFor({ state: 'detached' });
          await expect.poll(() => page.evaluate(() => document.activeElement?.textContent)).toBe('How is this calculated?');
          // A native modal dialog: the page behind it holds still, and a press on the backdrop closes it (focus back too).
          await opener.click();
          await page.getByRole('dialog', { name: 'Your Overall Score' }).waitFor();
          expect(await page.evaluate(() => getComputedStyle(document.documentElement).overflow)).toBe('hidden');
          await page.mouse.click(4, 4);
          await page.getByRole('dialog').waitFor({ state: 'detached' });
          await expect.poll(() => page.evaluate(() => document.activeElement?.textContent)).toBe('How is this calculated?');
          expect(await page.evaluate(() => getComputedStyle(document.documentElement).overflow)).not.toBe('hidden');

          await page.goto('/streak');
          await settled(page, { networkIdle: true });
          // Check-in Details from today's day in the last 7 days; closed, focus is back on the day.
          const today = page.getByTestId('recent-activity').locator('button[data-state="completed"]').last();
          const todayDate = await today.getAttribute('data-date');
          await today.click();
          await checkDialog(page, 'Check-in Details');
          await page.getByRole('dialog').getByTestId('dialog-close').click();
          await page.getByRole('dialog').waitFor({ state: 'detached' });
          await expect.poll(() => page.evaluate(() => document.activeElement?.getAttribute('data-date'))).toBe(todayDate);
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
          expect(await page.locator('dialog, [role="dialog"]').count(), 'one dialog at a time (hidden ones counted too)').toBe(1);
          await page.keyboard.press('Escape');
          await page.getByRole('dialog', { name: 'Monthly Activity View' }).waitFor();
          // The month puts the focus back on the day in its effect (after its render): a state to wait for.
          await expect.poll(() => page.evaluate(() => document.activeElement?.getAttribute('data-date'))).toBe(date);
          await page.getByRole('dialog').getByTestId('dialog-close').click();
          await page.getByRole('dialog').waitFor({ state: 'detached' });
        },
        { theme },
      );
    });
  }
});

test('Streak Protected! and the claimed reward, in both themes', async () => {
  // A shield used yesterday: Streak Protected! opens by itself.
  await withPage(async (page) => {
    await signedInThroughApi(page.request, e2e.app, { firstName: 'Sid', timezone: ZONE });
    await post(page, '/api/test/simulate-shield-protection');
    await page.goto('/');
    await checkDialog(page, 'Streak Protected!', { bothThemes: true });
    await page.getByRole('dialog').getByRole('button', { name: 'OK' }).click();
    await page.getByRole('dialog').waitFor({ state: 'detached' });
  });
  // Day 30 of a streak earns the Premium trial: its reward, claimed with AWESOME!, turns into its confirmation in the
  // same dialog (issue 30: no second dialog, no toast over it).
  await withPage(async (page) => {
    await signedInThroughApi(page.request, e2e.app, { firstName: 'Cal', timezone: ZONE });
    await post(page, '/api/test/set-streak', { days: 29 });
    await post(page, '/api/checkins', { answers: Array.from({ length: 7 }, () => true) });
    await page.goto('/');
    await page.getByRole('dialog', { name: 'CONGRATULATIONS, CAL!' }).getByRole('button', { name: 'AWESOME!' }).click();
    const claimed = page.getByRole('dialog', { name: 'Reward Claimed!' });
    await claimed.getByRole('list', { name: 'Included features' }).waitFor();
    expect(await page.locator('[data-variant]').count(), 'no toast with the dialog').toBe(0);
    await checkDialog(page, 'Reward Claimed!', { bothThemes: true });
    expect(await page.locator('dialog, [role="dialog"]').count(), 'one dialog at a time (hidden ones counted too)').toBe(1);
  });
});

test.describe('the streak offers on the dashboard: recovery, reward, trial', () => {
  for (const theme of THEMES) {
    test(`Recover Your Streak, the reward, the trial's details and its end, ${theme} theme`, async () => {
      // A lost 10-day streak and no check-in today: the recovery offer opens by itself.
      await withPage(
        async (page) => {
          await signedInThroughApi(page.request, e2e.app, { firstName: 'Ravi', timezone: ZONE });
          await post(page, '/api/dev/create-lost-streak', { lostDays: 10 });
          await page.goto('/');
          await page.getByRole('dialog', { name: 'Recover Your Streak' }).getByText(/10-day streak/).waitFor();
          await checkDialog(page, 'Recover Your Streak');
        },
        { theme },
      );

      // A streak of 29 and today's check-in: day 30 earns the Premium trial, whose reward dialog opens by itself.
      // It closes itself after 8 s (STREAK_TIMINGS.rewardAutoClose): that one timer is held while axe looks at it
      // (a paused page clock would also hold axe's own timers).
      await withPage(
        async (page) => {
          await signedInThroughApi(page.request, e2e.app, { firstName: 'Rex', timezone: ZONE });
          await post(page, '/api/test/set-streak', { days: 29 });
          await post(page, '/api/checkins', { answers: Array.from({ length: 7 }, () => true) });
          await page.addInitScript(() => {
            const setTimeoutBefore = window.setTimeout;
            window.setTimeout = ((fn: TimerHandler, ms?: number, ...args: unknown[]) =>
              ms === 8_000 ? 0 : setTimeoutBefore(fn, ms, ...args)) as typeof window.setTimeout;
          });
          await page.goto('/');
          const reward = page.getByRole('dialog', { name: 'CONGRATULATIONS, REX!' });
          await reward.waitFor();
          await reward.getByText('Premium includes:').waitFor();
          await checkDialog(page, 'CONGRATULATIONS, REX!');
        },
        { theme },
      );

      // A Premium trial (a coupon's): the banner opens the trial's details; then the same person as the server
      // answers once the trial has ended: the 'has ended' dialog opens by itself.
      await withPage(
        async (page) => {
          await signedInThroughApi(page.request, e2e.app, { firstName: 'Tia', timezone: ZONE, checkIn: true });
          await post(page, '/api/coupons/redeem', { code: 'OFFERPREMIUM30' });
          await page.goto('/');
          await settled(page, { networkIdle: true });
          await page.getByTestId('trial-banner-premium').click();
          await checkDialog(page, 'Premium Trial Details');
          await page.getByRole('dialog').getByTestId('dialog-close').click();
          await page.getByRole('dialog').waitFor({ state: 'detached' });

          // The dashboard reads the subscription through GET /api/dashboard (its other screens through
          // /api/subscription): both answer that the trial has just ended.
          await page.route('**/api/subscription', async (route) => {
            const res = await route.fetch();
            await route.fulfill({ response: res, json: { ...((await res.json()) as object), trialJustExpired: 'premium' } });
          });
          await page.route('**/api/dashboard', async (route) => {
            const res = await route.fetch();
            const body = (await res.json()) as { subscription: object };
            await route.fulfill({ response: res, json: { ...body, subscription: { ...body.subscription, trialJustExpired: 'premium' } } });
          });
          await page.reload();
          await checkDialog(page, 'Your Premium Trial Has Ended');
        },
        // page.route does not see what a service worker fetches.
        { theme, serviceWorkers: 'block' },
      );
    });
  }
});
