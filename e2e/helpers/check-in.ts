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
 * Back on the dashboard after a check-in: the moment card is there, its confetti has fallen and the score has
 * counted up to `percent` ('86%'), so what is on screen stays still.
 */
export async function momentSettled(page: Page, percent: string): Promise<void> {
  await expect(page.getByTestId('check-in-moment')).toBeVisible();
  await expect(page.getByTestId('confetti')).toHaveCount(0, { timeout: 10_000 });
  await expect(page.getByTestId('overall-score-shown')).toHaveText(percent, { useInnerText: true, timeout: 10_000 });
}
