import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { buildTestApp, type TestApp } from '@test/helpers/app';
import { testEngines } from '@test/helpers/db';
import { startFakeGoogle, type FakeGoogle } from '@test/fakes/google-oauth';
import { redactUrl, serializeError } from './logging';

describe('redactUrl', () => {
  it('replaces the values of token, code and state, keeping the path and the other parameters', () => {
    expect(redactUrl('/api/auth/verify-email?token=abc')).toBe('/api/auth/verify-email?token=[redacted]');
    expect(redactUrl('/api/auth/google/callback?state=s1&code=c1&scope=email')).toBe(
      '/api/auth/google/callback?state=[redacted]&code=[redacted]&scope=email',
    );
    expect(redactUrl('/api/auth/google/callback?error=access_denied&state=s1')).toBe(
      '/api/auth/google/callback?error=access_denied&state=[redacted]',
    );
    expect(redactUrl('/api/checkins/history?days=30')).toBe('/api/checkins/history?days=30');
    expect(redactUrl('/dashboard')).toBe('/dashboard');
  });
  it('reads names as the query parser does: any letter case, percent-encoded, repeated, without a value', () => {
    expect(redactUrl('/reset-password?TOKEN=a&%74oken=b&token=c&token')).toBe(
      '/reset-password?TOKEN=[redacted]&%74oken=[redacted]&token=[redacted]&token=[redacted]',
    );
  });
});

describe('serializeError', () => {
  it('keeps class, code, message, stack frames and causes, and drops every other field', () => {
    const cause = Object.assign(new Error('duplicate key value violates unique constraint "users_email_uq"'), {
      code: '23505',
      constraint: 'users_email_uq',
      table: 'users',
      detail: 'Key (email)=(someone@example.com) already exists.',
      params: ['someone@example.com'],
    });
    const err = new Error('outer', { cause });
    const out = serializeError(err);
    expect(out).toMatchObject({
      type: 'Error',
      message: 'outer',
      cause: { type: 'Error', code: '23505', constraint: 'users_email_uq', table: 'users' },
    });
    expect(out.stack).toMatch(/^Error: outer\n\s+at /);
    expect(JSON.stringify(out)).not.toContain('someone@example.com');
  });
});

describe.each(testEngines())('the log keeps secrets out on %s', (engine) => {
  let t: TestApp;
  let google: FakeGoogle;
  const lines: string[] = [];
  const logged = () => lines.map((l) => JSON.parse(l) as Record<string, unknown>);
  beforeAll(async () => {
    google = await startFakeGoogle();
    t = await buildTestApp(engine, { env: google.env, logger: { level: 'info', stream: { write: (l: string) => lines.push(l) } } });
  });
  afterAll(async () => {
    await t.close();
    await google.close();
  });

  it('the request log shows token-bearing routes with their secrets redacted', async () => {
    const secrets = ['VerifySecret0123456789', 'ResetSecret0123456789', 'CodeSecret0123456789', 'StateSecret0123456789'];
    lines.length = 0;
    expect((await t.app.inject({ method: 'GET', url: `/api/auth/verify-email?token=${secrets[0]}` })).statusCode).toBe(400);
    await t.app.inject({ method: 'GET', url: `/reset-password?token=${secrets[1]}` });
    const cb = await t.app.inject({ method: 'GET', url: `/api/auth/google/callback?code=${secrets[2]}&state=${secrets[3]}` });
    expect(cb.statusCode).toBe(302);
    for (const s of secrets) expect(lines.filter((l) => l.includes(s))).toEqual([]);
    const urls = logged().map((l) => (l.req as { url?: string } | undefined)?.url);
    expect(urls).toContain('/api/auth/verify-email?token=[redacted]');
    expect(urls).toContain('/reset-password?token=[redacted]');
    expect(urls).toContain('/api/auth/google/callback?code=[redacted]&state=[redacted]');
  });

  it('a database error is logged with its class, code and message but none of its query parameters', async () => {
    // Any failure the code does not expect: a constraint the insert of this sign-up breaks.
    await t.app.db.execute(sql`ALTER TABLE users ADD CONSTRAINT log_test_no_boom CHECK (first_name <> 'Boom')`);
    const email = 'leak-check@example.com';
    lines.length = 0;
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/auth/signup',
      payload: { firstName: 'Boom', email, password: 'Passw0rd!' },
    });
    expect(res.statusCode).toBe(500);
    for (const secret of [email, '$argon2']) expect(lines.filter((l) => l.includes(secret))).toEqual([]);
    const line = logged().find((l) => l.msg === 'unhandled error');
    expect(line?.err).toMatchObject({
      type: 'DrizzleQueryError',
      message: expect.stringMatching(/^Failed query: insert into "users"/),
      cause: { code: '23514', constraint: 'log_test_no_boom' },
    });
  });
});
