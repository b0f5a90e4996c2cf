import { mkdirSync, readFileSync } from 'node:fs';
import { expect, test, useApp } from './fixtures';
import type { Page } from '@playwright/test';
import { sql } from 'drizzle-orm';
import { PDFParse } from 'pdf-parse';
import { openDb } from '../src/server/db/client';
import { seriousA11yViolations } from './helpers/browser';
import { E2E_PASSWORD, signUpVerified, signInThroughScreen } from './helpers/users';
import { EVENING_ZONE as ZONE } from './helpers/zones';

/**
 * The account journey (issue 11): edit name, age and gender; the under-13 notice; export JSON, CSV and the PDF
 * report; contact support; delete the account after declining the one-time offer, then check over every table
 * of the server's own database (opened after the server stopped) that no row of the person is left.
 *
 * Screenshots of /account and its dialogs at 360 px in both themes go to /tmp/h10-shots (not committed).
 */
const SHOTS = process.env.ACCOUNT_SHOTS_DIR ?? '/tmp/h10-shots';
const SUPPORT = 'support@big7.test';

let page: Page;
let email: string;
let userId: string;

const e2e = useApp({ env: { SUPPORT_EMAIL: SUPPORT, DEV_TOOLS: 'on', TEST_CLOCK: 'on' } });
/** One person's whole account, on one page across the tests (each step builds on the one before). */
const shared = e2e.sharedPage({ width: 360, height: 640, timezoneId: ZONE, acceptDownloads: true }, async (p) => {
  page = p;
  mkdirSync(SHOTS, { recursive: true });

  // A person with two check-ins on two days (the server's test clock moves a day between them).
  ({ email } = await signUpVerified(page.request, e2e.app, { firstName: 'Avery', timezone: ZONE }));
  expect((await page.request.post('/api/auth/signin', { data: { email, password: E2E_PASSWORD } })).status()).toBe(200);
  const first = await page.request.post('/api/checkins', { data: { answers: [true, true, false, true, false, true, true] } });
  expect(first.status(), await first.text()).toBeLessThan(300);
  await e2e.app.setClock({ advanceMs: 24 * 60 * 60 * 1000 });
  const second = await page.request.post('/api/checkins', { data: { answers: [true, false, false, false, true, true, true] } });
  expect(second.status(), await second.text()).toBeLessThan(300);
  userId = ((await (await page.request.get('/api/auth/user')).json()) as { id: string }).id;
  await page.request.post('/api/auth/logout');
  await signInThroughScreen(page, email);
});

async function pdfText(buf: Buffer): Promise<string> {
  const parser = new PDFParse({ data: new Uint8Array(buf) });
  try {
    return (await parser.getText()).text;
  } finally {
    await parser.destroy();
  }
}

async function download(button: string): Promise<{ name: string; body: Buffer }> {
  const [dl] = await Promise.all([page.waitForEvent('download'), page.getByRole('button', { name: button }).click()]);
  const path = await dl.path();
  return { name: dl.suggestedFilename(), body: readFileSync(path) };
}

const dialog = () => page.getByRole('dialog');

