import { expect, test, useApp } from './fixtures';
import { addLocalDays } from '@shared/domain/dates';
import { SCREENSHOTS_DIR, screenshotBothThemes, seriousA11yViolations } from './helpers/browser';
import { SOME_YES_ANSWERS, postOk, signUpAndSignIn } from './helpers/users';
import { layoutProblems } from './helpers/layout';
import { EVENING_ZONE } from './helpers/zones';

/** Issue 29: the year in pixels — checked-in days coloured by score, an area switcher, a day's Check-in Details. */
const e2e = useApp({ context: { timezoneId: EVENING_ZONE } });
const { withPage } = e2e;

/** An export file's check-in: every area `all`, except exercise. */
const exported = (date: string, all: number, exercise: number) => ({
  date,
  restScore: all,
  exerciseScore: exercise,
  nutritionScore: all,
  goalsScore: all,
  boundariesScore: all,
  connectionScore: all,
  joyScore: all,
  answers: [all === 1, exercise === 1, all === 1, all === 1, all === 1, all === 1, all === 1],
  subscriptionTierAtCheckIn: 'free',
  timezone: EVENING_ZONE,
});

test.describe('a year in pixels', () => {
  test('checked-in days in their colours, another area, a day’s details', async () => {
    await withPage(async (page) => {
      await signUpAndSignIn(page, e2e.app, { firstName: 'Yara', timezone: EVENING_ZONE });
      await postOk(page, '/api/checkins', { answers: SOME_YES_ANSWERS });
      const { localDate: today } = (await (await page.request.get('/api/checkins/today')).json()) as { localDate: string };
      // Two imported days (history): a perfect one, and one with every area but exercise.
      const perfect = addLocalDays(today, -10);
      const noExercise = addLocalDays(today, -11);
      const result = (await postOk(page, '/api/user/import', {
        exportVersion: 2,
        checkIns: [exported(perfect, 1, 1), exported(noExercise, 1, 0)],
      })) as { imported: number };
      expect(result.imported).toBe(2);

      // From Weekly Trends to the year.
      await page.setViewportSize({ width: 360, height: 800 });
      await page.goto('/trends');
      await page.getByRole('link', { name: /A year in pixels/ }).click();
      await page.waitForURL('**/insights/year');
      const grid = page.getByTestId('year-grid');
      await grid.waitFor();
      if (perfect.slice(0, 4) !== today.slice(0, 4)) await page.getByLabel('Year').selectOption(perfect.slice(0, 4));

      const day = (date: string) => grid.locator(`[data-date="${date}"]`);
      await expect.poll(() => day(perfect).getAttribute('data-state')).toBe('checked-in');
      expect(await day(perfect).getAttribute('aria-label')).toMatch(/: checked in, 100%$/);
      expect(await day(perfect).getAttribute('class')).toContain('bg-teal-600');
      expect(await day(noExercise).getAttribute('aria-label')).toMatch(/: checked in, 86%$/);
      expect(await day(noExercise).getAttribute('class')).toContain('bg-green-600');
      if (today.slice(0, 4) === perfect.slice(0, 4)) {
        expect(await day(today).getAttribute('aria-label')).toMatch(/: checked in, 71%$/);
        await expect.poll(() => page.getByTestId('year-average').innerText()).toMatch(/Average: 86%\s+over 3 check-ins/);
      }
      expect(await grid.locator('[data-state="checked-in"]').count()).toBeGreaterThanOrEqual(2);
      expect(await layoutProblems(page)).toEqual([]);
      expect(await seriousA11yViolations(page)).toEqual([]);
      await screenshotBothThemes(page, SCREENSHOTS_DIR, 'year-in-pixels-360');

      // Another area: exercise was 0 on that day, so the day turns red.
      await page.getByLabel('Area').selectOption('exercise');
      await page.waitForURL('**/insights/year?*area=exercise*');
      await expect.poll(() => day(noExercise).getAttribute('aria-label')).toMatch(/: checked in, 0%$/);
      expect(await day(noExercise).getAttribute('class')).toContain('bg-red-600');
      expect(await day(perfect).getAttribute('aria-label')).toMatch(/: checked in, 100%$/);

      // A tap opens the day's Check-in Details; Escape closes them.
      await day(perfect).click();
      const details = page.getByRole('dialog', { name: 'Check-in Details' });
      await details.waitFor();
      await details.getByText('Score: 100%').waitFor();
      await page.keyboard.press('Escape');
      await details.waitFor({ state: 'detached' });

      // By keyboard: from the perfect day, ← goes to the day before, and Enter opens it.
      await day(perfect).focus();
      await page.keyboard.press('ArrowLeft');
      await expect.poll(() => page.evaluate(() => document.activeElement?.getAttribute('data-date'))).toBe(noExercise);
      await page.keyboard.press('Enter');
      await details.getByText('Score: 86%').waitFor();
      await page.keyboard.press('Escape');
      await details.waitFor({ state: 'detached' });

      await page.setViewportSize({ width: 1280, height: 900 });
      await grid.waitFor();
      expect(await layoutProblems(page)).toEqual([]);
      await screenshotBothThemes(page, SCREENSHOTS_DIR, 'year-in-pixels-1280');

      // A year before the account says so, and the year switcher leads back.
      await page.goto('/insights/year?year=2019');
      await page.getByRole('alert').getByText(/Your history starts in \d{4}/).waitFor();
      await page.getByLabel('Year').selectOption(today.slice(0, 4));
      await grid.waitFor();
    });
  });
});
