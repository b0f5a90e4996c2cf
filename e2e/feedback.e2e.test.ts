import { expect, test, useApp } from './fixtures';
import type { Page } from '@playwright/test';
import { screenshotBothThemes, seriousA11yViolations } from './helpers/browser';
import { E2E_ADMIN_EMAIL } from './helpers/server';
import { signInThroughScreen, signUpAndSignIn, signUpVerified } from './helpers/users';

/**
 * Journey: a user sends feedback from /settings; the admin (ADMIN_EMAILS) sees it on /feedback as New, it turns
 * read once seen, the developer banner's unread count follows, and the admin deletes it. Everyone else finds the
 * inbox not available. The FAQ opens several answers at once; /privacy and /terms are open signed out.
 * Set SHOTS_DIR to also write 360 px screenshots of /settings, /feedback and /faq in both themes.
 */
const e2e = useApp({ env: { DEV_TOOLS: 'on' } });
const { withPage } = e2e;
const SHOTS_DIR = process.env.SHOTS_DIR;

const toast = (page: Page) => page.locator('[data-variant]').last();

const shoot = (page: Page, name: string) => screenshotBothThemes(page, SHOTS_DIR, name);

test.describe('feedback: a user sends, the admin reads and deletes', () => {
  test('send from /settings, read as New on /feedback, marked read when seen, deleted with the dialog', async () => {
    const message = 'Love the streak calendar!\nCould the reminder come a bit earlier?';

    await withPage(async (page) => {
      await signUpAndSignIn(page, e2e.app, { firstName: 'Nadia' });
      await page.goto('/settings');
      const box = page.getByLabel('Tell us what you like, what is missing or what went wrong.');
      const counter = page.getByTestId('feedback-counter');
      await counter.waitFor();
      expect(await counter.textContent()).toBe('0/4000');

      // Blank: the spec's message, nothing sent.
      await box.fill('   ');
      await page.getByRole('button', { name: 'Send Feedback' }).click();
      await page.locator('form [role="alert"]').getByText('Please enter your feedback').waitFor();

      // Above 3800 the counter turns red; above 4000 the spec's message.
      await box.fill('x'.repeat(4001));
      expect(await counter.textContent()).toBe('4001/4000');
      expect(await counter.getAttribute('class')).toContain('text-danger-text');
      await page.getByRole('button', { name: 'Send Feedback' }).click();
      await toast(page).getByText('Message too long', { exact: true }).waitFor();
      await box.fill('x'.repeat(3800));
      expect(await counter.getAttribute('class')).not.toContain('text-danger-text');

      // A refused send: the spec's failure toast with the server's words; the text stays for another try.
      await box.fill(message);
      await page.route('**/api/feedback', (route) => route.fulfill({ status: 503, json: { message: 'Feedback is paused for maintenance' } }));
      await page.getByRole('button', { name: 'Send Feedback' }).click();
      await toast(page).getByText('Failed to submit feedback', { exact: true }).waitFor();
      await toast(page).getByText('Feedback is paused for maintenance').waitFor();
      expect(await box.inputValue()).toBe(message);
      await page.unroute('**/api/feedback');

      await page.getByRole('button', { name: 'Send Feedback' }).click();
      await toast(page).getByText('Feedback Sent', { exact: true }).waitFor();
      expect(await box.inputValue()).toBe('');
      await shoot(page, 'settings');

      // Not an admin: the inbox is not available (the server says 403 too).
      await page.goto('/feedback');
      await page.getByRole('heading', { name: 'Feedback inbox not available' }).waitFor();
      expect((await page.request.get('/api/feedback')).status()).toBe(403);
    }, { width: 360 });

    await withPage(async (page) => {
      await signUpVerified(page.request, e2e.app, { firstName: 'Olive', email: E2E_ADMIN_EMAIL });
      // Developer mode on: the banner shows the unread count.
      await page.addInitScript(() => localStorage.setItem('big7_developer_mode', 'true'));
      await signInThroughScreen(page, E2E_ADMIN_EMAIL);
      const unread = page.getByTestId('unread-feedback-count');
      await expect.poll(() => unread.textContent()).toBe('1 new feedback');

      await page.goto('/feedback');
      await page.getByRole('heading', { name: 'Community Feedback', level: 1 }).waitFor();
      await page.getByRole('heading', { name: 'Recent Messages' }).waitFor();
      expect(await page.getByTestId('feedback-count').textContent()).toBe('1 feedback message');
      const card = page.getByTestId('feedback-card');
      await card.getByRole('heading', { name: 'Nadia' }).waitFor();
      await card.getByText(/^nadia-.*@example\.com$/).waitFor();
      await shoot(page, 'feedback-new');
      // Line breaks are kept.
      expect(await card.locator('p.whitespace-pre-wrap').innerText()).toBe(message);

      // Seen for half a second: read; the list and the count refresh.
      await expect.poll(() => card.getAttribute('data-read'), { timeout: 10_000 }).toBe('true');
      expect(await card.getByText('New', { exact: true }).count()).toBe(0);
      await expect.poll(() => unread.textContent()).toBe('0 new feedback');
      await shoot(page, 'feedback');

      // Delete: Cancel keeps it; Delete removes it.
      await card.getByRole('button', { name: 'Delete feedback from Nadia' }).click();
      const dialog = page.getByRole('dialog', { name: 'Delete Feedback' });
      await dialog.getByText('Are you sure you want to delete this feedback? This action cannot be undone.').waitFor();
      await dialog.getByRole('button', { name: 'Cancel' }).click();
      await dialog.waitFor({ state: 'hidden' });
      expect(await card.count()).toBe(1);
      // A failed delete: 'Error' with the server's message; the item stays.
      await page.route('**/api/feedback/*', (route) =>
        route.request().method() === 'DELETE' ? route.fulfill({ status: 500, json: { message: 'Something went wrong on our side. Please try again.' } }) : route.fallback(),
      );
      await card.getByRole('button', { name: 'Delete feedback from Nadia' }).click();
      await dialog.getByRole('button', { name: 'Delete' }).click();
      await toast(page).getByText('Error', { exact: true }).waitFor();
      await toast(page).getByText('Something went wrong on our side. Please try again.').waitFor();
      expect(await card.count()).toBe(1);
      await page.unroute('**/api/feedback/*');

      await card.getByRole('button', { name: 'Delete feedback from Nadia' }).click();
      await dialog.getByRole('button', { name: 'Delete' }).click();
      await toast(page).getByText('Feedback deleted', { exact: true }).waitFor();
      await toast(page).getByText('The feedback has been removed successfully.').waitFor();
      await page.getByRole('heading', { name: 'No feedback yet' }).waitFor();
      expect(await seriousA11yViolations(page)).toEqual([]);
    }, { width: 360 });
  });
});

