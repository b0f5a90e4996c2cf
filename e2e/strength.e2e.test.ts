import { expect, test, useApp } from './fixtures';
import { addLocalDays } from '@shared/domain/dates';
import type { StrengthResponse } from '@shared/schemas/insights';
import { SCREENSHOTS_DIR, screenshotBothThemes, seriousA11yViolations } from './helpers/browser';
import { signUpAndSignIn } from './helpers/users';
import { EVENING_ZONE } from './helpers/zones';

/** Issue 28: the strength score beside the streak on the dashboard, its dialog, and an area's on its category page. */
const e2e = useApp({ env: { DEV_TOOLS: 'on', TEST_CLOCK: 'on' } });
const { withPage } = e2e;
const DAY_MS = 24 * 60 * 60 * 1000;

test.describe('strength score', () => {
  test('the dashboard shows Strength beside the streak with its line, and a dialog explains it', async () => {
    await withPage(
      async (page) => {
        await signUpAndSignIn(page, e2e.app, { firstName: 'Noor', timezone: EVENING_ZONE });
        // Three days: checked in, checked in, missed; then today checked in (the server's clock moves a day each time).
        const checkIn = async (answers: boolean[]) => {
          const res = await page.request.post('/api/checkins', { data: { answers } });
          expect(res.status(), await res.text()).toBeLessThan(300);
        };
        await checkIn([true, true, true, true, true, true, true]);
        await e2e.app.setClock({ advanceMs: DAY_MS });
        await checkIn([true, false, true, true, false, true, true]);
        await e2e.app.setClock({ advanceMs: 2 * DAY_MS });
        await checkIn([true, true, false, true, true, true, false]);
        const api = (await (await page.request.get('/api/insights/strength')).json()) as StrengthResponse;
        expect(api.history).toHaveLength(4);
        const percent = `${Math.round(api.overall * 100)}%`;

        await page.goto('/');
        const summary = page.getByTestId('streak-card-box').getByTestId('strength-summary');
        await summary.waitFor();
        await expect.poll(() => summary.getByTestId('strength-percent').innerText()).toBe(percent);
        expect(await summary.innerText()).toContain('Strength');
        expect(await summary.getByTestId('sparkline').count()).toBe(1);
        // Centred, clear of the bottom navigation.
        await summary.evaluate((el) => el.scrollIntoView({ block: 'center' }));
        await screenshotBothThemes(page, SCREENSHOTS_DIR, 'strength-card-360');

        // Keyboard: the summary is a button; Enter opens the dialog that explains strength in two sentences.
        await summary.focus();
        await page.keyboard.press('Enter');
        const dialog = page.getByRole('dialog', { name: `Strength ${percent}` });
        await dialog.waitFor();
        await dialog.getByText('A missed day lowers it a little; a shield or a rest day keeps it.').waitFor();
        expect(await dialog.getByTestId('strength-dialog').getByRole('listitem').count()).toBe(7);
        expect(await seriousA11yViolations(page)).toEqual([]);
        await screenshotBothThemes(page, SCREENSHOTS_DIR, 'strength-dialog-360');
        await page.keyboard.press('Escape');
        await dialog.waitFor({ state: 'detached' });
        await expect.poll(() => summary.evaluate((el) => el === document.activeElement)).toBe(true);

        await page.setViewportSize({ width: 1280, height: 900 });
        await summary.scrollIntoViewIfNeeded();
        await screenshotBothThemes(page, SCREENSHOTS_DIR, 'strength-card-1280');
        await summary.click();
        await dialog.waitFor();
        await screenshotBothThemes(page, SCREENSHOTS_DIR, 'strength-dialog-1280');
        await page.keyboard.press('Escape');
        await dialog.waitFor({ state: 'detached' });

        // A category page shows its area's strength and line.
        await page.goto('/category/goals');
        const area = page.getByTestId('area-strength');
        await area.waitFor();
        expect(await area.innerText()).toContain(`${Math.round(api.areas.goals * 100)}%`);
        expect(await area.getByTestId('sparkline').count()).toBe(1);
        await area.scrollIntoViewIfNeeded();
        await screenshotBothThemes(page, SCREENSHOTS_DIR, 'strength-category-1280');
        await page.setViewportSize({ width: 360, height: 800 });
        await area.scrollIntoViewIfNeeded();
        await screenshotBothThemes(page, SCREENSHOTS_DIR, 'strength-category-360');
        expect(await seriousA11yViolations(page)).toEqual([]);

        // A planned rest day is said as one on the streak card, never as a missed day.
        const { today } = (await (await page.request.get('/api/streak')).json()) as { today: string };
        const plan = await page.request.post('/api/streak/rest-days', { data: { dates: [addLocalDays(today, 1)] } });
        expect(plan.status(), await plan.text()).toBe(200);
        await e2e.app.setClock({ advanceMs: DAY_MS });
        await page.goto('/');
        const rest = page.getByTestId('streak-card').getByTestId('streak-rest-day');
        await rest.waitFor();
        expect(await rest.innerText()).toBe('Rest day today');
        expect(await page.getByTestId('streak-card').getByRole('img', { name: 'Rest day today' }).count()).toBe(1);
        await rest.evaluate((el) => el.scrollIntoView({ block: 'center' }));
        await screenshotBothThemes(page, SCREENSHOTS_DIR, 'strength-card-rest-day-360');
      },
      { width: 360, height: 800, timezoneId: EVENING_ZONE },
    );
  });
});
