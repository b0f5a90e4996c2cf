import { gzipSync } from 'node:zlib';
import type { Page } from '@playwright/test';
import { expect, test, useApp } from './fixtures';
import { JS_BUDGET_KB } from '../src/web/app/js-budgets';
import { signedInThroughApi } from './helpers/users';

/**
 * The pages' gzip JavaScript as the client bench weighs it (bench/client.ts `weigh`, issue 26): every script the
 * page fetches until the network is idle and half a second more (the chunks its screen loads at run time with
 * import(), the dialogs it opens by itself included), each body gzipped at level 9, summed. Fails when a change
 * makes a page load more than its budget (src/web/app/js-budgets.ts), whatever file the bytes come in.
 */
useApp({ context: { width: 390, height: 844 } });

/** Loads `path` and sums the gzip size of every script response, in KB, with the files for the message. */
async function scriptKb(page: Page, path: string): Promise<{ kb: number; files: string }> {
  const seen: Promise<{ url: string; gzip: number } | null>[] = [];
  page.on('response', (res) => {
    const ct = res.headers()['content-type'] ?? '';
    if (res.request().resourceType() !== 'script' && !ct.includes('javascript')) return;
    seen.push(
      res
        .body()
        .then((body) => ({ url: new URL(res.url()).pathname, gzip: gzipSync(body, { level: 9 }).length }))
        .catch(() => null),
    );
  });
  await page.goto(path, { waitUntil: 'networkidle' });
  await page.locator('main#main').waitFor();
  await page.waitForLoadState('networkidle');
  await page.waitForTimeout(500);
  const files = (await Promise.all(seen)).filter((f) => f !== null).sort((a, b) => b.gzip - a.gzip);
  const kb = files.reduce((sum, f) => sum + f.gzip, 0) / 1024;
  return { kb, files: files.map((f) => `${(f.gzip / 1024).toFixed(1)} ${f.url}`).join('\n') };
}

test.describe('the JavaScript each page loads (issue 26)', () => {
  // Each page in a fresh context (the test's own), as the bench loads each: nothing cached, no service worker yet.
  test('the welcome page stays within its budget', async ({ page }) => {
    const welcome = await scriptKb(page, '/');
    expect(welcome.kb, welcome.files).toBeLessThanOrEqual(JS_BUDGET_KB.welcome);
  });

  test('the sign-in page stays within its budget', async ({ page }) => {
    const signIn = await scriptKb(page, '/signin');
    expect(signIn.kb, signIn.files).toBeLessThanOrEqual(JS_BUDGET_KB['sign-in']);
  });

  test('a signed-in dashboard stays within its budget, the dialogs it opens by itself included', async ({ page, app }) => {
    // A new person with a check-in today: the notification prompt (due 1.5 s after the load) is part of what loads.
    await signedInThroughApi(page.request, app, { firstName: 'Ines', checkIn: true, notificationModal: true });
    const dashboard = await scriptKb(page, '/dashboard');
    expect(dashboard.kb, dashboard.files).toBeLessThanOrEqual(JS_BUDGET_KB.dashboard);
  });
});
