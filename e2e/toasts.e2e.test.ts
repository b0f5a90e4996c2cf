import { expect, test, useApp } from './fixtures';
import type { Locator, Page } from '@playwright/test';
import { answerYesNo } from './helpers/check-in';
import { inBothThemes } from './helpers/browser';
import { signUpVerified, signedInThroughApi } from './helpers/users';
import { EVENING_ZONE as ZONE } from './helpers/zones';

/**
 * Issue 30, "Messages that help": a toast appears in one place, bottom centre (just above the bottom navigation where
 * there is one), and never covers the primary action of the screen it is on, at 360 px: signed out (sign-in, forgot
 * password), the dashboard, the check-in, Settings, Membership, and inside an open dialog (Contact Support), whose
 * buttons stay clickable. With TOAST_SHOTS=<dir> each toast is saved at 360 px in both themes and at 1280 px.
 */
const e2e = useApp({ context: { width: 360, height: 640, timezoneId: ZONE } });
const SHOTS = process.env.TOAST_SHOTS;

const toast = (page: Page) => page.locator('[data-variant]').last();
const nav = (page: Page) => page.getByRole('navigation', { name: 'Main' });

type Box = { x: number; y: number; width: number; height: number };
const box = async (l: Locator): Promise<Box> => {
  const b = await l.boundingBox();
  expect(b, 'on screen').not.toBeNull();
  return b!;
};
const overlaps = (a: Box, b: Box) =>
  Math.min(a.x + a.width, b.x + b.width) - Math.max(a.x, b.x) > 0.5 && Math.min(a.y + a.height, b.y + b.height) - Math.max(a.y, b.y) > 0.5;

/** The filled and submit buttons on screen that the toast covers (what a person would tap next). */
const primaryCovered = (page: Page) =>
  page.evaluate(() => {
    const t = Array.from(document.querySelectorAll('[data-variant]')).at(-1)?.getBoundingClientRect();
    if (!t) return ['no toast'];
    const out: string[] = [];
    for (const el of Array.from(document.querySelectorAll('button.bg-primary, a.bg-primary, button.bg-danger, button[type="submit"]'))) {
      if (el.closest('[data-variant]')) continue;
      const r = el.getBoundingClientRect();
      if (r.width < 1 || r.height < 1 || r.bottom <= 0 || r.top >= innerHeight) continue;
      const w = Math.min(t.right, r.right) - Math.max(t.left, r.left);
      const h = Math.min(t.bottom, r.bottom) - Math.max(t.top, r.top);
      if (w > 0.5 && h > 0.5) out.push((el.textContent ?? '').trim());
    }
    return out;
  });

/** The toast is shown, bottom-centred, clear of `primary` and of every other filled button; above the navigation if any. */
async function expectToastInPlace(page: Page, title: string, primary: Locator, where: string, opts: { nav?: boolean; snug?: boolean } = {}): Promise<void> {
  await toast(page).getByText(title, { exact: true }).waitFor();
  await primary.scrollIntoViewIfNeeded();
  // The toast follows the scroll (measured on the next frame).
  await expect.poll(async () => overlaps(await box(toast(page)), await box(primary)), { message: `${where}: toast over its primary button` }).toBe(false);
  expect(await primaryCovered(page), `${where}: buttons under the toast`).toEqual([]);
  const t = await box(toast(page));
  const width = page.viewportSize()!.width;
  expect(Math.abs(t.x + t.width / 2 - width / 2), `${where}: centred`).toBeLessThan(2);
  expect(t.y + t.height, `${where}: on screen`).toBeLessThanOrEqual(page.viewportSize()!.height);
  if (opts.nav) {
    const n = await box(nav(page));
    expect(t.y + t.height, `${where}: above the navigation`).toBeLessThanOrEqual(n.y);
    // Its own place when no button is in the way: just above the navigation.
    if (opts.snug) expect(n.y - (t.y + t.height), `${where}: just above the navigation`).toBeLessThan(24);
  }
}

/** Screenshots of the toast (paused under the pointer) at 360 px in both themes and at 1280 px. */
async function shots(page: Page, name: string): Promise<void> {
  if (!SHOTS) return;
  await toast(page).hover();
  await inBothThemes(page, (theme) => page.screenshot({ path: `${SHOTS}/${name}-360-${theme}.png` }).then(() => undefined));
  const size = page.viewportSize()!;
  await page.setViewportSize({ width: 1280, height: 800 });
  await toast(page).hover();
  await page.waitForTimeout(100); // the toast's place is measured on the next frame
  await page.screenshot({ path: `${SHOTS}/${name}-1280.png` });
  await page.setViewportSize(size);
}

