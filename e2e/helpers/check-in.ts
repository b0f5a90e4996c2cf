import { expect, type Page } from '@playwright/test';

/** The check-in flow's heading of question `n` (of 7); it holds the focus while that question is shown. */
export const questionHeading = (page: Page, n: number) => page.locator('h2', { hasText: `Question ${n} of 7` });
export const reviewHeading = (page: Page) => page.getByRole('heading', { name: 'Review your answers' });

/** Answers the seven yes/no questions by tapping (No for the questions numbered in `noAt`), up to the review. */
export async function answerYesNo(page: Page, noAt: readonly number[] = []): Promise<void> {
  for (let i = 1; i <= 7; i++) {
    await expect(questionHeading(page, i)).toBeVisible();
    await page.getByRole('button', { name: noAt.includes(i) ? 'No' : 'Yes', exact: true }).click();
  }
  await expect(reviewHeading(page)).toBeVisible();
}

/**
 * The full-screen moment after a check-in (issue 30) is on screen: ends it with its button, as a person in a hurry
 * would (it may have ended by itself meanwhile: it lasts ~2 s), and waits until the dashboard is back.
 */
export async function endMoment(page: Page): Promise<void> {
  const moment = page.getByTestId('check-in-moment');
  await moment.waitFor();
  await page
    .getByTestId('moment-continue')
    .click({ timeout: 5_000 })
    .catch(() => undefined); // already gone by itself: the wait below says so
  await moment.waitFor({ state: 'detached' });
}

/**
 * Back on the dashboard after a check-in: the moment has shown and ended by itself (its confetti with it) and the
 * score has moved to `percent` ('86%'), so what is on screen stays still.
 */
export async function momentSettled(page: Page, percent: string): Promise<void> {
  await expect(page.getByTestId('check-in-moment')).toBeVisible();
  await expect(page.getByTestId('check-in-moment')).toHaveCount(0, { timeout: 10_000 });
  await expect(page.getByTestId('confetti')).toHaveCount(0);
  await expect(page.getByTestId('overall-score-shown')).toHaveText(percent, { useInnerText: true, timeout: 10_000 });
}
