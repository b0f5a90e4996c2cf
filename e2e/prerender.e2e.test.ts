import { expect, test, useApp } from './fixtures';
import type { Page } from '@playwright/test';
import { settled } from './helpers/a11y';
import { signedInThroughApi } from './helpers/users';
import { EVENING_ZONE } from './helpers/zones';

/**
 * The signed-out pages are prerendered at build time and hydrated by React (decision 029): their screen is in the
 * first HTML, painted in the stored theme before any script runs, and React takes it over without a hydration
 * warning or a console error; `#root` is a React root. A signed-in person's / is still the dashboard.
 */
const e2e = useApp({ context: { timezoneId: EVENING_ZONE } });

const PAGES = [
  ['/', { name: 'Big 7', level: 1 }],
  ['/signin', { name: 'Log In', level: 1 }],
  ['/login', { name: 'Log In', level: 1 }],
  ['/signup', { name: 'Join Big 7', level: 1 }],
  ['/forgot-password', { name: 'Forgot Password', level: 1 }],
  ['/reset-password', { name: 'Reset Password', level: 1 }],
  ['/verify-email', { name: 'Verification Failed', level: 1 }],
  ['/privacy', { name: 'Privacy Policy', level: 1 }],
  ['/terms', { name: 'Terms of Service', level: 1 }],
] as const;

/** Every console message of the page that is an error or a warning (React logs hydration mismatches as errors). */
function consoleProblems(page: Page): string[] {
  const out: string[] = [];
  page.on('console', (m) => {
    if (m.type() === 'error' || m.type() === 'warning') out.push(`${m.type()}: ${m.text()}`);
  });
  page.on('pageerror', (e) => out.push(`pageerror: ${e.message}`));
  return out;
}

const isReactRoot = (page: Page) =>
  page.evaluate(() => Object.keys(document.getElementById('root')!).some((k) => k.startsWith('__reactContainer$')));

test.describe('prerendered signed-out pages', () => {
  test('each is in the first HTML and hydrates without a warning; the root is a React root', async () => {
    await e2e.withPage(async (page) => {
      const problems = consoleProblems(page);
      for (const [path, heading] of PAGES) {
        const html = await (await page.request.get(path)).text();
        expect(html, path).toMatch(/<div id="root"><a href="#main"[^]*<main id="main"/);
        await page.goto(path);
        await settled(page, { networkIdle: true });
        await page.getByRole('heading', heading).first().waitFor();
        expect(await isReactRoot(page), path).toBe(true);
      }
      // Hydrated: a link is React Router's (the page is not loaded again; a marker set on window stays).
      await page.goto('/');
      await expect.poll(() => page.getByRole('link', { name: 'Login' }).evaluate((el) => Object.keys(el).some((k) => k.startsWith('__reactProps$')))).toBe(true);
      await page.evaluate(() => ((window as unknown as { __same: boolean }).__same = true));
      await page.getByRole('link', { name: 'Login' }).click();
      await page.getByRole('heading', { name: 'Log In', level: 1 }).waitFor();
      expect(await page.evaluate(() => (window as unknown as { __same?: boolean }).__same)).toBe(true);
      expect(problems).toEqual([]);
    });
  });

  test('the screen and the stored light theme are painted without any script', async () => {
    await e2e.withPage(
      async (page) => {
        await page.route('**/assets/*.js', (route) => route.abort());
        for (const [path, heading] of [PAGES[0], PAGES[1]] as const) {
          await page.goto(path);
          await expect.poll(() => page.getByRole('heading', heading).first().isVisible(), { message: path }).toBe(true);
          expect(await page.evaluate(() => document.documentElement.className), path).toBe('light');
          expect(await page.evaluate(() => getComputedStyle(document.body).backgroundColor), path).not.toBe('rgb(15, 23, 42)');
          // A form sent before React took over stays on its page (its fields never go into the address).
          if (path === '/signin') {
            await page.getByLabel('Email Address').fill('a@example.com');
            await page.getByRole('button', { name: 'Log In', exact: true }).click();
            await page.waitForTimeout(300);
            expect(page.url()).toBe(`${e2e.app.url}/signin`);
          }
        }
      },
      { theme: 'light', ignorePageErrors: /./ },
    );
  });

  test('a field filled before hydration reaches the form (autofill)', async () => {
    await e2e.withPage(async (page) => {
      // The entry is held until the fields are filled, as a password manager fills them at load.
      let release!: () => void;
      const held = new Promise<void>((r) => (release = r));
      await page.route('**/assets/index-*.js', async (route) => {
        await held;
        await route.continue();
      });
      await page.goto('/forgot-password', { waitUntil: 'commit' });
      await page.getByLabel('Email Address').fill('nobody@example.com');
      release();
      // React has taken over the screen (its props are on the button once its part of the page is hydrated).
      const send = page.getByRole('button', { name: 'Send Reset Link' });
      await expect.poll(() => send.evaluate((el) => Object.keys(el).some((k) => k.startsWith('__reactProps$'))), { timeout: 20_000 }).toBe(true);
      await send.click();
      // The form sent the address it shows (an empty state would say the address is required).
      await page.getByRole('status').waitFor();
      await expect.poll(() => page.locator('[role="alert"]').count()).toBe(0);
    });
  });

  // Held: the entry (nothing of the app runs yet), or only the sign-in screen's code (React is hydrating).
  for (const [what, pattern] of [
    ['the entry', '**/assets/index-*.js'],
    ["the screen's code", '**/assets/sign-in-screen-*.js'],
  ] as const) {
    test(`a form sent before hydration (${what} held) is sent once hydrated, with what its fields show`, async () => {
      await e2e.withPage(async (page) => {
        let release!: () => void;
        const held = new Promise<void>((r) => (release = r));
        await page.route(pattern, async (route) => {
          await held;
          await route.continue();
        });
        const signIns: string[] = [];
        page.on('request', (r) => {
          if (r.method() === 'POST' && new URL(r.url()).pathname === '/api/auth/signin') signIns.push(r.postData() ?? '');
        });
        await page.goto('/signin', { waitUntil: 'commit' });
        await page.getByRole('heading', { name: 'Log In', level: 1 }).waitFor();
        await page.getByLabel('Email Address').fill('nobody-held@example.com');
        await page.getByLabel('Password', { exact: true }).fill('Whatever1!');
        await page.getByRole('button', { name: 'Log In', exact: true }).click();
        // Nothing is sent, and the page stays (its fields never go into the address), until the screen is React's.
        expect(signIns).toEqual([]);
        expect(page.url()).toBe(`${e2e.app.url}/signin`);
        release();
        await page.locator('[data-variant]').getByText('Account Not Found', { exact: true }).waitFor();
        expect(signIns).toHaveLength(1);
        expect(JSON.parse(signIns[0]!)).toMatchObject({ email: 'nobody-held@example.com', password: 'Whatever1!' });
      });
    });
  }

  test("a signed-in person's / is the dashboard, rendered by the client", async () => {
    await e2e.withPage(async (page) => {
      const problems = consoleProblems(page);
      await signedInThroughApi(page.request, e2e.app, { firstName: 'Pia', timezone: EVENING_ZONE });
      expect(await (await page.request.get('/')).text()).toContain('<div id="root"></div>');
      await page.goto('/');
      await page.getByRole('navigation', { name: 'Main' }).waitFor();
      expect(await isReactRoot(page)).toBe(true);
      expect(problems).toEqual([]);
    });
  });
});
