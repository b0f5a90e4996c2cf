import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { launchBrowser, newMobileContext, seriousA11yViolations, watchPageErrors } from './helpers/browser';
import { startApp, type RunningApp } from './helpers/server';
import { signUpAndSignIn } from './helpers/users';

/**
 * Journeys of the streak: developer mode (ten taps, typed keyword), a streak set to 29 and a check-in that
 * reaches the 30-day milestone, the reward modal, claim and celebration, the Premium trial banner and its
 * details; the streak journey screen and its monthly calendar by keyboard; coupons and their reuse; a lost
 * streak and the Recover Your Streak prompt (checkout failure, No, Thanks); Streak Protected!; the ledger.
 */
let app: RunningApp;
let browser: Browser;

beforeAll(async () => {
  app = await startApp();
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
  await app?.stop();
});

/**
 * An Etc/GMT zone where it is about 21:00 now, so the official check-in window stays open after the first
 * check-in (as in the check-in journeys). The person and the browser use the same zone.
 */
function eveningZone(now = new Date()): string {
  let offset = 21 - now.getUTCHours();
  if (offset > 12) offset -= 24;
  if (offset < -12) offset += 24;
  if (offset === 0) return 'Etc/GMT';
  return offset > 0 ? `Etc/GMT-${offset}` : `Etc/GMT+${-offset}`;
}
const ZONE = eveningZone();

async function withPage<T>(fn: (page: Page, context: BrowserContext) => Promise<T>, timezone?: string): Promise<T> {
  const context = timezone
    ? await browser.newContext({
        baseURL: app.url,
        viewport: { width: 390, height: 844 },
        deviceScaleFactor: 1,
        hasTouch: true,
        reducedMotion: 'reduce',
        timezoneId: timezone,
        locale: 'en-GB',
      })
    : await newMobileContext(browser, app.url);
  context.setDefaultTimeout(15_000);
  const page = await context.newPage();
  const errors = watchPageErrors(page);
  const consoleLines: string[] = [];
  page.on('console', (m) => consoleLines.push(`${m.type()}: ${m.text()} ${m.location().url}`));
  const pending = new Map<unknown, string>();
  page.on('request', (r) => pending.set(r, `${r.method()} ${r.url()} @${new Date().toISOString()}`));
  page.on('requestfinished', (r) => pending.delete(r));
  page.on('requestfailed', (r) => pending.delete(r));
  try {
    const out = await fn(page, context);
    expect(errors, 'uncaught page errors').toEqual([]);
    return out;
  } catch (err) {
    await page.screenshot({ path: `/tmp/streak-e2e-failure-${Date.now()}.png` }).catch(() => undefined);
    const toasts = await page.locator('[data-variant]').allInnerTexts().catch(() => []);
    const health = await fetch(`${app.url}/api/auth/user`, { signal: AbortSignal.timeout(3_000) }).then((r) => r.status, (e: Error) => e.message);
    throw new Error(`${(err as Error).message}\n--- toasts: ${toasts.join(' | ')} --- url ${page.url()} --- server answers: ${health}\n--- pending requests: ${[...pending.values()].join(' | ')}\n--- page errors: ${errors.join(' | ')}\n--- console: ${consoleLines.slice(-15).join('\n')}\n--- server output ---\n${app.logs().slice(-3000)}`, { cause: err });
  } finally {
    await context.close();
  }
}

const toast = (page: Page) => page.locator('[data-variant]').last();
const nav = (page: Page, name: string) => page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name }).click();

