import { expect, request as playwrightRequest, type APIRequestContext, type Page } from '@playwright/test';
import { findLink } from '@test/fakes/smtp';
import type { RunningApp } from './server';

export const E2E_PASSWORD = 'Secret1!';
export const uniqueEmail = (tag: string) => `${tag}-${Date.now()}-${Math.floor(Math.random() * 1e6)}@example.com`;

/**
 * A new, verified person through the API: signs up (in `timezone`, default Europe/London; with `email`, default
 * a unique address) and follows the e-mailed verification link. `request` is a page's or context's request API
 * (its cookies are the browser's).
 */
export async function signUpVerified(
  request: APIRequestContext,
  app: RunningApp,
  opts: { firstName?: string; timezone?: string; email?: string; notificationModal?: boolean } = {},
): Promise<{ email: string; password: string }> {
  const firstName = opts.firstName ?? 'Tester';
  const email = opts.email ?? uniqueEmail(firstName.toLowerCase());
  // Sign-up signs the new person in (docs/decisions/037): through a separate API session, so the browser's own
  // cookies stay as they were (signed out).
  const api = await playwrightRequest.newContext({ baseURL: app.url });
  try {
    const res = await api.post('/api/auth/signup', {
      data: { firstName, email, password: E2E_PASSWORD, timezone: opts.timezone ?? 'Europe/London' },
    });
    expect(res.status(), await res.text()).toBe(201);
    const mail = await app.smtp.waitFor((m) => m.to.includes(email), 15_000);
    const token = new URL(findLink(mail, `${app.url}/verify-email?token=`)).searchParams.get('token')!;
    expect((await request.get(`/api/auth/verify-email?token=${encodeURIComponent(token)}`)).status()).toBe(200);
    if (!opts.notificationModal) {
      // The Enable Push Notifications modal opens 1.5 s after the dashboard loads for a new person; journeys that are
      // not about notifications start with it already seen (e2e/notifications.e2e.test.ts passes notificationModal).
      const seen = await api.patch('/api/notifications/settings', { data: { hasSeenNotificationModal: true } });
      expect(seen.status(), await seen.text()).toBe(200);
    }
  } finally {
    await api.dispose();
  }
  return { email, password: E2E_PASSWORD };
}

/** Signs in through the sign-in screen and waits for the dashboard. */
export async function signInThroughScreen(page: Page, email: string, password = E2E_PASSWORD): Promise<void> {
  await page.goto(`/signin?email=${encodeURIComponent(email)}`);
  await page.getByLabel('Password', { exact: true }).fill(password);
  await page.getByRole('button', { name: 'Log In' }).click();
  await page.waitForURL((u) => u.pathname === '/' && !u.searchParams.has('login'));
  await expect(page.getByRole('navigation', { name: 'Main' })).toBeVisible();
}

/**
 * A new person: signs up through the API (in `timezone`, default the browser context's Europe/London), follows
 * the e-mailed verification link, then signs in through the sign-in screen and lands on the dashboard.
 */
export async function signUpAndSignIn(
  page: Page,
  app: RunningApp,
  opts: { firstName?: string; timezone?: string; email?: string; notificationModal?: boolean } = {},
): Promise<{ email: string; password: string }> {
  const who = await signUpVerified(page.request, app, opts);
  await signInThroughScreen(page, who.email, who.password);
  return who;
}

/** Seven answers for a check-in through the API (a free user's yes/no scale): two "No"s. */
export const SOME_YES_ANSWERS = [true, true, false, true, true, false, true] as const;

/**
 * A new, verified person signed in through the API (the cookies land in `request`'s context, e.g. `page.request`),
 * without opening a screen; with `checkIn`, today's check-in is made too (those answers, or SOME_YES_ANSWERS).
 */
export async function signedInThroughApi(
  request: APIRequestContext,
  app: RunningApp,
  opts: { firstName?: string; timezone?: string; email?: string; notificationModal?: boolean; checkIn?: boolean | readonly boolean[] } = {},
): Promise<{ email: string; password: string }> {
  const who = await signUpVerified(request, app, opts);
  const signIn = await request.post('/api/auth/signin', { data: { email: who.email, password: who.password } });
  expect(signIn.status(), await signIn.text()).toBe(200);
  if (opts.checkIn) {
    const answers = opts.checkIn === true ? SOME_YES_ANSWERS : opts.checkIn;
    const res = await request.post('/api/checkins', { data: { answers } });
    expect(res.status(), await res.text()).toBe(201);
  }
  return who;
}

/** A POST through `page`'s session (its cookies) that must succeed; its JSON answer. */
export async function postOk(page: Page, path: string, data: unknown = {}): Promise<unknown> {
  const res = await page.request.post(path, { data });
  expect(res.status(), `${path}: ${await res.text()}`).toBeLessThan(300);
  return res.json();
}
