import { expect, recordScores, test, useApp } from './fixtures';
import type { Page } from '@playwright/test';
import { seriousA11yViolations } from './helpers/browser';
import { signedInThroughApi } from './helpers/users';
import { EVENING_ZONE, zoneAtLocalHour } from './helpers/zones';
import { endMoment, momentShown, questionHeading, recordMoments } from './helpers/check-in';

/**
 * Journeys of the daily check-in and the dashboard: a free user and a premium user each complete a check-in and
 * see the score and the tiles update; today's check-in is edited; a keyboard-only check-in; the insight screens.
 *
 * The check-in window depends on the time of day in the user's timezone. Each person here signs up in a fixed
 * UTC offset zone (Etc/GMT±N) chosen so that it is about 21:00 there now: the official window (20:00–23:59:59)
 * is open for the next two hours or more, so a first check-in and an edit of it are both accepted. The browser
 * runs in the same zone, so the app's timezone sync leaves it alone.
 */
const e2e = useApp({
  // Developer mode (which needs the server's developer tools) enables Cancel in one journey.
  env: { DEV_TOOLS: 'on' },
  // These journeys intercept API calls with page.route, which does not see calls the service worker makes
  // (offline behaviour has its own file, offline.e2e.test.ts).
  context: { timezoneId: EVENING_ZONE, serviceWorkers: 'block' },
});
const { withPage } = e2e;
/** A zone where it is about 10:00: the official window opens in about ten hours. */
const MORNING_ZONE = zoneAtLocalHour(10);

async function redeem(page: Page, code: string): Promise<void> {
  const res = await page.request.post('/api/coupons/redeem', { data: { code } });
  expect(res.status(), await res.text()).toBe(200);
}

const overallScore = (page: Page) => page.getByTestId('overall-score');
const tile = (page: Page, area: string) => page.getByTestId(`tile-${area}`);

async function expectFocusedHeading(page: Page, text: string | RegExp): Promise<void> {
  await expect
    .poll(async () => page.evaluate(() => (document.activeElement?.tagName === 'H2' ? document.activeElement.textContent : null)))
    .toMatch(text);
}

