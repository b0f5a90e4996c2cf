import { expect, test, useApp } from './fixtures';
import type { Page } from '@playwright/test';
import { inBothThemes, seriousA11yViolations } from './helpers/browser';
import { signUpAndSignIn, signUpVerified } from './helpers/users';
import { answerYesNo } from './helpers/check-in';
import { EVENING_ZONE } from './helpers/zones';

/**
 * Journeys of the streak: developer mode (ten taps, typed keyword), a streak set to 29 and a check-in that
 * reaches the 30-day milestone, the reward modal, claim and celebration, the Premium trial banner and its
 * details; the streak journey screen and its monthly calendar by keyboard; coupons and their reuse; a lost
 * streak and the Recover Your Streak prompt (until when, checkout failure, No, Thanks); Streak Protected! (the day
 * covered, shields left); the ledger; leaving developer mode asks first.
 * With the server's clock moved (TEST_CLOCK): every calendar day state made from real days, a shield used by
 * the rollover job for someone who never opens the app, and a real trial that ends after 30 days.
 */
const e2e = useApp({
  // The rollover job runs in the server (every 2 s here and at start-up); its 'rollover tick' lines are logged at info.
  // Developer tools (developer mode, /api/test/*) and the test clock are used throughout.
  env: { LOG_LEVEL: 'info', DEV_TOOLS: 'on', TEST_CLOCK: 'on' },
  start: { jobs: true },
});
const { withPage } = e2e;
// Traces without DOM snapshots here: on a busy machine the snapshots delay what the test sees by ~2 s, more than the
// margin of the reward's 8-second self-close check (actions, network and console are still recorded).
test.use({ trace: { mode: 'retain-on-failure', snapshots: false } });

/** About 21:00 in the person's (and the browser's) zone: the official check-in window stays open after a first check-in. */
const ZONE = EVENING_ZONE;

const toast = (page: Page) => page.locator('[data-variant]').last();
const nav = (page: Page, name: string) => page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name }).click();

async function openSettings(page: Page): Promise<void> {
  await page.goto('/settings');
  await page.getByRole('heading', { name: 'Settings', level: 1 }).waitFor();
}

/**
 * Types the developer-mode keyword outside a text field until the banner shows: the listener comes with a lazily
 * loaded part of the app, so on a busy machine the first letters can arrive before it is there.
 */
async function typeDevModeKeyword(page: Page): Promise<void> {
  const on = (timeout: number) =>
    page.waitForFunction(() => localStorage.getItem('big7_developer_mode') !== null, null, { timeout }).then(() => true, () => false);
  for (let attempt = 0; attempt < 20 && !(await on(1)); attempt++) {
    await page.keyboard.type('devmode');
    if (await on(1_000)) break;
  }
  await page.getByTestId('developer-mode-banner').waitFor();
}

/** Ten quick taps on the version line turn developer mode on. */
async function developerModeByTaps(page: Page): Promise<void> {
  await openSettings(page);
  const version = page.getByRole('button', { name: /Big 7 version/ });
  for (let i = 0; i < 10; i++) await version.click();
  await page.getByTestId('developer-mode-banner').getByText('DEVELOPER MODE').waitFor();
  await page.getByRole('heading', { name: 'Developer Tools' }).waitFor();
}

async function answerAllYes(page: Page): Promise<void> {
  await page.goto('/checkin');
  await answerYesNo(page);
  const response = page.waitForResponse((r) => r.url().endsWith('/api/checkins') && r.request().method() === 'POST');
  await page.getByRole('button', { name: 'Complete check-in' }).click();
  const body = await (await response).text();
  try {
    await page.waitForURL((u) => u.pathname === '/', { timeout: 15_000, waitUntil: 'commit' });
  } catch (err) {
    throw new Error(`no return to the dashboard after the check-in answered ${body}`, { cause: err });
  }
  await page.getByTestId('streak-card').waitFor();
}

