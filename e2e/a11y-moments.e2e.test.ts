import { expect, test, useApp } from './fixtures';
import type { Page } from '@playwright/test';
import { checkDialog, checkScreen, settled } from './helpers/a11y';
import { layoutProblems } from './helpers/layout';
import { answerYesNo, momentSettled, questionHeading as question, recordMoments, reviewHeading as review } from './helpers/check-in';
import { postOk as post, signedInThroughApi } from './helpers/users';
import { EVENING_ZONE as ZONE } from './helpers/zones';

/**
 * The screens only a journey reaches (issue 15), at 360×640: each passes axe (all WCAG 2.1 A/AA impacts) in both
 * themes and the layout checks (no sideways scroll, no clipped control, no text sticking out of its control, 44 px
 * targets). A first day: the dashboard, Enable Push Notifications (never over another dialog), the review and the
 * moment after the check-in. A Premium check-in on the 0–4 scale. An AI coach conversation and the AI Coach
 * trial's details. The route sweep is in a11y-axe.e2e.test.ts, the other dialogs in a11y-dialogs.
 */
const e2e = useApp({ context: { width: 360, height: 640, timezoneId: ZONE, theme: 'dark', serviceWorkers: 'block' } });
const { withPage } = e2e;

/** Two animation frames: whatever a state change just scheduled has been rendered. */
const nextFrames = (page: Page) => page.evaluate(() => new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(r))));

test.describe('a first day', () => {
  test('the dashboard, the notification prompt (never over another dialog), the review, the moment after', async () => {
    await withPage(async (page) => {
      await signedInThroughApi(page.request, e2e.app, { firstName: 'Fay', timezone: ZONE, notificationModal: true });
      const moments = await recordMoments(page);
      // Every dialog that opens is counted while it is open: never more than one at a time, whatever this journey does.
      // The prompt's 1.5 s timer (NOTIFICATION_MODAL_DELAY_MS, the only 1.5 s timer on a first day) says when it ran.
      await page.addInitScript(() => {
        const w = window as unknown as { __mostDialogs: number; __promptDue: number };
        w.__mostDialogs = 0;
        w.__promptDue = 0;
        new MutationObserver(() => {
          w.__mostDialogs = Math.max(w.__mostDialogs, document.querySelectorAll('dialog, [role="dialog"]').length);
        }).observe(document, { subtree: true, childList: true });
        const setTimeoutBefore = window.setTimeout;
        window.setTimeout = ((fn: TimerHandler, ms?: number, ...args: unknown[]) =>
          ms === 1_500 && typeof fn === 'function'
            ? setTimeoutBefore(() => {
                (fn as (...a: unknown[]) => void)(...args);
                w.__promptDue++;
              }, ms)
            : setTimeoutBefore(fn, ms, ...args)) as typeof window.setTimeout;
      });
      // The notification settings are held back until the person has opened a dialog of their own.
      let release!: () => void;
      const released = new Promise<void>((r) => (release = r));
      await page.route('**/api/notifications/settings', async (route) => {
        await released;
        await route.continue();
      });

      await page.goto('/');
      await settled(page);
      await page.getByRole('link', { name: 'FIRST TIME CHECK-IN' }).waitFor();
      await checkScreen(page, 'the first-day dashboard');

      await page.getByRole('button', { name: 'How is this calculated?' }).click();
      const score = page.getByRole('dialog', { name: 'Your Overall Score' });
      await score.waitFor();
      release();
      // The prompt becomes due while the score explanation is open: it waits.
      await expect.poll(() => page.evaluate(() => (window as unknown as { __promptDue: number }).__promptDue), { timeout: 10_000 }).toBe(1);
      await nextFrames(page);
      expect(await page.locator('dialog, [role="dialog"]').count(), 'one dialog at a time (hidden ones counted too)').toBe(1);
      await score.getByTestId('dialog-close').click();
      // Once it is closed, the prompt comes.
      await checkDialog(page, 'Enable Push Notifications', { bothThemes: true });
      await page.getByRole('dialog').getByRole('button', { name: 'Not now' }).click();
      await page.getByRole('dialog').waitFor({ state: 'detached' });
      expect(await page.evaluate(() => (window as unknown as { __mostDialogs: number }).__mostDialogs), 'never two dialogs').toBe(1);

      // (A yes/no question is on the route sweep: /checkin.)
      await page.getByRole('link', { name: 'FIRST TIME CHECK-IN' }).click();
      await answerYesNo(page, [3]);
      await checkScreen(page, 'the review screen');

      await page.getByRole('button', { name: 'Complete check-in' }).click();
      await page.waitForURL((u) => u.pathname === '/' && !u.searchParams.has('trigger_animation'), { timeout: 10_000 });
      await momentSettled(page, moments, 'Your first check-in is done!', '86%');
      await checkScreen(page, 'the moment after a check-in');
    });
  });
});

test('a Premium check-in on the 0–4 scale at 360 px: the faces, their labels inside their buttons, the review', async () => {
  await withPage(async (page) => {
    await signedInThroughApi(page.request, e2e.app, { firstName: 'Pia', timezone: ZONE });
    await post(page, '/api/coupons/redeem', { code: 'OFFERPREMIUM30' });
    await page.goto('/checkin');
    await page.getByRole('radiogroup').waitFor();
    await checkScreen(page, 'a question on the 0–4 scale');
    const answers = ['Excellent', 'Very poor', 'Okay', 'Good', 'Poor', 'Excellent', 'Good'];
    for (const [i, label] of answers.entries()) {
      await question(page, i + 1).waitFor();
      await page.getByRole('radio', { name: label, exact: true }).click();
    }
    await review(page).waitFor();
    expect(await page.getByTestId('review-exercise').innerText()).toContain('Very poor');
    // Axe has seen the review (on the first day above); here its rows carry faces and longer labels.
    expect(await layoutProblems(page), 'layout of the review on the 0–4 scale').toEqual([]);
  });
});

test('an AI coach conversation, and the AI Coach trial’s details on the dashboard', async () => {
  await withPage(async (page) => {
    await signedInThroughApi(page.request, e2e.app, { firstName: 'Abe', timezone: ZONE, checkIn: true });
    await post(page, '/api/coupons/redeem', { code: 'OFFERAI30' });
    const { conversationId } = (await post(page, '/api/ai-coach/ask', { question: 'How can I sleep better?' })) as { conversationId: string };
    await page.goto(`/ai-coach/conversation/${conversationId}`);
    await settled(page);
    await expect.poll(() => page.getByRole('list', { name: 'Messages' }).locator('li').count()).toBe(2);
    await checkScreen(page, 'an AI coach conversation');

    await page.goto('/');
    await settled(page);
    await page.getByTestId('trial-banner-ai-coach').click();
    await checkDialog(page, 'AI Coach Trial Details', { bothThemes: true });
  });
});