test.describe('daily check-in and dashboard', () => {
  test('a free user checks in (yes/no), sees the score and tiles, then edits today’s check-in', async () => {
    await withPage(async (page) => {
      await signedInThroughApi(page.request, e2e.app, { firstName: 'Fay', timezone: EVENING_ZONE });
      const moments = await recordMoments(page);
      await page.goto('/');
      await page.getByRole('heading', { name: /, Fay$/, level: 1 }).waitFor();

      // Before the first check-in: orientation, the window countdown, no score, upsells for a free user.
      await page.getByText("It's time for your first check-in").waitFor();
      // The countdown agrees with the first check-in card: it runs to the end of the 24-hour first window.
      await page.getByText('First check-in window ends in', { exact: true }).waitFor();
      expect(await page.getByTestId('countdown').innerText()).toMatch(/^\d{1,2}h \d\dm \d\ds$/);
      // The empty score card invites instead of showing a zero.
      expect(await overallScore(page).innerText()).toBe('No score yet');
      await page.getByTestId('score-empty').getByText('Your score starts today').waitFor();
      expect(await page.getByText('Based on 0 check-ins').count()).toBe(0);
      expect(await tile(page, 'rest').innerText()).toContain('—');
      // One upsell for a free user: the promotion card; Weekly Insights (which works for everyone) is reachable.
      await page.getByText('Go further with Premium').waitFor();
      expect(await page.getByRole('link', { name: /Personalized Tips/ }).count()).toBe(0);
      expect(await page.getByRole('link', { name: /Ask AI Coach/ }).count()).toBe(0);
      expect(await page.locator('main a[href="/upgrade"]').count()).toBe(1);
      expect(await page.getByRole('link', { name: /^Rest/ }).getAttribute('href')).toBe('/category/rest');
      expect(await seriousA11yViolations(page)).toEqual([]);

      // The countdown ticks every second.
      const before = await page.getByTestId('countdown').innerText();
      await expect.poll(() => page.getByTestId('countdown').innerText(), { timeout: 3_000 }).not.toBe(before);

      await page.getByRole('link', { name: 'FIRST TIME CHECK-IN' }).click();
      await page.waitForURL('**/checkin');
      await questionHeading(page, 1).waitFor();
      await page.getByText('Did you get enough rest and sleep today?').waitFor();
      expect(await page.getByRole('progressbar').getAttribute('aria-valuenow')).toBe('1');
      await expectFocusedHeading(page, /Question 1 of 7/);
      expect(await seriousA11yViolations(page)).toEqual([]);

      // Yes, Yes, No, Yes, No, Yes, Yes — with a step back on question 3.
      const plan = [true, true, false, true, false, true, true];
      for (let i = 0; i < plan.length; i++) {
        await questionHeading(page, i + 1).waitFor();
        await page.getByRole('button', { name: plan[i] ? 'Yes' : 'No', exact: true }).click();
        if (i === 2) {
          await questionHeading(page, 4).waitFor();
          await page.getByRole('button', { name: 'Previous question' }).click();
          await questionHeading(page, 3).waitFor();
          expect(await page.getByRole('button', { name: 'No', exact: true }).getAttribute('aria-pressed')).toBe('true');
          await page.getByRole('button', { name: 'No', exact: true }).click();
        }
      }
      await page.getByRole('heading', { name: 'Review your answers' }).waitFor();
      expect(await page.getByTestId('review-rest').innerText()).toContain('Yes');
      expect(await page.getByTestId('review-nutrition').innerText()).toContain('No');
      expect(await page.getByTestId('review-boundaries').innerText()).toContain('No');
      // Cancel is only for developer mode, so it is not shown (nor a note about developer mode).
      expect(await page.getByRole('button', { name: 'Cancel' }).count()).toBe(0);
      expect(await page.getByText(/developer mode/i).count()).toBe(0);
      // A row of the review can be tapped to change that one answer; the flow comes straight back to the review.
      await page.getByRole('button', { name: 'Goals: Yes. Change answer' }).click();
      await questionHeading(page, 4).waitFor();
      await page.getByRole('button', { name: 'No', exact: true }).click();
      await page.getByRole('heading', { name: 'Review your answers' }).waitFor();
      expect(await page.getByTestId('review-goals').innerText()).toContain('No');
      await page.getByRole('button', { name: 'Goals: No. Change answer' }).click();
      await questionHeading(page, 4).waitFor();
      await page.getByRole('button', { name: 'Yes', exact: true }).click();
      await page.getByRole('heading', { name: 'Review your answers' }).waitFor();
      expect(await page.getByTestId('review-goals').innerText()).toContain('Yes');
      await page.getByRole('button', { name: 'Complete check-in' }).click();
      await page.getByText('Check-in complete!').waitFor();

      // The first-ever check-in reloads onto the dashboard after 1 s; the session cache survives the clean-up.
      await page.waitForURL((u) => u.pathname === '/', { timeout: 10_000 });
      await expect.poll(() => overallScore(page).innerText(), { timeout: 10_000 }).toBe('71%');
      await page.waitForURL((u) => !u.searchParams.has('trigger_animation'));
      await page.getByText('Based on 1 check-in', { exact: true }).waitFor();
      // The moment after the check-in, from the check-in response; then a calm done-for-today card.
      await momentShown(moments, 'Your first check-in is done!');
      await endMoment(page);
      await page.getByTestId('done-for-today').getByText('Done for today').waitFor();
      expect(await page.evaluate(() => localStorage.getItem('big7_session'))).not.toBeNull();
      expect(await tile(page, 'rest').innerText()).toContain('100%');
      // A free user's "no" reads as "not yet", with a hint, not a bare red 0% (issue 30).
      await expect(page.getByTestId('not-yet-nutrition')).toContainText('Not yet');
      expect(await tile(page, 'nutrition').innerText()).not.toContain('0%');
      // One check-in is too few for a verdict: no colour band on the score, no strengths or areas to focus on yet.
      await page.getByTestId('score-early').getByText('Early days: 2 more check-ins to see your level.').waitFor();
      expect(await page.locator('[data-banded]').getAttribute('data-banded')).toBe('false');
      expect(await page.getByTestId('summary-text').innerText()).toContain('too soon to call any area a strength or a weak spot');
      expect(await page.getByTestId('summary-strengths').count()).toBe(0);
      await page.getByText('Update window ends in', { exact: true }).waitFor();
      expect(await page.getByText("It's time for your first check-in").count()).toBe(0);

      // Edit today's check-in: answers are prefilled, every answer becomes yes.
      await page.getByRole('link', { name: 'UPDATE CHECK-IN' }).click();
      await page.waitForURL((u) => u.pathname === '/checkin' && u.searchParams.get('edit') === 'true');
      await page.getByRole('heading', { name: 'Update Check-in', level: 1 }).waitFor();
      await questionHeading(page, 1).waitFor();
      expect(await page.getByRole('button', { name: 'Yes', exact: true }).getAttribute('aria-pressed')).toBe('true');
      for (let i = 0; i < 7; i++) {
        await questionHeading(page, i + 1).waitFor();
        await page.getByRole('button', { name: 'Yes', exact: true }).click();
      }
      await page.getByRole('heading', { name: 'Review your answers' }).waitFor();
      await page.getByRole('button', { name: 'Update check-in' }).click();

      // Back on the dashboard, with no loading overlay over the moment: one check-in (replaced), now 100%.
      await page.waitForURL((u) => u.pathname === '/');
      expect((await momentShown(moments, 'Check-in updated')).loadingOverlay, 'a loading overlay over the moment').toBe(false);
      await endMoment(page);
      await expect.poll(() => overallScore(page).innerText(), { timeout: 10_000 }).toBe('100%');
      await page.getByText('Based on 1 check-in', { exact: true }).waitFor();
      expect(await tile(page, 'nutrition').innerText()).toContain('100%');
      // 100% after one check-in is not 'Excellent! … thriving' yet.
      expect(await page.getByTestId('summary-text').innerText()).not.toMatch(/Excellent|thriving/);

      // Completion summary of today's check-in.
      await page.goto('/completion');
      expect(await page.getByTestId('completion-score').innerText()).toBe('100%');

      // Category screens.
      await page.goto('/category/nutrition');
      await page.getByRole('heading', { name: 'Nutrition', level: 1 }).waitFor();
      expect(await page.getByTestId('category-score').innerText()).toBe('100%');
      await page.getByRole('heading', { name: 'About Nutrition' }).waitFor();
      await page.goto('/category/sleeping');
      await page.getByRole('heading', { name: 'Category Not Found' }).waitFor();
      await page.getByRole('link', { name: 'Return to Dashboard' }).click();
      await page.waitForURL((u) => u.pathname === '/');

      // Tips are for premium: a free user gets the upsell.
      await page.goto('/tips');
      await page.getByRole('link', { name: 'Upgrade to unlock' }).waitFor();

      // With today's check-in in place the API refuses nothing on edit, and the server kept one row.
      const history = await (await page.request.get('/api/checkins/history')).json();
      expect(history.count).toBe(1);
      expect(history.checkIns[0].answers).toEqual([true, true, true, true, true, true, true]);

      // It is past 8 PM here: the check-in time cannot be changed until midnight, and the screen says why.
      await page.goto('/settings');
      expect(await page.getByLabel('Check-in time').isDisabled()).toBe(true);
      await page.getByText('the time can be changed again after midnight', { exact: false }).waitFor();
    });
  });

  test('a premium user answers on the emoji scale, then sees tips and trends', async () => {
    await withPage(async (page) => {
      await signedInThroughApi(page.request, e2e.app, { firstName: 'Pia', timezone: EVENING_ZONE });
      await redeem(page, 'OFFERPREMIUM30');
      await page.goto('/');
      await page.getByRole('heading', { name: /, Pia$/, level: 1 }).waitFor();
      // Premium cards are locked until the first check-in; no promotion card for a paid tier. (The cards render
      // together once the dashboard's reads have answered, after the greeting.)
      await page.getByText('Unlock with your first check-in').first().waitFor();
      expect(await page.getByText('Unlock with your first check-in').count()).toBe(2);
      expect(await page.getByText('Go further with Premium').count()).toBe(0);

      await page.getByRole('link', { name: 'FIRST TIME CHECK-IN' }).click();
      await questionHeading(page, 1).waitFor();
      await page.getByText('How well rested do you feel today?').waitFor();
      const group = page.getByRole('radiogroup');
      expect(await group.getByRole('radio').count()).toBe(5);
      expect(await group.getByRole('radio').evaluateAll((els) => els.map((e) => e.getAttribute('aria-label')))).toEqual([
        'Very poor',
        'Poor',
        'Okay',
        'Good',
        'Excellent',
      ]);
      expect(await seriousA11yViolations(page)).toEqual([]);
      const plan = ['Excellent', 'Good', 'Okay', 'Poor', 'Very poor', 'Excellent', 'Excellent'];
      for (let i = 0; i < plan.length; i++) {
        await questionHeading(page, i + 1).waitFor();
        await page.getByRole('radio', { name: plan[i], exact: true }).click();
      }
      await page.getByRole('heading', { name: 'Review your answers' }).waitFor();
      expect(await page.getByTestId('review-rest').innerText()).toContain('Excellent');
      expect(await page.getByTestId('review-goals').innerText()).toContain('Poor');
      await page.getByRole('button', { name: 'Complete check-in' }).click();

      // (0.75·4 + … ) → scores 1, .75, .5, .25, 0, 1, 1 → 64%.
      await page.waitForURL((u) => u.pathname === '/', { timeout: 10_000 });
      await expect.poll(() => overallScore(page).innerText(), { timeout: 10_000 }).toBe('64%');
      expect(await tile(page, 'exercise').innerText()).toContain('75%');
      expect(await tile(page, 'boundaries').innerText()).toContain('0%');
      expect(await page.getByText('Unlock with your first check-in').count()).toBe(0);
      // Both themes pass axe with the scores and colour bands on screen.
      expect(await seriousA11yViolations(page)).toEqual([]);
      await page.evaluate(() => localStorage.setItem('big7_theme', 'light'));
      await page.reload();
      await expect.poll(() => overallScore(page).innerText()).toBe('64%');
      expect(await seriousA11yViolations(page)).toEqual([]);

      // Scores 0..1 stored from the scale.
      const today = await (await page.request.get('/api/checkins/today')).json();
      expect(today.checkIn.answers).toEqual([4, 3, 2, 1, 0, 4, 4]);
      expect(today.checkIn.exerciseScore).toBeCloseTo(0.75);

      await page.getByRole('link', { name: /Personalized Tips/ }).click();
      await page.waitForURL('**/tips');
      await page.getByRole('heading', { name: 'Personalized Tips', level: 1 }).waitFor();
      await expect.poll(() => page.locator('main li').count()).toBe(7);
      // One check-in is early days: the score without a verdict, and how many more check-ins a level needs.
      await page.getByTestId('tips-early').getByText('2 more check-ins to see your level', { exact: false }).waitFor();
      const boundariesTip = page.locator('main li', { hasText: 'Boundaries' });
      expect(await boundariesTip.innerText()).toContain('0%');
      expect(await page.getByText('Critical').count()).toBe(0);
      expect(await seriousA11yViolations(page)).toEqual([]);

      // Update today's check-in without reloading the app: the cached tips follow the new answers.
      await page.getByRole('link', { name: 'Back to Dashboard' }).click();
      await page.waitForURL((u) => u.pathname === '/');
      await page.getByRole('link', { name: 'UPDATE CHECK-IN' }).click();
      await page.waitForURL((u) => u.pathname === '/checkin');
      const edited = plan.map((answer, i) => (i === 4 ? 'Excellent' : answer));
      for (let i = 0; i < edited.length; i++) {
        await questionHeading(page, i + 1).waitFor();
        await page.getByRole('radio', { name: edited[i], exact: true }).click();
      }
      await page.getByRole('heading', { name: 'Review your answers' }).waitFor();
      await page.getByRole('button', { name: 'Update check-in' }).click();
      await page.waitForURL((u) => u.pathname === '/');
      // Scores 1, .75, .5, .25, 1, 1, 1 → 79%.
      await expect.poll(() => overallScore(page).innerText(), { timeout: 10_000 }).toBe('79%');
      await page.getByRole('link', { name: /Personalized Tips/ }).click();
      await page.waitForURL('**/tips');
      await expect.poll(() => boundariesTip.innerText(), { timeout: 5_000 }).toContain('100%');
      expect(await page.getByText('mastered', { exact: false }).count()).toBe(0);
      await page.goto('/category/exercise');
      expect(await page.getByTestId('category-score').innerText()).toBe('75%');
      await page.getByTestId('category-insight').getByText('Early days.').waitFor();
      expect(await seriousA11yViolations(page)).toEqual([]);

      await page.goto('/');
      await page.getByRole('link', { name: /Weekly Insights/ }).click();
      await page.waitForURL('**/trends');
      await page.getByRole('heading', { name: 'Weekly Trends', level: 1 }).waitFor();
      // Only today in the week: no trend is claimed, and the screen says how many more days it needs.
      expect(await page.getByTestId('trend-rest').innerText()).toBe('Not enough days yet');
      await page.getByTestId('trends-early').getByText('Check in 2 more days this week to see a trend.').waitFor();
      await page.getByRole('list', { name: 'Rest, last 7 days' }).waitFor();
      expect(await page.getByRole('list', { name: 'Rest, last 7 days' }).getByRole('listitem').count()).toBe(7);
      expect(await seriousA11yViolations(page)).toEqual([]);
    });
  });

  test('a keyboard-only check-in (Tab, Enter, Space and arrow keys)', async () => {
    await withPage(async (page) => {
      await signedInThroughApi(page.request, e2e.app, { firstName: 'Kai', timezone: EVENING_ZONE });
      await redeem(page, 'OFFERPREMIUM30');
      await page.goto('/');
      await page.getByRole('link', { name: 'FIRST TIME CHECK-IN' }).waitFor();

      // Tab to the check-in button and press Enter.
      let found = false;
      for (let i = 0; i < 40 && !found; i++) {
        await page.keyboard.press('Tab');
        found = await page.evaluate(() => document.activeElement?.textContent?.trim() === 'FIRST TIME CHECK-IN');
      }
      expect(found, 'the check-in button is reachable with Tab').toBe(true);
      await page.keyboard.press('Enter');
      await page.waitForURL('**/checkin');

      // Each question: focus lands on its heading; Tab into the radio group, arrows choose, Enter/Space confirm.
      // Target values 4,3,2,1,0,4,4 as in the mouse journey, reached from "Very poor" with ArrowRight.
      const values = [4, 3, 2, 1, 0, 4, 4];
      for (let i = 0; i < values.length; i++) {
        await expectFocusedHeading(page, new RegExp(`Question ${i + 1} of 7`));
        await page.keyboard.press('Tab');
        expect(await page.evaluate(() => document.activeElement?.getAttribute('role'))).toBe('radio');
        for (let k = 0; k < values[i]!; k++) await page.keyboard.press('ArrowRight');
        if (i === 1) {
          // Arrow keys choose without moving on; ArrowLeft goes back.
          await page.keyboard.press('ArrowRight');
          await page.keyboard.press('ArrowLeft');
          await page.waitForTimeout(400);
          await questionHeading(page, 2).waitFor();
        }
        await page.keyboard.press(i % 2 === 0 ? 'Enter' : 'Space');
      }
      await expectFocusedHeading(page, 'Review your answers');
      // Back to question 7 with the keyboard, then forward again (Tab passes the seven answer rows, each a button
      // that reopens its question, then Complete check-in).
      for (let k = 0; k < 9; k++) await page.keyboard.press('Tab');
      expect(await page.evaluate(() => document.activeElement?.textContent)).toBe('Previous question');
      await page.keyboard.press('Enter');
      await expectFocusedHeading(page, /Question 7 of 7/);
      await page.keyboard.press('Tab');
      expect(await page.evaluate(() => document.activeElement?.getAttribute('aria-checked'))).toBe('true');
      await page.keyboard.press('Space');
      await expectFocusedHeading(page, 'Review your answers');
      for (let k = 0; k < 8; k++) await page.keyboard.press('Tab');
      expect(await page.evaluate(() => document.activeElement?.textContent)).toBe('Complete check-in');
      const recorded = await recordScores(page);
      await page.keyboard.press('Enter');

      await page.waitForURL((u) => u.pathname === '/', { timeout: 10_000 });
      await overallScore(page).waitFor({ state: 'attached' });
      // Motion allowed here: the score counts up to 64% (cubic ease-out over 2 s) once the loading screen is gone.
      // Every value React renders is recorded by a MutationObserver installed before the page loaded, so a
      // slow machine cannot make the test miss the animation.
      await expect.poll(async () => (await recorded()).at(-1), { timeout: 15_000 }).toBe('64%');
      const shown = await recorded();
      const values2 = shown.map((v) => Number.parseInt(v, 10));
      expect(values2.at(-1)).toBe(64);
      expect(values2.some((v) => v > 0 && v < 64), `intermediate values: ${[...new Set(values2)].join(',')}`).toBe(true);
      // It only counts up: never back down once started.
      const from = values2.findIndex((v) => v > 0);
      expect(values2.slice(from).every((v, i, a) => i === 0 || v >= a[i - 1]!), `values: ${values2.join(",")}`).toBe(true);
      expect(await overallScore(page).innerText()).toBe('64%');
      const today = await (await page.request.get('/api/checkins/today')).json();
      expect(today.checkIn.answers).toEqual(values);
    }, { reducedMotion: 'no-preference' });
  });

  test('an ai-coach user journals each answer with NEXT / FINISH and a 280-character counter', async () => {
    await withPage(async (page) => {
      await signedInThroughApi(page.request, e2e.app, { firstName: 'Ada', timezone: EVENING_ZONE });
      await redeem(page, 'OFFERAI30');
      await page.goto('/');
      expect(await page.getByRole('link', { name: /Ask AI Coach/ }).getAttribute('href')).toBe('/ai-coach');
      await page.getByRole('link', { name: 'FIRST TIME CHECK-IN' }).click();
      await questionHeading(page, 1).waitFor();

      const journal = page.getByLabel('Journal (optional)');
      const next = page.getByRole('button', { name: 'NEXT', exact: true });
      expect(await next.isDisabled()).toBe(true);
      await page.getByRole('radio', { name: 'Good', exact: true }).click();
      // No auto-advance in journal mode.
      await page.waitForTimeout(600);
      await questionHeading(page, 1).waitFor();
      await journal.fill('Slept 8 hours');
      await page.getByText('13/280 characters').waitFor();
      await next.click();

      await questionHeading(page, 2).waitFor();
      expect(await journal.inputValue()).toBe('');
      await journal.fill('x'.repeat(300));
      await page.getByText('280/280 characters').waitFor();
      expect((await journal.inputValue()).length).toBe(280);
      await journal.fill('');
      await page.getByRole('radio', { name: 'Okay', exact: true }).click();
      await next.click();
      for (let n = 3; n <= 7; n++) {
        await questionHeading(page, n).waitFor();
        await page.getByRole('radio', { name: 'Excellent', exact: true }).click();
        await page.getByRole('button', { name: n === 7 ? 'FINISH' : 'NEXT', exact: true }).click();
      }
      await page.getByRole('heading', { name: 'Review your answers' }).waitFor();
      expect(await page.getByTestId('review-rest').innerText()).toContain('Slept 8 hours');
      await page.getByRole('button', { name: 'Complete check-in' }).click();
      await page.waitForURL((u) => u.pathname === '/', { timeout: 10_000 });
      // 0.75, 0.5 and five times 1 → 89%.
      await expect.poll(() => overallScore(page).innerText(), { timeout: 10_000 }).toBe('89%');

      const today = await (await page.request.get('/api/checkins/today')).json();
      expect(today.checkIn.answers).toEqual([3, 2, 4, 4, 4, 4, 4]);
      expect(today.journalEntry.restJournal).toBe('Slept 8 hours');
      expect(today.journalEntry.exerciseJournal).toBeNull();
    });
  });

  test('outside the window: the dashboard and /checkin say when it opens; developer mode enables Cancel', async () => {
    await withPage(async (page) => {
      await signedInThroughApi(page.request, e2e.app, { firstName: 'Mo', timezone: MORNING_ZONE });
      await page.goto('/');
      await page.getByRole('heading', { name: /, Mo$/, level: 1 }).waitFor();
      // Orientation: a first check-in is open all day, and the countdown agrees: it counts to the end of the
      // 24-hour first window (not to the official opening, which would contradict the card).
      await page.getByText('First check-in window ends in', { exact: true }).waitFor();
      await page.getByRole('link', { name: 'FIRST TIME CHECK-IN' }).waitFor();

      // Developer mode (server developer tools + the local flag): Cancel leaves without saving.
      await page.evaluate(() => localStorage.setItem('big7_developer_mode', 'true'));
      await page.getByRole('link', { name: 'FIRST TIME CHECK-IN' }).click();
      for (let n = 1; n <= 7; n++) {
        await questionHeading(page, n).waitFor();
        await page.getByRole('button', { name: 'Yes', exact: true }).click();
      }
      await page.getByRole('heading', { name: 'Review your answers' }).waitFor();
      await page.getByRole('button', { name: 'Cancel' }).click();
      await page.waitForURL((u) => u.pathname === '/');
      expect((await (await page.request.get('/api/checkins/history')).json()).count).toBe(0);

      // The first check-in through the orientation window (the official one is closed) lands on the
      // dashboard, even though today's status turns to "closed" as soon as it is saved.
      await page.getByRole('link', { name: 'FIRST TIME CHECK-IN' }).click();
      for (const [i, yes] of [true, false, true, false, true, false, true].entries()) {
        await questionHeading(page, i + 1).waitFor();
        await page.getByRole('button', { name: yes ? 'Yes' : 'No', exact: true }).click();
      }
      await page.getByRole('heading', { name: 'Review your answers' }).waitFor();
      await page.getByRole('button', { name: 'Complete check-in' }).click();
      await page.waitForURL((u) => u.pathname === '/', { timeout: 10_000 });
      expect((await (await page.request.get('/api/checkins/history')).json()).count).toBe(1);
      // Then the window is closed until 8:00 PM local, when today's check-in can be updated.
      await page.goto('/');
      await page.getByTestId('check-in-closed').getByText('Check-in opens at 8:00 PM').waitFor();
      expect(await page.getByTestId('check-in-note').innerText()).toBe('You can update today’s check-in from 8:00 PM.');
      expect(await page.getByText('See you tomorrow', { exact: false }).count()).toBe(0);
      await page.getByText('Until update window opens', { exact: true }).waitFor();
      expect(await page.getByTestId('countdown').innerText()).toMatch(/^\d{1,2}h \d\dm \d\ds$/);
      expect(await page.getByRole('link', { name: /CHECK-IN/ }).count()).toBe(0);
      await expect.poll(() => overallScore(page).innerText()).toBe('57%');

      // Settings: the check-in time can still be changed this morning; the dashboard follows it.
      await page.goto('/settings');
      const time = page.getByLabel('Check-in time');
      expect(await time.isEnabled()).toBe(true);
      await time.selectOption('21:30');
      await expect(page.getByTestId('check-in-time-saved')).toHaveText('Your check-in window now opens at 9:30 PM.'); // said in place, no toast
      await page.goto('/');
      await page.getByTestId('check-in-closed').getByText('Check-in opens at 9:30 PM').waitFor();
      expect(await page.getByTestId('check-in-note').innerText()).toBe('You can update today’s check-in from 9:30 PM.');
      expect((await (await page.request.get('/api/auth/user')).json()).checkInTime).toBe('21:30');

      // Opening /checkin?edit=true explains instead of asking.
      await page.goto('/checkin?edit=true');
      await expectFocusedHeading(page, 'You’ve checked in today');
      await page.getByText('Check-in opens at 9:30 PM').waitFor();
      expect(await page.getByText(/Question 1 of 7/).count()).toBe(0);

      // The server refuses an edit outside the window, and the API error is readable.
      const refused = await page.request.post('/api/checkins', { data: { answers: [true, true, true, true, true, true, true], edit: true } });
      expect(refused.status()).toBeGreaterThanOrEqual(400);
      expect(refused.status()).toBeLessThan(500);
    }, { timezoneId: MORNING_ZONE });
  });

  test('dashboard data refused with 401 or 429: local state cleared, back to / (and no reload loop on 429)', async () => {
    await withPage(async (page) => {
      await signedInThroughApi(page.request, e2e.app, { firstName: 'Lou', timezone: EVENING_ZONE });
      await page.goto('/');
      await page.getByRole('heading', { name: /, Lou$/, level: 1 }).waitFor();
      let loads = 0;
      page.on('load', () => loads++);

      // 429 on the history query.
      await page.evaluate(() => {
        localStorage.setItem('big7_theme', 'light');
        localStorage.setItem('leftover', '1');
        sessionStorage.setItem('leftover', '1');
      });
      await page.route('**/api/checkins/history', (route) =>
        route.fulfill({ status: 429, contentType: 'application/json', body: JSON.stringify({ message: 'Too Many Requests' }) }),
      );
      await page.reload();
      await page.locator('[data-variant]').last().getByText('Too Many Requests', { exact: true }).waitFor();
      expect(await page.evaluate(() => [localStorage.getItem('leftover'), sessionStorage.getItem('leftover'), localStorage.getItem('big7_theme')])).toEqual([
        null,
        null,
        'light',
      ]);
      await page.waitForTimeout(1_500);
      expect(loads, 'no reload loop').toBe(1);
      await page.unroute('**/api/checkins/history');

      // 401 once (the session is gone): everything local goes and the app returns to /.
      await page.evaluate(() => localStorage.setItem('leftover', '1'));
      await page.route(
        '**/api/checkins/history',
        (route) => route.fulfill({ status: 401, contentType: 'application/json', body: JSON.stringify({ message: 'Unauthorized' }) }),
        { times: 1 },
      );
      await page.reload();
      await expect.poll(() => loads, { timeout: 10_000 }).toBeGreaterThanOrEqual(3);
      await page.waitForURL((u) => u.pathname === '/');
      expect(await page.evaluate(() => localStorage.getItem('leftover'))).toBeNull();
      expect(await page.evaluate(() => localStorage.getItem('big7_theme'))).toBe('light');
    });
  });
});
