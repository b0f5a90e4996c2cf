import { mkdirSync } from 'node:fs';
import { expect, test, useApp } from './fixtures';
import type { Page } from '@playwright/test';
import { SCREENSHOTS_DIR, newMobileContext, seriousA11yViolations } from './helpers/browser';
import { startFakeOpenAi } from '../test/fakes/openai';
import { signUpAndSignIn } from './helpers/users';
import { startApp } from './helpers/server';

/**
 * The AI coach journey with the built-in coach: an ai-coach user (coupon OFFERAI30) asks a question, sees the advice,
 * opens the conversation, asks again there, searches and steps through the matches (wrapping both ways), then
 * deletes the conversation. Another user without the plan sees the upsell that leads to /upgrade.
 * Screenshots of both screens at 360 px in both themes go to test-results/screenshots/ (AI_COACH_SHOTS_DIR to change).
 */
const SHOTS_DIR = process.env.AI_COACH_SHOTS_DIR ?? SCREENSHOTS_DIR;

const e2e = useApp({ context: { width: 360 } });
const { withPage } = e2e;

const countIn = (texts: string[], term: string) =>
  texts.reduce((n, t) => n + (t.toLowerCase().match(new RegExp(term.toLowerCase().replace(/[.*+?^${}()|[\]\\]/g, '\\$&'), 'g'))?.length ?? 0), 0);

async function screenshots(page: Page, name: string): Promise<void> {
  mkdirSync(SHOTS_DIR, { recursive: true });
  for (const theme of ['dark', 'light'] as const) {
    await page.evaluate((t) => localStorage.setItem('big7_theme', t), theme);
    await page.reload();
    await page.getByRole('heading', { level: 1 }).waitFor();
    await page.waitForLoadState('networkidle');
    await page.screenshot({ path: `${SHOTS_DIR}/${name}-${theme}.png`, fullPage: false });
    expect(await seriousA11yViolations(page), `${name} (${theme})`).toEqual([]);
  }
}