test.describe('static pages', () => {
  test('the FAQ opens several answers at once, by pointer and keyboard', async () => {
    await withPage(async (page) => {
      await signUpAndSignIn(page, e2e.app, { firstName: 'Faye' });
      await page.goto('/faq');
      await page.getByRole('heading', { name: 'Frequently Asked Questions', level: 1 }).waitFor();
      expect(await page.getByRole('heading', { level: 2 }).allTextContents()).toEqual([
        'Getting Started',
        'Daily Check-ins',
        'Streaks & Shields',
        'Subscriptions & Pricing',
        'Technical Support',
        'AI Coach',
        'Troubleshooting',
      ]);
      const questions = page.locator('h3 > button');
      expect(await questions.count()).toBe(16);

      const plans = page.getByRole('button', { name: 'What plans are there and what do they cost?' });
      const shields = page.getByRole('button', { name: 'What are shields?' });
      await plans.click();
      await shields.focus();
      await page.keyboard.press('Enter');
      expect(await plans.getAttribute('aria-expanded')).toBe('true');
      expect(await shields.getAttribute('aria-expanded')).toBe('true');
      await page.getByText('Premium ($4.99/month)', { exact: false }).waitFor();
      await page.getByText('Shields are granted when a plan or trial starts', { exact: false }).waitFor();
      await page.getByRole('button', { name: 'When can I check in?' }).click();
      expect(await page.locator('h3 > button[aria-expanded="true"]').count()).toBe(3);
      expect(await seriousA11yViolations(page)).toEqual([]);
      await shoot(page, 'faq');

      // Back to Settings.
      await page.getByRole('link', { name: 'Back to Settings' }).click();
      await page.waitForURL((u) => u.pathname === '/settings');
    }, { width: 360 });
  });

  test('/privacy and /terms render signed out, dated, with every section', async () => {
    await withPage(async (page) => {
      await page.goto('/privacy');
      await page.getByRole('heading', { name: 'Privacy Policy', level: 1 }).waitFor();
      await page.getByText('Last updated November 25, 2026').waitFor();
      await page.getByRole('heading', { name: 'How long we keep it' }).waitFor();
      await page.getByText(/within 30 days/).first().waitFor();

      await page.goto('/terms');
      await page.getByRole('heading', { name: 'Terms of Service', level: 1 }).waitFor();
      await page.getByText('Last updated November 25, 2026').waitFor();
      for (const h of ['4. Medical disclaimer', '8. Limitation of liability', '13. Contact']) {
        await page.getByRole('heading', { name: h }).waitFor();
      }
      expect(await seriousA11yViolations(page)).toEqual([]);
      await shoot(page, 'terms');
      await page.getByRole('link', { name: 'Back to Welcome' }).click();
      await page.waitForURL((u) => u.pathname === '/');
    }, { width: 360 });
  });
});