test.describe('milestone, reward, trial, streak journey, coupons', () => {
  test('a streak of 29 plus a check-in reaches Dedicated Soul; the reward starts a Premium trial', async () => {
    await withPage(async (page) => {
      await signUpAndSignIn(page, e2e.app, { firstName: 'Mia', timezone: ZONE });
      // Without developer mode there are no tools.
      await openSettings(page);
      expect(await page.getByRole('heading', { name: 'Developer Tools' }).count()).toBe(0);
      await developerModeByTaps(page);

      // Input validation, then a streak of 29 as of yesterday.
      const setStreak = page.getByLabel('Set streak (days)');
      await setStreak.fill('400');
      await page.getByRole('button', { name: 'Set', exact: true }).click();
      await page.getByText('Enter a whole number of days from 0 to 365').waitFor();
      await setStreak.fill('29');
      await page.getByRole('button', { name: 'Set', exact: true }).click();
      await toast(page).getByText('Streak Set', { exact: true }).waitFor();
      const lost = page.getByLabel('Lost streak (days)');
      await lost.fill('0');
      await page.getByRole('button', { name: 'Create', exact: true }).click();
      await page.getByText('Enter a whole number of days from 1 to 365').waitFor();

      // Check in (the orientation window lets a brand-new user check in at any hour): day 30. The moment after it
      // celebrates the milestone first (its number and name large, the confetti inside the dialog: in front of it).
      await answerAllYes(page);
      const moment = page.getByRole('dialog', { name: 'Dedicated Soul' });
      await moment.waitFor();
      expect(await moment.getByTestId('moment-streak').innerText()).toContain('30');
      expect(await moment.getByTestId('confetti').count()).toBe(1);
      await moment.getByRole('button', { name: 'See your reward' }).click();
      await moment.waitFor({ state: 'detached' });

      // The reward comes as the second step, greeting by first name in capitals, and closes itself after 8 s.
      const reward = page.getByRole('dialog', { name: 'CONGRATULATIONS, MIA!' });
      await reward.waitFor({ timeout: 15_000 });
      const openedAt = Date.now();
      await reward.waitFor({ state: 'detached', timeout: 15_000 });
      expect(Date.now() - openedAt).toBeGreaterThan(6_500);
      // Left unclaimed, it is not lost: the streak screen's Milestone Rewards card still claims it.
      await page.getByTestId('streak-card').click();
      await page.getByRole('heading', { name: 'Streak Journey', level: 1 }).waitFor();
      await page.getByTestId('reward-card-premium').click();
      await reward.getByText('Premium includes:').waitFor();
      await reward.getByText('5 freeze days').waitFor();
      await reward.getByRole('button', { name: 'AWESOME!' }).click();
      // Claimed in the same dialog: what the trial includes, no second dialog and no toast over it.
      const claimed = page.getByRole('dialog', { name: 'Reward Claimed!' });
      await claimed.getByText('Personalized wellness tips').waitFor();
      expect(await page.locator('dialog[open]').count()).toBe(1);
      expect(await toast(page).getByText('Reward Claimed!', { exact: true }).count()).toBe(0);
      await claimed.getByRole('button', { name: 'Continue' }).click();
      await claimed.waitFor({ state: 'detached' });
      await expect.poll(() => page.getByTestId('reward-card-premium').count()).toBe(0);
      await page.goto('/');

      // The streak card and the trial banner, whose details modal dates the start 30 days before the end.
      await page.getByTestId('streak-count').getByText('30 Days').waitFor();
      expect(await page.getByTestId('streak-level').innerText()).toBe('Flourishing');
      const banner = page.getByTestId('trial-banner-premium');
      await banner.waitFor();
      expect(await banner.innerText()).toContain('30 days left');
      await banner.click();
      const details = page.getByRole('dialog', { name: 'Premium Trial Details' });
      await details.getByText('Started').waitFor();
      await details.getByRole('button', { name: 'Got it' }).click();
      expect(await page.getByTestId('reward-card-premium').count()).toBe(0);
      // The first check-in cleared local storage (developer mode with it); the keyword brings it back, with the tier badge.
      await page.locator('main h1').first().click();
      await typeDevModeKeyword(page);
      expect(await page.getByTestId('tier-badge').innerText()).toBe('PREMIUM');

      // The streak journey.
      await page.getByTestId('streak-card').click();
      await page.getByRole('heading', { name: 'Streak Journey', level: 1 }).waitFor();
      await page.getByTestId('current-streak').getByText('30 days').waitFor();
      expect(await page.getByTestId('days-to-go').innerText()).toBe('70 days to go');
      expect(await page.getByRole('progressbar', { name: 'Progress to Legendary Warrior' }).getAttribute('aria-valuenow')).toBe('30');
      // Milestone tiles open their details.
      await page.getByRole('button', { name: /Dedicated Soul, 30 days: achieved/ }).click();
      const milestone = page.getByRole('dialog', { name: 'Dedicated Soul' });
      await milestone.getByText(/Achieved/).waitFor();
      await milestone.waitFor();
      await page.keyboard.press('Escape');
      // Premium sees only the 100-day reward.
      await page.getByText('100-day reward').waitFor();
      expect(await page.getByText('30-day reward').count()).toBe(0);
      // Today is completed (gold milestone mark on day 30) in the recent activity.
      const recent = page.getByTestId('recent-activity');
      const todayCell = recent.locator('[data-state="milestone"]');
      await todayCell.waitFor();
      expect(await todayCell.getAttribute('aria-label')).toContain('Milestone reached');

      // The month dialog by keyboard: open, step back a month and forward again, close with Escape.
      const header = page.getByRole('button', { name: /Recent Activity/ });
      await header.focus();
      await page.keyboard.press('Enter');
      const month = page.getByRole('dialog', { name: 'Monthly Activity View' });
      await month.waitFor();
      const thisMonth = await month.getByTestId('calendar-month').innerText();
      await month.getByRole('list', { name: 'Legend' }).getByText('Shield used').waitFor();
      for (const d of ['Sun', 'Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat']) await month.getByText(d, { exact: true }).waitFor();
      await month.getByRole('button', { name: 'Previous month' }).focus();
      await page.keyboard.press('Enter');
      await expect.poll(() => month.getByTestId('calendar-month').innerText()).not.toBe(thisMonth);
      await page.keyboard.press('Tab'); // Next month
      await page.keyboard.press('Enter');
      await expect.poll(() => month.getByTestId('calendar-month').innerText()).toBe(thisMonth);
      expect(await month.locator('[data-state="milestone"]').count()).toBe(1);
      expect(await seriousA11yViolations(page)).toEqual([]);
      // A completed day in the month opens its details on top; Escape returns to the month.
      await month.locator('[data-state="milestone"]').click();
      const fromMonth = page.getByRole('dialog', { name: 'Check-in Details' });
      await fromMonth.getByText('Score: 100%').waitFor();
      await fromMonth.waitFor();
      await page.keyboard.press('Escape');
      await fromMonth.waitFor({ state: 'detached' });
      await month.waitFor();
      await month.getByRole('button', { name: 'Previous month' }).focus();
      await page.keyboard.press('Escape');
      await month.waitFor({ state: 'detached' });
      await expect.poll(() => page.evaluate(() => document.activeElement?.textContent ?? '')).toContain('Recent Activity');

      // Tapping the completed day shows the check-in details (free answers: yes/no).
      await todayCell.click();
      const info = page.getByRole('dialog', { name: 'Check-in Details' });
      await info.getByText('Rest').waitFor();
      expect(await info.getByText('Yes', { exact: true }).count()).toBe(7);
      await info.waitFor();
      await page.keyboard.press('Escape');

      // Protection card and its help, leading to the ledger.
      await page.getByText(/5 shields left/).waitFor();
      await page.getByRole('button', { name: /Streak Protection/ }).click();
      await page.getByRole('dialog', { name: 'How Streak Protection Works' }).getByRole('link', { name: 'View shield usage history' }).click();
      await page.getByRole('heading', { name: 'Shield Usage History', level: 1 }).waitFor();
      await page.getByText('Shields granted by plan').first().waitFor();
      await page.getByText('Developer: streak set to 29').waitFor();
    }, { timezoneId: ZONE });
  });

  test('coupons: Apply needs a code; a code works once; reuse and unknown codes say so', async () => {
    await withPage(async (page) => {
      await signUpAndSignIn(page, e2e.app, { firstName: 'Cole' });
      await nav(page, 'Membership');
      await page.getByRole('heading', { name: 'Membership', level: 1 }).waitFor();
      await page.getByTestId('current-tier').getByText('Free').waitFor();
      const code = page.getByLabel('Coupon code');
      const apply = page.getByRole('button', { name: 'Apply' });
      expect(await apply.isDisabled()).toBe(true);
      await code.fill('   ');
      expect(await apply.isDisabled()).toBe(true);
      await code.fill('NOSUCHCODE');
      await apply.click();
      await toast(page).getByText('Redemption Failed', { exact: true }).waitFor();
      await toast(page).getByText('This coupon code is not valid or has expired', { exact: true }).waitFor();

      await code.fill(' offerai30 ');
      await apply.click();
      await toast(page).getByText('Coupon Applied!', { exact: true }).waitFor();
      await page.getByTestId('current-tier').getByText('AI Coach').waitFor();
      await page.getByText(/Free trial until/).waitFor();

      await code.fill('OFFERAI30');
      await apply.click();
      await toast(page).getByText('You already used this coupon code', { exact: true }).waitFor();

      // The dashboard shows the AI Coach trial banner.
      await nav(page, 'Dashboard');
      await page.getByTestId('trial-banner-ai-coach').waitFor();
    });
  });
});