async function openSettings(page: Page): Promise<void> {
  await page.goto('/settings');
  await page.getByRole('heading', { name: 'Settings', level: 1 }).waitFor();
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
  for (let i = 1; i <= 7; i++) {
    await page.getByRole('heading', { name: new RegExp(`Question ${i} of 7`) }).or(page.getByText(`Question ${i} of 7`)).first().waitFor();
    await page.getByRole('button', { name: 'Yes', exact: true }).click();
  }
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

describe('milestone, reward, trial, streak journey, coupons', () => {
  test('a streak of 29 plus a check-in reaches Dedicated Soul; the reward starts a Premium trial', async () => {
    await withPage(async (page) => {
      await signUpAndSignIn(page, app, { firstName: 'Mia', timezone: ZONE });
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

      // Check in (the orientation window lets a brand-new user check in at any hour): day 30.
      await answerAllYes(page);

      // The reward modal opens by itself, greeting by first name in capitals, and closes itself after 8 s;
      // the claim card stays and opens it again.
      const reward = page.getByRole('dialog', { name: 'CONGRATULATIONS, MIA!' });
      await reward.waitFor({ timeout: 15_000 });
      const openedAt = Date.now();
      await reward.waitFor({ state: 'detached', timeout: 15_000 });
      expect(Date.now() - openedAt).toBeGreaterThan(6_500);
      await page.getByTestId('reward-card-premium').click();
      await reward.getByText('Premium includes:').waitFor();
      await reward.getByText('5 freeze days').waitFor();
      await reward.getByRole('button', { name: 'AWESOME!' }).click();
      await toast(page).getByText('Reward Claimed!', { exact: true }).waitFor();
      const celebration = page.getByRole('dialog', { name: 'Congratulations!' });
      await celebration.getByText('Dedicated Soul · 30 days').waitFor();
      // The features appear after 1.5 s.
      await celebration.getByText('Personalized wellness tips').waitFor({ timeout: 5_000 });
      await celebration.getByRole('button', { name: 'Continue' }).click();
      await celebration.waitFor({ state: 'detached' });

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
      await page.keyboard.type('devmode');
      expect(await page.getByTestId('tier-badge').innerText()).toBe('PREMIUM');

      // The streak journey.
      await page.getByTestId('streak-card').click();
      await page.getByRole('heading', { name: 'Streak Journey', level: 1 }).waitFor();
      await page.getByTestId('current-streak').getByText('30 days').waitFor();
      expect(await page.getByTestId('days-to-go').innerText()).toBe('70 days to go');
      expect(await page.getByRole('progressbar', { name: 'Progress to Legendary Warrior' }).getAttribute('aria-valuenow')).toBe('30');
      // Milestone tiles open their details.
      await page.getByRole('button', { name: /Dedicated Soul, 30 days: achieved/ }).click();
      await page.getByRole('dialog', { name: 'Dedicated Soul' }).getByText(/Achieved/).waitFor();
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
      await page.keyboard.press('Escape');
      await fromMonth.waitFor({ state: 'detached' });
      await month.waitFor();
      await month.getByRole('button', { name: 'Previous month' }).focus();
      await page.keyboard.press('Escape');
      await month.waitFor({ state: 'detached' });
      expect(await page.evaluate(() => document.activeElement?.textContent ?? '')).toContain('Recent Activity');

      // Tapping the completed day shows the check-in details (free answers: yes/no).
      await todayCell.click();
      const info = page.getByRole('dialog', { name: 'Check-in Details' });
      await info.getByText('Rest').waitFor();
      expect(await info.getByText('Yes', { exact: true }).count()).toBe(7);
      await page.keyboard.press('Escape');

      // Protection card and its help, leading to the ledger.
      await page.getByText(/5 shields left/).waitFor();
      await page.getByRole('button', { name: /Streak Protection/ }).click();
      await page.getByRole('dialog', { name: 'How Streak Protection Works' }).getByRole('link', { name: 'View shield usage history' }).click();
      await page.getByRole('heading', { name: 'Shield Usage History', level: 1 }).waitFor();
      await page.getByText('Shields granted by plan').first().waitFor();
      await page.getByText('Developer: streak set to 29').waitFor();
    }, ZONE);
  });

  test('coupons: Apply needs a code; a code works once; reuse and unknown codes say so', async () => {
    await withPage(async (page) => {
      await signUpAndSignIn(page, app, { firstName: 'Cole' });
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

describe('lost streaks, shields and developer mode', () => {
  test('Recover Your Streak: checkout failure, No, Thanks; Streak Protected!; leaving developer mode', async () => {
    await withPage(async (page) => {
      await signUpAndSignIn(page, app, { firstName: 'Ravi' });
      // Developer mode by typed keyword (outside text fields).
      await openSettings(page);
      await page.locator('main h1').click();
      await page.keyboard.type('devmode');
      await page.getByTestId('developer-mode-banner').waitFor();

      await page.getByLabel('Lost streak (days)').fill('10');
      await page.getByRole('button', { name: 'Create', exact: true }).click();
      await toast(page).getByText('Lost Streak Created', { exact: true }).waitFor();

      // Until the payments work lands the checkout call can fail: the dashboard's toast says so.
      await page.route('**/api/stripe/create-checkout-session', (r) => r.fulfill({ status: 500, contentType: 'application/json', body: '{"message":"boom"}' }));
      await nav(page, 'Dashboard');
      const recover = page.getByRole('dialog', { name: 'Recover Your Streak' });
      await recover.getByText(/10-day streak/).waitFor({ timeout: 15_000 });
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
      await protectedModal.getByText('You have used one freeze day, so your streak is safe.').waitFor({ timeout: 15_000 });
      await protectedModal.getByRole('button', { name: 'OK' }).click();
      await protectedModal.waitFor({ state: 'detached' });
      // Yesterday frozen and no check-in today: the snowflake.
      expect(await page.getByTestId('streak-card').getByRole('img', { name: /Frozen/ }).count()).toBe(1);
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
      await page.getByRole('button', { name: 'Turn Off Developer Mode' }).click();
      await page.getByTestId('developer-mode-banner').waitFor({ state: 'detached' });
      expect(await page.getByRole('heading', { name: 'Developer Tools' }).count()).toBe(0);
      await expect.poll(async () => (await (await page.request.get('/api/usage-history'.replace('/api/', '/api/streak/'))).json()).entries[0].description).toBe('Developer: streak reset');
    });
  });
});

describe('trial expiry', () => {
  test("the trial-expiry modal: No, I'm Fine closes it even when the server call fails; Yes goes to /upgrade", async () => {
    await withPage(async (page) => {
      await signUpAndSignIn(page, app, { firstName: 'Tia' });
      // An injected answer stands for a server whose AI Coach trial just ended (back on Premium).
      const expired = { tier: 'premium', premiumExpiresAt: null, aiCoachExpiresAt: null, trialJustExpired: 'ai-coach', previousTier: 'premium' };
      await page.route('**/api/subscription', (r) => r.fulfill({ status: 200, contentType: 'application/json', body: JSON.stringify(expired) }));
      const dismissals: string[] = [];
      await page.route('**/api/subscription/dismiss-trial-expiry', (r) => {
        dismissals.push(r.request().postData() ?? '');
        return r.fulfill({ status: 500, contentType: 'application/json', body: '{"message":"down"}' });
      });
      await page.reload();
      const modal = page.getByRole('dialog', { name: 'Your AI Coach Trial Has Ended' });
      await modal.getByText(/back on the Premium tier/).waitFor();
      await modal.getByRole('button', { name: "No, I'm Fine" }).click();
      await modal.waitFor({ state: 'detached' });
      expect(dismissals).toEqual(['{"trialType":"ai-coach"}']);

      await page.reload();
      await modal.getByRole('button', { name: 'Yes, I Want to Upgrade' }).click();
      await page.waitForURL((u) => u.pathname === '/upgrade');
      expect(dismissals.length).toBe(2);
    });
  });
});

describe('accessibility of the streak screens', () => {
  for (const theme of ['dark', 'light'] as const) {
    test(`streak, history, shields, achievements, membership and developer tools have no serious axe violations (${theme})`, async () => {
      await withPage(async (page) => {
        await signUpAndSignIn(page, app, { firstName: 'Axe' });
        await page.evaluate((t) => localStorage.setItem('big7_theme', t), theme);
        await developerModeByTaps(page);
        expect(await seriousA11yViolations(page), `/settings (${theme})`).toEqual([]);
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
          await page.waitForTimeout(300);
          expect(await seriousA11yViolations(page), `${path} (${theme})`).toEqual([]);
        }
      });
    });
  }
});