test('signed out: a failed sign-in and a failed reset request, bottom centre, clear of the form buttons', async ({ page }) => {
  const who = await signUpVerified(page.request, e2e.app, { firstName: 'Tia' });
  await page.goto('/signin');
  await page.getByLabel('Email Address').fill(who.email);
  await page.getByLabel('Password', { exact: true }).fill('Wrong1!x');
  const logIn = page.getByRole('button', { name: 'Log In' });
  await logIn.click();
  await expectToastInPlace(page, 'Wrong Password', logIn, 'sign-in');
  await shots(page, 'signin');

  await page.route('**/api/auth/forgot-password', (r) => r.fulfill({ status: 500, json: { message: 'Mail is down, please try again soon.' } }));
  await page.goto('/forgot-password');
  await page.getByLabel('Email Address').fill(who.email);
  const send = page.getByRole('button', { name: 'Send Reset Link' });
  await send.click();
  await expectToastInPlace(page, 'Error', send, 'forgot-password');
  await shots(page, 'forgot-password');
});

test('the check-in: clear of Complete check-in', async ({ page }) => {
  // A failed check-in is said in a toast, clear of the button that sends it.
  await signedInThroughApi(page.request, e2e.app, { firstName: 'Ben', timezone: ZONE });
  await page.route('**/api/checkins', (route) =>
    route.request().method() === 'POST' ? route.fulfill({ status: 500, json: { message: 'Something went wrong' } }) : route.continue(),
  );
  await page.goto('/checkin');
  await answerYesNo(page);
  const complete = page.getByRole('button', { name: 'Complete check-in' });
  await complete.click();
  await expectToastInPlace(page, 'Something went wrong', complete, 'check-in');
  await shots(page, 'check-in');
});

test('the dashboard: the greeting after a sign-in just above the navigation', async ({ page }) => {
  // A person who checked in before is greeted back after signing in on the sign-in screen.
  const who = await signedInThroughApi(page.request, e2e.app, { firstName: 'Bea', timezone: ZONE, checkIn: true });
  await page.context().clearCookies();
  await page.goto(`/signin?email=${encodeURIComponent(who.email)}`);
  await page.getByLabel('Password', { exact: true }).fill(who.password);
  await page.getByRole('button', { name: 'Log In' }).click();
  await page.waitForURL((u) => u.pathname === '/');
  await expectToastInPlace(page, 'Welcome back!', nav(page).getByRole('link').first(), 'dashboard', { nav: true, snug: true });
  await shots(page, 'dashboard');
});

test('Settings and Membership: above the navigation, clear of Send Feedback and Apply', async ({ page }) => {
  await signedInThroughApi(page.request, e2e.app, { firstName: 'Sol', timezone: ZONE });
  await page.route('**/api/feedback', (r) =>
    r.request().method() === 'POST' ? r.fulfill({ status: 503, json: { message: 'Feedback is paused for maintenance' } }) : r.continue(),
  );
  await page.goto('/settings');
  await page.getByPlaceholder('Share your thoughts...').fill('The toasts sit in a better place now.');
  const sendFeedback = page.getByRole('button', { name: 'Send Feedback' });
  await sendFeedback.scrollIntoViewIfNeeded();
  await sendFeedback.click();
  await expectToastInPlace(page, 'Failed to submit feedback', sendFeedback, 'settings', { nav: true });
  await shots(page, 'settings');

  await page.goto('/upgrade');
  await page.getByPlaceholder('Enter code').fill('NOSUCHCODE');
  const apply = page.getByRole('button', { name: 'Apply' });
  await apply.click();
  await expectToastInPlace(page, 'Redemption Failed', apply, 'membership', { nav: true });
  await shots(page, 'membership');
});

test('inside an open dialog: the toast is shown in it, clear of its buttons, which stay clickable', async ({ page }) => {
  await signedInThroughApi(page.request, e2e.app, { firstName: 'Ada', timezone: ZONE });
  await page.route('**/api/support/contact', (r) => r.fulfill({ status: 500, json: { message: 'Mail is down' } }));
  await page.goto('/account');
  await page.getByRole('button', { name: /Contact Support/ }).click();
  const dialog = page.getByRole('dialog', { name: 'Contact Support' });
  await dialog.getByPlaceholder('What can we help with?').fill('Reminders');
  await dialog.getByPlaceholder('Tell us what happened').fill('They came twice yesterday.');
  const send = dialog.getByRole('button', { name: /Send/ });
  await send.click();
  await expect(dialog.locator('[data-variant="destructive"]')).toBeVisible();
  const title = (await dialog.locator('[data-variant] .font-semibold').first().innerText()).trim();
  await expectToastInPlace(page, title, send, 'support dialog');
  await shots(page, 'support-dialog');
  // The dialog's own buttons work with the toast up: × closes it.
  await dialog.getByTestId('dialog-close').click();
  await expect(dialog).toHaveCount(0);
});