test.describe('AI coach', () => {
  test('ask, see the advice, open the conversation, search and step through matches, delete it', async () => {
    await withPage(async (page) => {
      await signUpAndSignIn(page, e2e.app, { firstName: 'Coachee' });
      const redeem = await page.request.post('/api/coupons/redeem', { data: { code: 'OFFERAI30' } });
      expect(redeem.status(), await redeem.text()).toBe(200);

      await page.goto('/ai-coach');
      await page.getByRole('heading', { name: 'AI Coach', level: 1 }).waitFor();
      await expect.poll(() => page.getByRole('navigation', { name: 'Main' }).isVisible()).toBe(true);
      // No check-in today: the default suggestions; tapping one fills the box.
      await page.getByText('Suggested Questions:').waitFor();
      const box = page.getByLabel('What would you like to know?');
      const ask = page.getByRole('button', { name: 'Ask AI Coach' });
      expect(await ask.isDisabled()).toBe(true);
      await page.getByRole('button', { name: 'How can I improve my sleep quality?' }).click();
      expect(await box.inputValue()).toBe('How can I improve my sleep quality?');
      await screenshots(page, 'ai-coach');
      await page.getByRole('button', { name: 'How can I improve my sleep quality?' }).click();

      await ask.click();
      const advice = page.getByRole('heading', { name: 'AI Coach Advice' });
      await advice.waitFor();
      await expect.poll(() => page.locator('section', { has: advice }).textContent()).toContain("complete today's check-in");
      // The list shows the conversation, titled by the question.
      await page.getByRole('heading', { name: 'Your Conversations' }).waitFor();
      const link = page.getByRole('link', { name: /How can I improve my sleep quality\?\s*Started/ });
      await link.waitFor();
      // New Question clears the advice and shows the form again.
      await page.getByRole('button', { name: 'New Question' }).click();
      await box.waitFor();
      expect(await advice.count()).toBe(0);

      await link.click();
      await page.waitForURL(/\/ai-coach\/conversation\/[0-9a-f-]{36}$/);
      const id = page.url().split('/').pop()!;
      const messages = page.getByRole('list', { name: 'Messages' });
      await expect.poll(() => messages.locator('li').count()).toBe(2);

      // A second question in the chat.
      await page.getByLabel('Ask your wellness question').fill('How do I keep my streak going?');
      await page.getByRole('button', { name: 'Send' }).click();
      // The question shows at once, then the answer replaces 'AI Coach is thinking...'; the input is cleared.
      await expect.poll(() => page.getByText('AI Coach is thinking...').count()).toBe(0);
      await expect.poll(() => page.getByLabel('Ask your wellness question').inputValue()).toBe('');
      await expect.poll(() => messages.locator('li').count()).toBe(4);
      await expect.poll(() => messages.locator('li').last().textContent()).toContain('streak');

      // Search: case-insensitive, counted across messages, next/previous wrap.
      const stored = (await (await page.request.get(`/api/ai-coach/conversations/${id}/messages`)).json()) as Array<{ content: string }>;
      const term = 'CHECK-IN';
      const total = countIn(stored.map((m) => m.content), term);
      expect(total).toBeGreaterThanOrEqual(3);
      const counter = page.getByTestId('match-counter');
      await page.getByLabel('Search in conversation').fill(term);
      await expect.poll(() => counter.textContent()).toContain(`1/${total}`);
      expect(await messages.locator('mark').count()).toBe(total);
      await page.getByRole('button', { name: 'Next match' }).click();
      await expect.poll(() => counter.textContent()).toContain(`2/${total}`);
      mkdirSync(SHOTS_DIR, { recursive: true });
      await page.screenshot({ path: `${SHOTS_DIR}/ai-coach-search-dark.png` });
      expect(await page.locator('mark[aria-current="true"]').getAttribute('data-match-index')).toBe('1');
      await page.getByRole('button', { name: 'Previous match' }).click();
      await page.getByRole('button', { name: 'Previous match' }).click();
      await expect.poll(() => counter.textContent()).toContain(`${total}/${total}`);
      await page.getByRole('button', { name: 'Next match' }).click();
      await expect.poll(() => counter.textContent()).toContain(`1/${total}`);
      // The current match is scrolled into view.
      await page.getByRole('button', { name: 'Previous match' }).click();
      const last = page.locator(`mark[data-match-index="${total - 1}"]`);
      await expect.poll(() => last.evaluate((el) => {
        const r = el.getBoundingClientRect();
        return r.top >= 0 && r.bottom <= window.innerHeight;
      })).toBe(true);
      // A changed term starts at the first match; clear removes the highlights.
      await page.getByLabel('Search in conversation').fill('streak');
      await expect.poll(() => counter.textContent()).toMatch(/1\/\d+/);
      await page.getByRole('button', { name: 'Clear search' }).click();
      expect(await messages.locator('mark').count()).toBe(0);

      await screenshots(page, 'ai-coach-conversation');

      // Back to the list and delete the conversation through the confirmation dialog.
      await page.getByRole('link', { name: 'Back to AI Coach' }).click();
      await page.waitForURL((u) => u.pathname === '/ai-coach');
      await screenshots(page, 'ai-coach-list');
      await page.getByRole('button', { name: /^Delete conversation:/ }).click();
      const dialog = page.getByRole('dialog', { name: 'Delete this conversation?' });
      await dialog.waitFor();
      await dialog.getByRole('button', { name: 'Delete' }).click();
      await page.getByText('Your conversation has been removed.', { exact: true }).waitFor();
      await page.getByText('Suggested Questions:').waitFor();
      expect((await page.request.get(`/api/ai-coach/conversations/${id}/messages`)).status()).toBe(404);
    });
  });

  test("a configured provider that fails: 'AI Coach Error' with the message, and the question is kept", async () => {
    const fake = await startFakeOpenAi();
    fake.mode = { status: 500 };
    const failing = await startApp({ ...fake.env, AI_COACH_TIMEOUT_MS: '3000' });
    const context = await newMobileContext(e2e.browser, failing.url, { width: 360 });
    const page = await context.newPage();
    try {
      await signUpAndSignIn(page, failing, { firstName: 'Unlucky' });
      expect((await page.request.post('/api/coupons/redeem', { data: { code: 'OFFERAI30' } })).status()).toBe(200);
      await page.goto('/ai-coach');
      await page.getByLabel('What would you like to know?').fill('How can I sleep better?');
      await page.getByRole('button', { name: 'Ask AI Coach' }).click();
      await page.getByText('AI Coach Error', { exact: true }).waitFor();
      await page.getByText('The AI Coach could not answer right now', { exact: false }).first().waitFor();
      expect(fake.requests.length).toBeGreaterThanOrEqual(1);
      expect(fake.requests[0]!.messages.at(-1)).toEqual({ role: 'user', content: 'How can I sleep better?' });
      await page.getByRole('link', { name: /How can I sleep better\?\s*Started/ }).waitFor();
    } finally {
      await context.close();
      await failing.stop();
      await fake.close();
    }
  });

  test('other tiers see the upsell and Ask AI Coach goes to /upgrade', async () => {
    await withPage(async (page) => {
      await signUpAndSignIn(page, e2e.app, { firstName: 'Free' });
      await page.goto('/ai-coach');
      await page.getByText('part of the AI Coach plan').waitFor();
      expect(await page.getByLabel('What would you like to know?').count()).toBe(0);
      await page.getByRole('button', { name: 'Ask AI Coach' }).click();
      await page.waitForURL((u) => u.pathname === '/upgrade');
    }, { width: 390 });
  });
});