test.describe('lost streaks, shields and developer mode', () => {
  test('Recover Your Streak: checkout failure, No, Thanks; Streak Protected!; leaving developer mode', async () => {
    await withPage(async (page) => {
      await signUpAndSignIn(page, e2e.app, { firstName: 'Ravi' });
      // Developer mode by typed keyword (outside text fields).
      await openSettings(page);
      await page.locator('main h1').click();
      await typeDevModeKeyword(page);

      await page.getByLabel('Lost streak (days)').fill('10');
      await page.getByRole('button', { name: 'Create', exact: true }).click();
      await toast(page).getByText('Lost Streak Created', { exact: true }).waitFor();

      // Until the payments work lands the checkout call can fail: the dashboard's toast says so.
      await page.route('**/api/stripe/create-checkout-session', (r) => r.fulfill({ status: 500, contentType: 'application/json', body: '{"message":"boom"}' }));
      await nav(page, 'Dashboard');
      const recover = page.getByRole('dialog', { name: 'Recover Your Streak' });
      await recover.getByText(/10-day streak/).waitFor({ timeout: 15_000 });
      // Until when the offer stands (the break plus 7 days), and that No, Thanks is final.
      await recover.getByTestId('recovery-ends').getByText(/^This offer stands until the end of \w+day, /).waitFor();
      await recover.getByTestId('recovery-final').getByText(/is final/).waitFor();
      await recover.getByRole('button', { name: 'Recover for $9.99' }).click();
      await toast(page).getByText('Failed to start payment process.', { exact: true }).waitFor();
      await recover.getByRole('button', { name: 'No, Thanks' }).click();
      await toast(page).getByText('Recovery Declined', { exact: true }).waitFor();
      await toast(page).getByText('You have a fresh start', { exact: true }).waitFor();
      await recover.waitFor({ state: 'detached' });
      const status = await (await page.request.get('/api/streak/recovery-available')).json();
      expect(status.available).toBe(0);

      // A shield protects yesterday: Streak Protected! once, then acknowledged.
      await openSettings(page);
      await page.getByRole('button', { name: 'Simulate Shield Protection' }).click();
      await toast(page).getByText('Shield Protection Simulated', { exact: true }).waitFor();
      await nav(page, 'Dashboard');
      const protectedModal = page.getByRole('dialog', { name: 'Streak Protected!' });
      // The dialog's own text. The simulation's toast from Settings (it said the same) goes as the dialog opens.
      // It says which day the shield covered (yesterday) and how many shields are left.
      const yesterday = await page.evaluate(() => {
        const d = new Date(Date.now() - 86_400_000);
        return d.toLocaleDateString('en-US', { weekday: 'long', month: 'long', day: 'numeric', year: 'numeric' });
      });
      await protectedModal
        .getByRole('paragraph')
        .filter({ hasText: `Your shield covered ${yesterday}, so your streak is safe.` })
        .waitFor({ timeout: 15_000 });
      await protectedModal.getByTestId('shields-left').getByText(/ left$/).waitFor();
      await expect(page.locator('[data-variant]').getByText('Shield Protection Simulated')).toHaveCount(0);
      await protectedModal.getByRole('button', { name: 'OK' }).click();
      await protectedModal.waitFor({ state: 'detached' });
      // Yesterday frozen and no check-in today: the snowflake.
      await expect.poll(() => page.getByTestId('streak-card').getByRole('img', { name: /Frozen/ }).count()).toBe(1);
      await page.reload();
      await page.getByTestId('streak-card').waitFor();
      await page.waitForTimeout(2_000);
      expect(await page.getByRole('dialog', { name: 'Streak Protected!' }).count()).toBe(0);
      expect(await page.getByRole('dialog', { name: 'Recover Your Streak' }).count()).toBe(0);

      // The calendar marks yesterday frozen.
      await page.goto('/streak');
      await page.getByTestId('recent-activity').locator('[data-state="frozen"]').waitFor();

      // The ledger explains every change, newest first.
      await page.goto('/usage-history');
      await page.getByRole('list', { name: 'Streak history' }).locator('li').first().waitFor();
      const reasons = await page.getByRole('list', { name: 'Streak history' }).locator('li').evaluateAll((els) => els.map((e) => e.getAttribute('data-reason')));
      expect(reasons[0]).toBe('developer');
      expect(reasons).toContain('decline');

      // A shield-based recovery on the streak screen, and the shield purchase while checkout is unavailable.
      await openSettings(page);
      await page.getByRole('button', { name: '5 (Premium)' }).click();
      await toast(page).getByText('Freeze Days Reset', { exact: true }).waitFor();
      await page.getByLabel('Lost streak (days)').fill('12');
      await page.getByRole('button', { name: 'Create', exact: true }).click();
      await toast(page).getByText('Lost Streak Created', { exact: true }).waitFor();
      await page.goto('/streak');
      await page.getByTestId('shields-remaining').getByText('5 shields left').waitFor();
      await page.getByRole('button', { name: 'Use a shield to recover your 12-day streak' }).click();
      await toast(page).getByText('Streak Recovered!', { exact: true }).waitFor();
      await toast(page).getByText('Your streak has been restored using a freeze day.', { exact: true }).waitFor();
      await page.getByTestId('current-streak').getByText('12 days').waitFor();
      await page.getByTestId('shields-remaining').getByText('4 shields left').waitFor();
      await page.route('**/api/stripe/create-checkout-session', (r) => r.fulfill({ status: 404, contentType: 'application/json', body: '{"message":"Not Found"}' }));
      await page.getByRole('button', { name: 'BUY 1 SHIELD - $0.99' }).click();
      await toast(page).getByText('Checkout Failed', { exact: true }).waitFor();
      await toast(page).getByText('Failed to create checkout session. Please try again.', { exact: true }).waitFor();

      // Turning developer mode off resets the streak and hides the banner and tools.
      await openSettings(page);
      // It asks first: leaving resets the streak. Staying keeps everything.
      await page.getByRole('button', { name: 'Turn Off Developer Mode' }).click();
      const leave = page.getByRole('dialog', { name: 'Turn off developer mode?' });
      await leave.getByRole('button', { name: 'Stay in developer mode' }).click();
      await leave.waitFor({ state: 'detached' });
      expect(await page.getByTestId('developer-mode-banner').count()).toBe(1);
      await page.getByRole('button', { name: 'Turn Off Developer Mode' }).click();
      await leave.getByRole('button', { name: 'Turn off and reset streak' }).click();
      await page.getByTestId('developer-mode-banner').waitFor({ state: 'detached' });
      expect(await page.getByRole('heading', { name: 'Developer Tools' }).count()).toBe(0);
      await expect.poll(async () => (await (await page.request.get('/api/usage-history'.replace('/api/', '/api/streak/'))).json()).entries[0].description).toBe('Developer: streak reset');
    });
  });
});

