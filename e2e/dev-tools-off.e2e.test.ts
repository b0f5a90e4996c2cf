import { afterAll, beforeAll, expect, test } from 'vitest';
import type { Browser } from 'playwright-core';
import { launchBrowser, newMobileContext, watchPageErrors } from './helpers/browser';
import { startApp, type RunningApp } from './helpers/server';
import { signUpAndSignIn } from './helpers/users';

/**
 * A server started without DEV_TOOLS=on (as `npm start` is): developer mode cannot be turned on, the client
 * says why, and every developer route answers 404.
 */
let app: RunningApp;
let browser: Browser;

beforeAll(async () => {
  app = await startApp();
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
  await app?.stop();
});

const OFF = 'Developer tools are off on this server';

test('developer mode says the server has developer tools off, and the developer routes are not there', async () => {
  const context = await newMobileContext(browser, app.url);
  context.setDefaultTimeout(15_000);
  const page = await context.newPage();
  const errors = watchPageErrors(page);
  try {
    await signUpAndSignIn(page, app, { firstName: 'Dee' });
    expect((await (await page.request.get('/api/auth/user')).json()).devTools).toBe(false);
    for (const url of ['/api/test/set-streak', '/api/developer/reset-streak', '/api/test/clock']) {
      expect((await page.request.post(url, { data: { days: 5, advanceMs: 1000 } })).status(), url).toBe(404);
    }

    // Ten taps on the version line: a toast says developer tools are off here; no developer mode.
    await page.goto('/settings');
    await page.getByRole('heading', { name: 'Settings', level: 1 }).waitFor();
    const version = page.getByRole('button', { name: /Big 7 version/ });
    for (let i = 0; i < 10; i++) await version.click();
    await page.locator('[data-variant]').last().getByText(OFF).waitFor();
    expect(await page.getByTestId('developer-mode-banner').count()).toBe(0);
    expect(await page.getByRole('heading', { name: 'Developer Tools' }).count()).toBe(0);

    // A developer-mode flag left in this browser changes nothing but a note in Settings.
    await page.evaluate(() => localStorage.setItem('big7_developer_mode', 'true'));
    await page.reload();
    await page.getByTestId('dev-tools-off').getByText(OFF).waitFor();
    expect(await page.getByTestId('developer-mode-banner').count()).toBe(0);

    // The developer screens say it too.
    await page.goto('/test');
    await page.getByRole('heading', { name: 'Developer Tools', level: 1 }).waitFor();
    await page.getByTestId('dev-tools-off').getByText(OFF).waitFor();
    expect(new URL(page.url()).pathname).toBe('/test');
    expect(errors).toEqual([]);
  } finally {
    await context.close();
  }
});
