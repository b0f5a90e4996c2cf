import { expect } from 'vitest';
import type { Page } from 'playwright-core';

/** The check-in flow's heading of question `n` (of 7); it holds the focus while that question is shown. */
export const questionHeading = (page: Page, n: number) => page.locator('h2', { hasText: `Question ${n} of 7` });
export const reviewHeading = (page: Page) => page.getByRole('heading', { name: 'Review your answers' });

/** Answers the seven yes/no questions by tapping (No for the questions numbered in `noAt`), up to the review. */
export async function answerYesNo(page: Page, noAt: readonly number[] = []): Promise<void> {
  for (let i = 1; i <= 7; i++) {
    await questionHeading(page, i).waitFor();
    await page.getByRole('button', { name: noAt.includes(i) ? 'No' : 'Yes', exact: true }).click();
  }
  await reviewHeading(page).waitFor();
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
  await page.getByTestId('check-in-moment').waitFor();
  await page.getByTestId('check-in-moment').waitFor({ state: 'detached', timeout: 10_000 });
  expect(await page.getByTestId('confetti').count()).toBe(0);
  await expect.poll(() => page.getByTestId('overall-score-shown').innerText(), { timeout: 10_000 }).toBe(percent);
}