test.describe('days made with the server clock', () => {
  // The clock is the server's: put it back to real time for whatever runs next.
  test.afterEach(async () => {
    await e2e.app.setClock({ at: new Date() });
  });

  /** UTC+3 all year: the person's and the browser's zone. */
  const CAL_ZONE = 'Etc/GMT-3';
  /** The instant a local date and time in CAL_ZONE. */
  const atLocal = (date: string, hhmm: string) => new Date(`${date}T${hhmm}:00+03:00`);
  const yes7 = Array.from({ length: 7 }, () => true);
  /** How the calendar names a date ('Thursday, December 10, 2026'). */
  const dayName = (date: string) =>
    new Date(`${date}T00:00:00Z`).toLocaleDateString('en-US', { weekday: 'long', month: 'long', day: 'numeric', year: 'numeric', timeZone: 'UTC' });

  test('the calendar shows every day state of real days; a shield is used by the job for someone who never opens the app', async () => {
    // Next month (in CAL_ZONE), so the server's clock only moves forward: the person signs up on the 10th.
    const local = new Date(Date.now() + 3 * 3600_000);
    const next = new Date(Date.UTC(local.getUTCFullYear(), local.getUTCMonth() + 1, 1));
    const month = next.toISOString().slice(0, 7);
    const day = (n: number) => `${month}-${String(n).padStart(2, '0')}`;
    const lastDay = new Date(Date.UTC(next.getUTCFullYear(), next.getUTCMonth() + 1, 0)).getUTCDate();
    let offset = 0; // server time − real time
    const moveTo = async (date: string, hhmm: string) => {
      const now = await e2e.app.setClock({ at: atLocal(date, hhmm) });
      offset = now.getTime() - Date.now();
    };

    // Jo checks in once on the 8th with one shield, then never opens the app again.
    await moveTo(day(8), '21:00');
    const jo = await e2e.browser.newContext({ baseURL: e2e.app.url });
    try {
      const joWho = await signUpVerified(jo.request, e2e.app, { firstName: 'Jo', timezone: CAL_ZONE });
      expect((await jo.request.post('/api/auth/signin', { data: { email: joWho.email, password: joWho.password } })).status()).toBe(200);
      expect((await jo.request.post('/api/checkins', { data: { answers: yes7 } })).status()).toBe(201);
      expect((await jo.request.post('/api/streak/reset-freeze-days', { data: { freezeDays: 1 } })).status()).toBe(200);

      // The 10th: Jo's 9th has ended without a check-in; the job's next tick (within a minute) uses the shield.
      await moveTo(day(10), '21:00');
      const joDueSince = Date.now();

      await withPage(async (page) => {
        await signUpAndSignIn(page, e2e.app, { firstName: 'Cal', timezone: CAL_ZONE });
        const api = async (path: string, data?: unknown) => {
          const res = await page.request.post(path, { data: data ?? {} });
          expect(res.status(), `${path}: ${await res.text()}`).toBeLessThan(300);
          return res.json();
        };
        // The 10th: a streak of 29 as of yesterday, then a check-in: day 30, the Dedicated Soul milestone.
        await api('/api/test/set-streak', { days: 29 });
        expect((await api('/api/checkins', { answers: yes7 })).celebration).toMatchObject({ milestone: 30, message: '🔥 Dedicated Soul! You reached a 30-day streak.' });
        // The 11th: a check-in (31), and one shield.
        await moveTo(day(11), '21:00');
        await api('/api/checkins', { answers: yes7 });
        await api('/api/streak/reset-freeze-days', { freezeDays: 1 });
        // The 14th: the 12th ended without a check-in (the shield froze it), the 13th too (no shield left: the
        // 31-day streak broke to its 30-day checkpoint). A check-in, a shield, and the lost streak recovered with it.
        await moveTo(day(14), '21:00');
        await api('/api/checkins', { answers: yes7 });
        await api('/api/streak/reset-freeze-days', { freezeDays: 1 });
        expect(await api('/api/streak/recover')).toMatchObject({ currentStreak: 32, freezeDaysRemaining: 0 });
        // The 16th, 10:00: the 15th was missed with no shields; today's window opens at 20:00.
        await moveTo(day(16), '10:00');

        await page.goto('/streak');
        const recent = page.getByTestId('recent-activity');
        const expected: Array<[number, string, string, string]> = [
          [10, 'milestone', 'Milestone reached', '🔥'],
          [11, 'completed', 'Completed', '✓'],
          [12, 'frozen', 'Shield used', '❄️'],
          [13, 'recovered', 'Recovered', '$'],
          [14, 'completed', 'Completed', '✓'],
          [15, 'missed', 'Missed', '✕'],
          [16, 'today-waiting', 'Today: window opens later', ''],
        ];
        const cellIn = (scope: ReturnType<Page['getByTestId']>, n: number) => scope.locator(`[data-date="${day(n)}"]`);
        const expectCell = async (scope: ReturnType<Page['getByTestId']>, n: number, state: string, label: string, mark: string) => {
          const cell = cellIn(scope, n);
          await cell.waitFor();
          expect({ n, state: await cell.getAttribute('data-state'), label: await cell.getAttribute('aria-label') }).toEqual({ n, state, label: `${dayName(day(n))}: ${label}` });
          expect((await cell.innerText()).replace(/\s+/g, ''), `day ${n}`).toBe(`${n}${mark}`);
        };
        await recent.locator('[data-state]').nth(6).waitFor();
        expect(await recent.locator('[data-state]').count()).toBe(7);
        for (const [n, state, label, mark] of expected) await expectCell(recent, n, state, label, mark);

        // The month: before registration (grey) up to the 9th, the same days, then upcoming days (grey).
        await page.getByRole('button', { name: /Recent Activity/ }).click();
        const monthDialog = page.getByRole('dialog', { name: 'Monthly Activity View' });
        const grid = monthDialog.getByTestId('calendar-grid');
        await grid.waitFor();
        expect(await grid.locator('[data-state]').count()).toBe(lastDay);
        for (let n = 1; n <= 9; n++) await expectCell(grid, n, 'before-registration', 'Before you started', '');
        for (const [n, state, label, mark] of expected) await expectCell(grid, n, state, label, mark);
        for (let n = 17; n <= lastDay; n++) await expectCell(grid, n, 'future', 'Upcoming', '');
        const background = (n: number) => cellIn(grid, n).evaluate((el) => getComputedStyle(el).backgroundColor);
        expect(await background(1)).toBe(await background(lastDay)); // both grey
        expect(new Set([await background(1), await background(11), await background(12), await background(13), await background(15), await background(16)]).size).toBe(6);
        await monthDialog.waitFor();
        await page.keyboard.press('Escape');

        // 21:00: the window is open (green outline).
        await moveTo(day(16), '21:00');
        await page.reload();
        await expectCell(recent, 16, 'today-open', 'Today: check-in window open', '');
        expect(await cellIn(recent, 16).evaluate((el) => getComputedStyle(el).borderTopWidth)).toBe('4px');

        // The history counts in words: '31 days · 1 shield', never '1 shields'.
        await page.goto('/usage-history');
        const totals = page.getByTestId('ledger-totals');
        await totals.first().waitFor();
        const all = await totals.allInnerTexts();
        expect(all).toContain('31 days · 1 shield');
        expect(all.filter((t) => /\b1 (days|shields)\b/.test(t))).toEqual([]);
      }, { timezoneId: CAL_ZONE });

      // Jo made no call since the 8th. The job's first tick after Jo's 9th ended used the shield: the entry was
      // written before Jo's first read (a read would settle it too, but at the time of the read).
      const tick = await e2e.app.waitForLog(/"msg":"rollover tick"/, { since: joDueSince, timeoutMs: 75_000 });
      await new Promise((r) => setTimeout(r, Math.max(0, (JSON.parse(tick) as { time: number }).time + 1_500 - Date.now())));
      // A week on, Jo's session has ended: Jo signs in again (signing in settles nothing).
      expect((await jo.request.post('/api/auth/signin', { data: { email: joWho.email, password: joWho.password } })).status()).toBe(200);
      const beforeRead = Date.now() + offset;
      const ledger = (await (await jo.request.get('/api/streak/ledger')).json()) as { entries: Array<{ reason: string; date: string; createdAt: string }> };
      const shieldUsed = ledger.entries.filter((e) => e.reason === 'shield-used');
      expect(shieldUsed.map((e) => e.date)).toEqual([day(9)]);
      expect(Date.parse(shieldUsed[0]!.createdAt), 'written by the job, before the read').toBeLessThan(beforeRead - 1_000);
      expect(Date.parse(shieldUsed[0]!.createdAt), 'written after the 9th ended').toBeGreaterThanOrEqual(atLocal(day(10), '21:00').getTime());
      // With no shield left, the 10th broke the 1-day streak (by the job or by this read: once either way).
      expect(ledger.entries.filter((e) => e.reason === 'break').map((e) => e.date)).toEqual([day(10)]);
      expect(await (await jo.request.get('/api/streak/frozen-days')).json()).toEqual({ frozenDays: [day(9)] });
      expect(await (await jo.request.get('/api/streak')).json()).toMatchObject({ currentStreak: 0, freezeDaysRemaining: 0, freezeDaysUsed: 1 });
    } finally {
      await jo.close();
    }
  });

  test("a real Premium trial ends after 30 days: the modal, a failed dismissal, No, I'm Fine for good, and Yes", async () => {
    await withPage(async (page) => {
      const who = await signUpAndSignIn(page, e2e.app, { firstName: 'Tia' });
      expect((await page.request.post('/api/coupons/redeem', { data: { code: 'OFFERPREMIUM30' } })).status()).toBe(200);
      const trial = await (await page.request.get('/api/subscription')).json();
      expect(trial).toMatchObject({ tier: 'premium', trialJustExpired: null });
      const ends = Date.parse(trial.premiumExpiresAt);
      expect(Math.round((ends - Date.now()) / 86_400_000)).toBe(30);

      // A minute after the end (the app closed meanwhile). The 7-day session has ended too, so Tia signs in again.
      await page.goto('about:blank');
      await e2e.app.setClock({ at: new Date(ends + 60_000) });
      expect((await page.request.get('/api/auth/user')).status()).toBe(401);
      expect((await page.request.post('/api/auth/signin', { data: { email: who.email, password: who.password } })).status()).toBe(200);
      await page.goto('/');
      const modal = page.getByRole('dialog', { name: 'Your Premium Trial Has Ended' });
      await modal.getByText('You are back on the Free tier.', { exact: false }).waitFor();

      // The one stubbed answer: the dismissal fails, the modal still closes. Nothing was recorded, so it returns.
      const failedCalls: string[] = [];
      await page.route('**/api/subscription/dismiss-trial-expiry', (r) => {
        failedCalls.push(r.request().postData() ?? '');
        return r.fulfill({ status: 500, contentType: 'application/json', body: '{"message":"down"}' });
      });
      await modal.getByRole('button', { name: "No, I'm Fine" }).click();
      await modal.waitFor({ state: 'detached' });
      // The modal closes as the dismissal is sent: wait for the stub to have seen it.
      await expect.poll(() => failedCalls).toEqual(['{"trialType":"premium"}']);
      await page.unroute('**/api/subscription/dismiss-trial-expiry');
      await page.reload();
      await modal.waitFor();

      // No, I'm Fine for real: recorded, and the modal does not come back.
      const dismissal = page.waitForResponse((r) => r.url().endsWith('/api/subscription/dismiss-trial-expiry'));
      await modal.getByRole('button', { name: "No, I'm Fine" }).click();
      expect((await dismissal).status()).toBe(200);
      expect((await dismissal).request().postData()).toBe('{"trialType":"premium"}');
      await modal.waitFor({ state: 'detached' });
      expect(await (await page.request.get('/api/subscription')).json()).toMatchObject({ tier: 'free', trialJustExpired: null });
      // The dashboard reads the subscription through GET /api/dashboard (decision 016); other screens through its own endpoint.
      const subscriptionRead = page.waitForResponse((r) => /\/api\/(subscription|dashboard)$/.test(r.url()) && r.status() === 200);
      await page.reload();
      await subscriptionRead;
      await page.getByTestId('streak-card').waitFor();
      await page.waitForTimeout(1_000);
      expect(await modal.count()).toBe(0);

      // Developer tools bring the notice back: Yes, I Want to Upgrade goes to /upgrade.
      expect((await page.request.post('/api/developer/reset-trial-notification')).status()).toBe(200);
      await page.reload();
      await modal.getByRole('button', { name: 'Yes, I Want to Upgrade' }).click();
      await page.waitForURL((u) => u.pathname === '/upgrade');
    });
  });
});

test.describe('accessibility of the streak screens', () => {
  // One visit per screen, both themes on it (switched in place: the theme only changes colours).
  test('streak, history, shields, achievements, membership and developer tools have no serious axe violations (both themes)', async () => {
    await withPage(async (page) => {
      await signUpAndSignIn(page, e2e.app, { firstName: 'Axe' });
      await developerModeByTaps(page);
      const check = (what: string) =>
        inBothThemes(page, async (theme) => {
          expect(await seriousA11yViolations(page), `${what} (${theme})`).toEqual([]);
        });
      await check('/settings');
      const screens: Array<[string, string]> = [
        ['/', 'streak-card'],
        ['/streak', 'recent-activity'],
        ['/usage-history', 'main'],
        ['/shield-protection', 'main'],
        ['/dedicated-soul', 'achievement-status'],
        ['/achievement/dedicated-soul', 'achievement-status'],
        ['/achievement/legendary-warrior', 'achievement-status'],
        ['/upgrade', 'current-tier'],
      ];
      for (const [path, ready] of screens) {
        await page.goto(path);
        await (ready === 'main' ? page.locator('main h1') : page.getByTestId(ready)).first().waitFor();
        await check(path);
      }
    });
  });
});
