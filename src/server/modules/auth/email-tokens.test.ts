import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { buildTestApp, MemoryMailer, type TestApp } from '@test/helpers/app';
import { testEngines } from '@test/helpers/db';
import { rowsOf } from '@server/db/rows';

const PASSWORD = 'Passw0rd!';

/** Every row of every table of the database, as text. */
async function everyRow(t: TestApp): Promise<string> {
  const tables = await rowsOf<{ name: string }>(
    t.app.db,
    sql`SELECT table_name AS name FROM information_schema.tables WHERE table_schema = current_schema() AND table_type = 'BASE TABLE'`,
  );
  expect(tables.length).toBeGreaterThan(10);
  const out: string[] = [];
  for (const { name } of tables) {
    const rows = await rowsOf<{ r: string }>(t.app.db, sql.raw(`SELECT t::text AS r FROM "${name}" t`));
    out.push(...rows.map((row) => `${name}: ${row.r}`));
  }
  return out.join('\n');
}

const tokenOf = (text: string, path: string) => {
  const m = text.match(new RegExp(`http://localhost:3000${path}\\?token=([A-Za-z0-9_-]+)`));
  expect(m, text).not.toBeNull();
  return m![1]!;
};

/** Issue 31 ("Also"): no table ever holds a usable e-mail link; the job makes the token when it sends. */
describe.each(testEngines())('e-mailed tokens on %s', (engine) => {
  let t: TestApp;
  let mailer: MemoryMailer;
  beforeAll(async () => {
    mailer = new MemoryMailer();
    t = await buildTestApp(engine, { mailer });
  }, 180_000);
  afterAll(async () => t.close());

  it('after a sign-up and a password reset no table holds the raw token, before or after the e-mails go; the links work', async () => {
    const email = 'tokens@example.com';
    const up = await t.app.inject({ method: 'POST', url: '/api/auth/signup', payload: { firstName: 'Ann', email, password: PASSWORD, timezone: 'UTC' } });
    expect(up.statusCode).toBe(201);
    const queued = await everyRow(t);
    await t.app.jobs.drain();
    const verifyToken = tokenOf(mailer.last(email)!.text, '/verify-email');
    expect(mailer.last(email)!.html ?? '').toContain(verifyToken);
    expect(queued).not.toContain(verifyToken);
    expect(queued).not.toMatch(/verify-email\?token=[A-Za-z0-9_-]{20,}/);
    expect(await everyRow(t)).not.toContain(verifyToken);

    const forgot = await t.app.inject({ method: 'POST', url: '/api/auth/forgot-password', payload: { email } });
    expect(forgot.statusCode).toBe(200);
    const queuedReset = await everyRow(t);
    await t.app.jobs.drain();
    const resetToken = tokenOf(mailer.last(email)!.text, '/reset-password');
    expect(queuedReset).not.toContain(resetToken);
    expect(queuedReset).not.toMatch(/reset-password\?token=[A-Za-z0-9_-]{20,}/);
    expect(await everyRow(t)).not.toContain(resetToken);

    // The links made by the job work, once.
    const verified = await t.app.inject({ method: 'GET', url: `/api/auth/verify-email?token=${verifyToken}` });
    expect(verified.statusCode).toBe(200);
    const reset = await t.app.inject({ method: 'POST', url: '/api/auth/reset-password', payload: { token: resetToken, password: 'An0ther-pass!' } });
    expect(reset.statusCode).toBe(200);
    const again = await t.app.inject({ method: 'POST', url: '/api/auth/reset-password', payload: { token: resetToken, password: 'An0ther-pass!' } });
    expect(again.statusCode).toBe(400);
  });

  it('of two links asked for in a row, only one (the latest) works', async () => {
    const email = 'superseded@example.com';
    await t.app.inject({ method: 'POST', url: '/api/auth/signup', payload: { firstName: 'Ann', email, password: PASSWORD, timezone: 'UTC' } });
    await t.app.jobs.drain();
    const before = mailer.sent.filter((m) => m.to.includes(email)).length;
    await t.app.inject({ method: 'POST', url: '/api/auth/forgot-password', payload: { email } });
    await t.app.inject({ method: 'POST', url: '/api/auth/forgot-password', payload: { email } });
    await t.app.jobs.drain();
    const [first, second] = mailer.sent.filter((m) => m.to.includes(email)).slice(before).map((m) => tokenOf(m.text, '/reset-password'));
    const use = (token: string) => t.app.inject({ method: 'POST', url: '/api/auth/reset-password', payload: { token, password: 'An0ther-pass!' } });
    // The jobs may send in either order: exactly one link (the latest's) works.
    const codes = [(await use(first!)).statusCode, (await use(second!)).statusCode].sort();
    expect(codes).toEqual([200, 400]);
  });
});