test.describe('account', () => {
  test('edits name, age and gender; under 13 shows the notice and saves nothing', async () => {
    await page.goto('/account');
    await expect.poll(() => page.getByTestId('account-email').textContent()).toBe(email);

    await page.getByRole('button', { name: /^Name:/ }).click();
    await dialog().getByLabel('First name').fill('  Avery Quinn  ');
    await dialog().getByRole('button', { name: 'Save' }).click();
    await expect.poll(() => page.getByTestId('account-name').textContent()).toBe('Avery Quinn');
    await expect.poll(() => dialog().count()).toBe(0);

    await page.getByRole('button', { name: /^Age:/ }).click();
    await expect.poll(() => page.getByTestId('age-value').textContent()).toBe('25');
    await dialog().getByRole('button', { name: 'Increase age' }).click();
    await dialog().getByRole('button', { name: 'Increase age' }).click();
    await dialog().getByRole('button', { name: 'Save' }).click();
    await expect.poll(() => page.getByTestId('account-age').textContent()).toBe('27');

    // Down to 12: the notice, not a save; Cancel keeps 27.
    await page.getByRole('button', { name: /^Age:/ }).click();
    for (let i = 0; i < 15; i++) await dialog().getByRole('button', { name: 'Decrease age' }).click();
    await expect.poll(() => page.getByTestId('age-value').textContent()).toBe('12');
    await dialog().getByRole('button', { name: 'Save' }).click();
    await page.getByRole('heading', { name: 'Age Requirement Not Met' }).waitFor();
    expect(await dialog().textContent()).toMatch(/permanently deleted/);
    expect(await dialog().getByRole('link', { name: 'Privacy Policy' }).count()).toBe(1);
    await dialog().getByRole('button', { name: 'Cancel' }).click();
    await expect.poll(() => dialog().count()).toBe(0);
    expect(await page.getByTestId('account-age').textContent()).toBe('27');
    const me = (await (await page.request.get('/api/auth/user')).json()) as { age: number; firstName: string };
    expect(me).toMatchObject({ age: 27, firstName: 'Avery Quinn' });

    await page.getByRole('button', { name: /^Gender:/ }).click();
    await dialog().getByRole('radio', { name: 'Prefer not to say' }).click();
    await expect.poll(() => page.getByTestId('account-gender').textContent()).toBe('Prefer not to say');
    expect(shared.errors).toEqual([]);
  });

  test('exports: JSON holds every check-in, CSV one row each, the PDF holds the name and scores', async () => {
    await page.goto('/account');
    const json = await download('Export All Data (JSON)');
    expect(json.name).toMatch(/^big7-data-\d{4}-\d{2}-\d{2}\.json$/);
    const data = JSON.parse(json.body.toString('utf8')) as { checkIns: Array<{ date: string; score: number }>; profile: { firstName: string } };
    expect(data.profile.firstName).toBe('Avery Quinn');
    expect(data.checkIns).toHaveLength(2);

    const csv = await download('Export Check-ins (CSV)');
    expect(csv.name).toMatch(/\.csv$/);
    const lines = csv.body.toString('utf8').trim().split('\r\n');
    expect(lines[0]).toBe('date,rest,exercise,nutrition,goals,boundaries,connection,joy,score,tier,journal');
    expect(lines).toHaveLength(3);

    const pdf = await download('Download Wellness Report (PDF)');
    expect(pdf.name).toMatch(/^big7-wellness-report-\d{4}-\d{2}-\d{2}\.pdf$/);
    const text = await pdfText(pdf.body);
    expect(text).toContain('Avery Quinn');
    // Check-ins scored 5/7 and 4/7: overall 64%.
    expect(text).toContain('64%');
    expect(text).toContain('based on 2 check-ins');
    for (const c of data.checkIns) expect(text).toContain(c.date);
    expect(shared.errors).toEqual([]);
  });

  test('contact support: Send waits for both fields, the e-mail reaches the support address', async () => {
    await page.goto('/account');
    await page.getByRole('button', { name: 'Contact Support' }).click();
    const send = dialog().getByRole('button', { name: 'Send' });
    expect(await send.isDisabled()).toBe(true);
    await dialog().getByLabel('Subject').fill('Streak question');
    expect(await send.isDisabled()).toBe(true);
    await dialog().getByLabel('Message').fill('   ');
    expect(await send.isDisabled()).toBe(true);
    await dialog().getByLabel('Message').fill('Why did my streak reset?');
    expect(await dialog().getByText('24/1000').count()).toBe(1);
    await send.click();
    await page.getByText('Message sent successfully').first().waitFor();
    const mail = await e2e.app.smtp.waitFor((m) => m.to.includes(SUPPORT), 15_000);
    expect(mail.subject).toContain('Streak question');
    expect(mail.text).toContain('Why did my streak reset?');
    expect(mail.text).toContain(email);
    expect(mail.raw).toMatch(new RegExp(`Reply-To: ${email.replace(/[.+]/g, '\\$&')}`, 'i'));
  });

  test('screens at 360 px in both themes (screenshots) without serious axe violations', async () => {
    for (const theme of ['dark', 'light'] as const) {
      await page.evaluate((t) => localStorage.setItem('big7_theme', t), theme);
      await page.goto('/account');
      await page.getByTestId('account-email').waitFor();
      await page.screenshot({ path: `${SHOTS}/account-${theme}.png`, fullPage: true });
      expect(await seriousA11yViolations(page), `/account (${theme})`).toEqual([]);
      const open: Array<[string, () => Promise<void>]> = [
        ['name', () => page.getByRole('button', { name: /^Name:/ }).click()],
        ['age', () => page.getByRole('button', { name: /^Age:/ }).click()],
        ['gender', () => page.getByRole('button', { name: /^Gender:/ }).click()],
        ['support', () => page.getByRole('button', { name: 'Contact Support' }).click()],
        ['sign-out', () => page.getByRole('button', { name: 'Sign Out' }).click()],
        ['delete-offer', () => page.getByRole('button', { name: 'Delete Account' }).click()],
      ];
      for (const [name, show] of open) {
        await show();
        await dialog().waitFor();
        // Every dialog has a visible close button inside the 360×640 viewport.
        const close = dialog().getByRole('button', { name: 'Close' });
        const box = await close.boundingBox();
        expect(box, `${name} close button`).not.toBeNull();
        expect(box!.x + box!.width).toBeLessThanOrEqual(360);
        expect(box!.y).toBeGreaterThanOrEqual(0);
        const dBox = (await dialog().boundingBox())!;
        expect(dBox.height, `${name} fits`).toBeLessThanOrEqual(640);
        await page.screenshot({ path: `${SHOTS}/account-${name}-${theme}.png` });
        expect(await seriousA11yViolations(page), `${name} dialog (${theme})`).toEqual([]);
        await close.click();
        await expect.poll(() => dialog().count()).toBe(0);
      }
      // The under-13 notice.
      await page.getByRole('button', { name: /^Age:/ }).click();
      for (let i = 0; i < 15; i++) await dialog().getByRole('button', { name: 'Decrease age' }).click();
      await dialog().getByRole('button', { name: 'Save' }).click();
      await page.getByRole('heading', { name: 'Age Requirement Not Met' }).waitFor();
      await page.screenshot({ path: `${SHOTS}/account-under-13-${theme}.png` });
      await dialog().getByRole('button', { name: 'Cancel' }).click();
      await expect.poll(() => dialog().count()).toBe(0);
    }
    await page.evaluate(() => localStorage.setItem('big7_theme', 'dark'));
  });

  test('deleting the account (after declining the offer) clears the browser and leaves no row in any table', async () => {
    await page.goto('/account');
    await page.getByRole('button', { name: 'Delete Account' }).click();
    await page.getByRole('heading', { name: 'Before you go: Premium free for 30 days' }).waitFor();
    await dialog().getByRole('button', { name: 'Continue deleting' }).click();
    await page.getByRole('heading', { name: 'Delete Account' }).waitFor();
    await page.screenshot({ path: `${SHOTS}/account-delete-confirm-dark.png` });
    await dialog().getByRole('button', { name: 'Delete Account' }).click();
    await page.waitForURL((u) => u.pathname === '/');
    await expect.poll(() => page.evaluate(() => localStorage.length + sessionStorage.length)).toBe(0);
    expect((await page.request.get('/api/auth/user')).status()).toBe(401);
    expect(shared.errors).toEqual([]);

    // The server's own database, opened after it stopped: no row holds the user's id or address in any table.
    await e2e.app.stopServer();
    const handle = await openDb({ dataDir: e2e.app.dataDir, migrate: false });
    try {
      const q = async <T,>(query: ReturnType<typeof sql>) => ((await handle.db.execute(query)) as unknown as { rows: T[] }).rows;
      const tables = await q<{ table: string }>(sql`SELECT table_name AS "table" FROM information_schema.tables WHERE table_schema = 'public' AND table_type = 'BASE TABLE'`);
      expect(tables.length).toBeGreaterThan(10);
      const left: string[] = [];
      for (const { table } of tables) {
        // Every text-like column of every table: the id or the address anywhere is a leftover.
        const hits = await q<{ n: number }>(
          sql`SELECT count(*)::int AS n FROM ${sql.identifier(table)} t WHERE position(${userId} in t::text) > 0 OR position(${email} in lower(t::text)) > 0`,
        );
        if (hits[0]!.n > 0) left.push(`${table}: ${hits[0]!.n}`);
      }
      expect(left).toEqual([]);
      const checkIns = await q<{ n: number }>(sql`SELECT count(*)::int AS n FROM check_ins`);
      expect(checkIns[0]!.n).toBe(0);
    } finally {
      await handle.close();
    }
  });
});
