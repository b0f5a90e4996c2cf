import { expect } from 'vitest';
import type { Page } from 'playwright-core';
import { findLink } from '../../test/fakes/smtp';
import type { RunningApp } from './server';

export const E2E_PASSWORD = 'Secret1!';
export const uniqueEmail = (tag: string) => `${tag}-${Date.now()}-${Math.floor(Math.random() * 1e6)}@example.com`;

/**
 * A new person: signs up through the API (in `timezone`, default the browser context's Europe/London), follows
 * the e-mailed verification link, then signs in through the sign-in screen and lands on the dashboard.
 */
export async function signUpAndSignIn(
  page: Page,
  app: RunningApp,
  opts: { firstName?: string; timezone?: string } = {},
): Promise<{ email: string; password: string }> {
  const firstName = opts.firstName ?? 'Tester';
  const email = uniqueEmail(firstName.toLowerCase());
  const res = await page.request.post('/api/auth/signup', {
    data: { firstName, email, password: E2E_PASSWORD, timezone: opts.timezone ?? 'Europe/London' },
  });
  expect(res.status(), await res.text()).toBe(201);
  const mail = await app.smtp.waitFor((m) => m.to.includes(email), 15_000);
  const token = new URL(findLink(mail, `${app.url}/verify-email?token=`)).searchParams.get('token')!;
  expect((await page.request.get(`/api/auth/verify-email?token=${encodeURIComponent(token)}`)).status()).toBe(200);
  await page.goto(`/signin?email=${encodeURIComponent(email)}`);
  await page.getByLabel('Password', { exact: true }).fill(E2E_PASSWORD);
  await page.getByRole('button', { name: 'Log In' }).click();
  await page.waitForURL((u) => u.pathname === '/' && !u.searchParams.has('login'));
  await page.getByRole('navigation', { name: 'Main' }).waitFor();
  return { email, password: E2E_PASSWORD };
}
