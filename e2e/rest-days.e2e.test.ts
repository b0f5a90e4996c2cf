import { expect, test, useApp } from './fixtures';
import { addLocalDays } from '@shared/domain/dates';
import { SCREENSHOTS_DIR, screenshotBothThemes, seriousA11yViolations } from './helpers/browser';
import { signUpAndSignIn } from './helpers/users';
import { EVENING_ZONE } from './helpers/zones';

/** Issue 28: plan a rest day on /streak, see it in the calendar and the allowance, cancel it. */
const e2e = useApp({ context: { timezoneId: EVENING_ZONE } });
const { withPage } = e2e;

test.describe('rest days', () => {
  test('plan a rest day, see it in the calendar and the allowance, cancel it', async () => {
    await withPage(async (page) => {
      await signUpAndSignIn(page, e2e.app, { firstName: 'Ravi', timezone: EVENING_ZONE });
      await page.goto('/streak');
      const card = page.getByTestId('rest-days-card');
      await card.waitFor();
      await expect.poll(() => card.getByTestId('rest-days-remaining').innerText()).toBe('14 rest days left this year');
      const { today } = (await (await page.request.get('/api/streak')).json()) as { today: string };

      // Today cannot be chosen, and the picker says why.
      const picker = card.getByLabel('Plan rest days');
      await picker.fill(today);
      await card.getByRole('alert').getByText('Rest days are planned ahead: pick a date after today.').waitFor();
      expect(await card.getByRole('button', { name: 'Plan rest day' }).isDisabled()).toBe(true);

      const date = addLocalDays(today, 2);
      await picker.fill(date);
      expect(await card.getByRole('alert').count()).toBe(0);
      await card.getByRole('button', { name: 'Plan rest day' }).click();
      await card.locator(`[data-testid="planned-rest-day"][data-date="${date}"]`).waitFor();
      await expect.poll(() => card.getByTestId('rest-days-remaining').innerText()).toBe(
        date.slice(0, 4) === today.slice(0, 4) ? '13 rest days left this year' : '14 rest days left this year',
      );
      expect(await seriousA11yViolations(page)).toEqual([]);
      await page.setViewportSize({ width: 360, height: 800 });
      await card.scrollIntoViewIfNeeded();
      await screenshotBothThemes(page, SCREENSHOTS_DIR, 'rest-days-360');

      // The month calendar shows it as a rest day, with its legend entry.
      await page.getByRole('button', { name: /Recent Activity/ }).click();
      const month = page.getByRole('dialog', { name: 'Monthly Activity View' });
      await month.waitFor();
      if (date.slice(0, 7) !== today.slice(0, 7)) await month.getByRole('button', { name: 'Next month' }).click();
      const cell = month.getByTestId('calendar-grid').locator(`[data-date="${date}"]`);
      await cell.waitFor();
      await expect.poll(() => cell.getAttribute('data-state')).toBe('rest');
      expect(await cell.getAttribute('aria-label')).toContain('Rest day');
      await month.getByRole('list', { name: 'Legend' }).getByText('Rest day').waitFor();
      await screenshotBothThemes(page, SCREENSHOTS_DIR, 'rest-days-calendar-360');
      await page.keyboard.press('Escape');

      await page.setViewportSize({ width: 1280, height: 900 });
      await card.scrollIntoViewIfNeeded();
      await screenshotBothThemes(page, SCREENSHOTS_DIR, 'rest-days-1280');

      // Cancel it: gone from the list and the allowance is back.
      await card.getByRole('button', { name: /Cancel the rest day/ }).click();
      await expect.poll(() => card.locator('[data-testid="planned-rest-day"]').count()).toBe(0);
      await expect.poll(() => card.getByTestId('rest-days-remaining').innerText()).toBe('14 rest days left this year');
      const after = (await (await page.request.get('/api/streak/rest-days')).json()) as { restDays: string[] };
      expect(after.restDays).toEqual([]);
    });
  });
});
