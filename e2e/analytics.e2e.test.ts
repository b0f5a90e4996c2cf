import { expect, test, useApp } from './fixtures';
import type { Page } from '@playwright/test';
import { screenshotBothThemes, seriousA11yViolations } from './helpers/browser';
import { E2E_ADMIN_EMAIL } from './helpers/server';
import { signInThroughScreen, signUpAndSignIn, signUpVerified } from './helpers/users';

/**
 * Journey: the admin (ADMIN_EMAILS) opens /analytics, switches the range, refreshes (the spec's toasts, a
 * failure included), and opens /business-dashboard and refreshes it; a user who is not an admin finds both
 * not available. Set SHOTS_DIR to write screenshots of both screens at 360 px and 1280 px in both themes.
 */
// The refresh-failure step stubs an API read with page.route, which a service worker's fetch would bypass.
const e2e = useApp({ context: { serviceWorkers: 'block' } });
const { withPage } = e2e;
const SHOTS_DIR = process.env.SHOTS_DIR;

const toast = (page: Page) => page.locator('[data-variant]').last();

const shoot = (page: Page, name: string) => screenshotBothThemes(page, SHOTS_DIR, name);

test.describe('owner analytics', () => {
  // In order: the admin signed up at 360 px signs in again at 1280 px (a failure replaces the worker and its server).
  test.describe.configure({ mode: 'serial' });
  test('a user who is not an admin finds both screens not available', async () => {
    await withPage(async (page) => {
      await signUpAndSignIn(page, e2e.app, { firstName: 'Nadia' });
      await page.goto('/analytics');
      await page.getByRole('heading', { name: 'Business analytics not available' }).waitFor();
      await page.goto('/business-dashboard');
      await page.getByRole('heading', { name: 'Business dashboard not available' }).waitFor();
      expect((await page.request.get('/api/admin/business-metrics')).status()).toBe(403);
      expect((await page.request.get('/api/analytics/business-metrics?timeRange=7d')).status()).toBe(403);
    }, { width: 360 });
  });

  for (const width of [360, 1280]) {
    test(`the admin reads, switches range and refreshes at ${width} px`, async () => {
      await withPage(async (page) => {
        if (width === 360) await signUpVerified(page.request, e2e.app, { firstName: 'Olive', email: E2E_ADMIN_EMAIL });
        await signInThroughScreen(page, E2E_ADMIN_EMAIL);

        await page.goto('/analytics');
        await page.getByRole('heading', { name: 'Business Analytics', level: 1 }).waitFor();
        for (const card of ['Active Users', 'Target Audience', 'Revenue Analytics', 'Subscription Analytics', 'Registration Methods', 'Engagement', 'Business Projections', 'Growth Strategy']) {
          await page.getByRole('heading', { name: card, level: 2 }).waitFor();
        }
        // the charts carry their data as tables (the admin signed up by e-mail)
        await page.getByRole('table', { name: 'Accounts by sign-up method' }).getByRole('row', { name: /^Email [1-9]/ }).waitFor();
        const range = page.getByRole('group', { name: 'Time range' });
        const quarter = `Q${Math.floor(new Date().getMonth() / 3) + 1}`;
        expect((await range.getByRole('button').allInnerTexts()).map((t) => t.split('\n')[0])).toEqual(['7D', '30D', quarter, 'All']);
        expect(await range.getByRole('button', { name: /^30D/ }).getAttribute('aria-pressed')).toBe('true');
        const asked = page.waitForRequest((r) => r.url().includes('/api/analytics/business-metrics?timeRange=90d'));
        await range.getByRole('button', { name: new RegExp(`^${quarter}`) }).click();
        await asked;
        await expect.poll(() => range.getByRole('button', { name: new RegExp(`^${quarter}`) }).getAttribute('aria-pressed')).toBe('true');
        await range.getByRole('button', { name: /^All/ }).click();
        await expect.poll(() => range.getByRole('button', { name: /^All/ }).getAttribute('aria-pressed')).toBe('true');
        await range.getByRole('button', { name: /^30D/ }).click();

        await page.getByRole('button', { name: 'Refresh', exact: true }).click();
        await toast(page).getByText('Analytics Refreshed', { exact: true }).waitFor();
        await toast(page).getByText('Latest business metrics have been loaded successfully').waitFor();
        if (width === 360) {
          await page.route('**/api/analytics/business-metrics*', (route) => route.fulfill({ status: 500, json: { message: 'boom' } }));
          await page.getByRole('button', { name: 'Refresh', exact: true }).click();
          await toast(page).getByText('Refresh Failed', { exact: true }).waitFor();
          await toast(page).getByText('Failed to refresh analytics. Please try again.').waitFor();
          // the figures already shown stay
          await page.getByRole('heading', { name: 'Growth Strategy', level: 2 }).waitFor();
          await page.unroute('**/api/analytics/business-metrics*');
          expect(await seriousA11yViolations(page)).toEqual([]);
        }
        await page.locator('[data-variant]').evaluateAll((els) => els.forEach((e) => e.remove()));
        await shoot(page, `analytics-${width}`);

        await page.goto('/business-dashboard');
        await page.getByRole('heading', { name: 'Business Dashboard', level: 1 }).waitFor();
        for (const card of ['System Health', 'Registration Methods', 'Scaling Readiness toward 2M', 'Subscription Tiers', 'Engagement', 'Active Users', 'Revenue Analytics']) {
          await page.getByRole('heading', { name: card, level: 2 }).waitFor();
        }
        await page.getByText('healthy', { exact: true }).waitFor();
        expect(await page.getByRole('progressbar').count()).toBe(6);
        await page.getByText(/of 2M subscribers/).waitFor();
        // the refresh spinner turns for at least a second
        // Timed in the page, from before the click: on a busy machine the test sees the spinner late, or not at all.
        const spinMs = page.evaluate(
          () =>
            new Promise<number>((resolve) => {
              let since = 0;
              const tick = () => {
                const busy = document.querySelector('button[aria-label="Refreshing"]') !== null;
                if (busy && !since) since = performance.now();
                if (!busy && since) return resolve(performance.now() - since);
                requestAnimationFrame(tick);
              };
              tick();
            }),
        );
        await page.getByRole('button', { name: 'Refresh', exact: true }).click();
        await expect(page.getByRole('button', { name: 'Refresh', exact: true })).toBeVisible();
        expect(await spinMs).toBeGreaterThan(700);
        if (width === 360) expect(await seriousA11yViolations(page)).toEqual([]);
        await shoot(page, `business-dashboard-${width}`);
      }, { width });
    });
  }
});
