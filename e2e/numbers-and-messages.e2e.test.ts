import { expect, test, useApp } from './fixtures';
import type { Locator, Page } from '@playwright/test';
import { postOk, signedInThroughApi } from './helpers/users';

/**
 * Issue 30, "Numbers and words that agree" and "Messages that help": an area's all-time figure is the same number on
 * the dashboard, the category page and Tips, and each says its period; at 360 px no toast covers the primary button
 * of the screen it is on.
 */
const e2e = useApp({ context: { width: 360, height: 640, theme: 'dark' } });
const { withPage } = e2e;

const toast = (page: Page) => page.locator('[data-variant]').last();

/** A local date `n` days before today (the browser's and the person's zone: Europe/London). */
const daysAgo = (n: number) => new Date(Date.now() - n * 86_400_000).toISOString().slice(0, 10);

/** Whether two elements' boxes overlap (both must be on screen). */
async function overlap(a: Locator, b: Locator): Promise<boolean> {
  const [x, y] = await Promise.all([a.boundingBox(), b.boundingBox()]);
  expect(x, 'first box').not.toBeNull();
  expect(y, 'second box').not.toBeNull();
  const w = Math.min(x!.x + x!.width, y!.x + y!.width) - Math.max(x!.x, y!.x);
  const h = Math.min(x!.y + x!.height, y!.y + y!.height) - Math.max(x!.y, y!.y);
  return w > 0.5 && h > 0.5;
}

test.describe('numbers that agree', () => {
  test("Rest's all-time figure is the same on the dashboard, the category page and Tips, and says its period", async () => {
    await withPage(async (page) => {
      await signedInThroughApi(page.request, e2e.app, { firstName: 'Nia' });
      await postOk(page, '/api/coupons/redeem', { code: 'OFFERPREMIUM30' });
      // Ten past days: Rest fully on the oldest three, not at all on the latest seven. All time: 30%; the latest
      // seven alone (what Tips used to read) would be 0%.
      const checkIns = Array.from({ length: 10 }, (_, i) => {
        const rest = i < 3 ? 1 : 0;
        return {
          date: daysAgo(20 - i),
          restScore: rest,
          exerciseScore: 0.5,
          nutritionScore: 0.5,
          goalsScore: 0.5,
          boundariesScore: 0.5,
          connectionScore: 0.5,
          joyScore: 0.5,
          answers: [rest * 4, 2, 2, 2, 2, 2, 2],
          subscriptionTierAtCheckIn: 'premium',
          timezone: 'Europe/London',
        };
      });
      expect(await postOk(page, '/api/user/import', { exportVersion: 2, checkIns })).toMatchObject({ imported: 10 });

      await page.goto('/');
      const tile = page.getByTestId('tile-rest');
      await expect.poll(() => tile.innerText()).toContain('30%');
      await page.getByRole('heading', { name: /Your seven areas/ }).getByText('all time').waitFor();

      await tile.click();
      await page.waitForURL((u) => u.pathname === '/category/rest');
      await expect.poll(() => page.getByTestId('category-score').innerText()).toBe('30%');
      expect(await page.getByTestId('category-period').innerText()).toMatch(/^All time/);

      await page.goto('/tips');
      const tip = page.getByTestId('tip-score-rest');
      await tip.waitFor();
      expect(await tip.innerText()).toMatch(/^30%/);
      expect(await tip.innerText()).toContain('all time');
    });
  });
});

test.describe('messages that help', () => {
  test('at 360 px no toast covers the primary button of its screen', async () => {
    await withPage(async (page) => {
      await signedInThroughApi(page.request, e2e.app, { firstName: 'Oli' });

      // The streak screen: a failed shield checkout says so in a toast, clear of BUY 1 SHIELD.
      await page.route('**/api/stripe/create-checkout-session', (r) => r.fulfill({ status: 500, contentType: 'application/json', body: '{"message":"boom"}' }));
      await page.goto('/streak');
      const buy = page.getByRole('button', { name: 'BUY 1 SHIELD - $0.99' });
      await buy.scrollIntoViewIfNeeded();
      await buy.click();
      await toast(page).getByText('Checkout Failed', { exact: true }).waitFor();
      await buy.scrollIntoViewIfNeeded();
      expect(await overlap(toast(page), buy), 'toast over BUY 1 SHIELD').toBe(false);

      // Membership: an unknown coupon says so in a toast, clear of Apply.
      await page.goto('/upgrade');
      await page.getByPlaceholder('Enter code').fill('NOSUCHCODE');
      const apply = page.getByRole('button', { name: 'Apply' });
      await apply.click();
      await toast(page).waitFor();
      expect(await overlap(toast(page), apply), 'toast over Apply').toBe(false);
    });
  });
});
