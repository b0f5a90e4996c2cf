import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, MemoryMailer, type TestApp } from '@test/helpers/app';
import { testEngines } from '@test/helpers/db';
import { createUser, signInAs } from '@test/helpers/users';
import { users } from '@server/db/schema/index';
import { AUTH_MESSAGES, MAX_NAME_LENGTH } from '@shared/schemas/auth';
import { PROFILE_MESSAGES } from '@shared/schemas/account';

const PASSWORD = 'Passw0rd!';
/** Issue 31: each of these made an account that nodemailer delivered to victim@x.test. */
const SHAPES = ['(1)victim@x.test', 'foo,victim@x.test', 'x<victim@x.test>', 'a;victim@x.test', '"a b"@x.test', 'victim@x.test (me)'];

describe.each(testEngines())('a plain e-mail address and a plain first name (issue 31) on %s', (engine) => {
  let t: TestApp;
  let mailer: MemoryMailer;
  beforeAll(async () => {
    mailer = new MemoryMailer();
    t = await buildTestApp(engine, { now: '2026-03-10T12:00:00Z', mailer });
  });
  afterAll(async () => t.close());
  const post = (url: string, payload: object) => t.app.inject({ method: 'POST', url, payload });

  it('display names, comments and lists are refused (400) at sign-up, sign-in, resend and forgot-password; nothing made or sent', async () => {
    for (const email of SHAPES) {
      for (const [url, payload] of [
        ['/api/auth/signup', { firstName: 'Eve', email, password: PASSWORD }],
        ['/api/auth/signin', { email, password: PASSWORD }],
        ['/api/auth/resend-verification', { email }],
        ['/api/auth/forgot-password', { email }],
      ] as const) {
        const res = await post(url, payload);
        expect(res.statusCode, `${url} ${email}`).toBe(400);
        expect(res.json().message, `${url} ${email}`).toBe(AUTH_MESSAGES.emailInvalid);
      }
    }
    await t.app.jobs.drain();
    expect(await t.app.db.select().from(users)).toEqual([]);
    expect(mailer.sent).toEqual([]);
  });

  it('a plain address is still accepted, its domain lower-cased', async () => {
    const res = await post('/api/auth/signup', { firstName: "Zoë O'Neil", email: 'Zoe.Ng+big7@Example.COM', password: PASSWORD });
    expect(res.statusCode).toBe(201);
    const [row] = await t.app.db.select().from(users);
    expect(row!.email).toBe('zoe.ng+big7@example.com');
  });

  it('a first name with a web address, < or >, a control character or over 50 characters is refused (400)', async () => {
    const bad = ['Visit http://evil.test', 'www.evil.test', 'Ana <b>', 'Ana\u0007', 'Ana\u001b[31m', 'a'.repeat(MAX_NAME_LENGTH + 1), 'hxxps://x', 'See HTTPS://x.test'];
    for (const [i, firstName] of bad.entries()) {
      const res = await post('/api/auth/signup', { firstName, email: `name${i}@example.com`, password: PASSWORD });
      expect(res.statusCode, JSON.stringify(firstName)).toBe(400);
      expect(res.json().message).toBe(firstName.length > MAX_NAME_LENGTH ? AUTH_MESSAGES.nameTooLong : AUTH_MESSAGES.nameNotPlain);
    }
    expect(await t.app.db.select().from(users)).toHaveLength(1); // only Zoë
    // The profile's name follows the same rule.
    const cookie = await signInAs(t.app, await createUser(t.app.db, { firstName: 'Pat' }));
    const patch = await t.app.inject({ method: 'PATCH', url: '/api/user/profile', headers: { cookie }, payload: { firstName: 'www.evil.test' } });
    expect(patch.statusCode).toBe(400);
    expect(patch.json().message).toBe(PROFILE_MESSAGES.nameNotPlain);
  });
});
