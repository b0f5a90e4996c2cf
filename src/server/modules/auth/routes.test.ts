import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { count, eq } from 'drizzle-orm';
import type { InjectOptions } from 'fastify';
import pino from 'pino';
import { buildTestApp, MemoryMailer, type TestApp } from '@test/helpers/app';
import { testEngines } from '@test/helpers/db';
import { findLink, startSmtpSink } from '@test/fakes/smtp';
import { createMailer } from '@server/plugins/mail';
import { emailTokens, sessions, signinFailures, users } from '@server/db/schema/index';
import { SESSION_COOKIE } from '@server/plugins/session';
import { AUTH_MESSAGES } from '@shared/schemas/auth';
import { VERIFY_FIRST_MESSAGES } from '@shared/schemas/verify-first';
import { AUTH_API_MESSAGES, SIGNIN_FAILURE_LIMIT } from './service';

const PASSWORD = 'Passw0rd!';
const HOUR = 60 * 60 * 1000;

type Inject = TestApp['app']['inject'];
type InjectRes = Awaited<ReturnType<Inject>>;

/**
 * Every auth route draws from one per-IP budget (100 per 15 minutes), so each test is a client of its own
 * address: the tests of a file do not spend each other's budget. A test may still name its own address.
 */
let testNumber = 0;
let clientIp = '127.0.0.1';
beforeEach(() => {
  testNumber += 1;
  clientIp = `10.1.${Math.floor(testNumber / 250)}.${(testNumber % 250) + 1}`;
});
const inject = (t: TestApp, opts: InjectOptions): Promise<InjectRes> => t.app.inject({ remoteAddress: clientIp, ...opts });

function sessionCookie(res: InjectRes): string {
  const c = res.cookies.find((k) => k.name === SESSION_COOKIE);
  if (!c || !c.value) throw new Error(`no session cookie in ${JSON.stringify(res.headers['set-cookie'])}`);
  return c.value;
}

async function rowCounts(t: TestApp) {
  const one = async (table: typeof users | typeof sessions | typeof emailTokens | typeof signinFailures) =>
    Number((await t.app.db.select({ n: count() }).from(table))[0]?.n ?? 0);
  return {
    users: await one(users),
    sessions: await one(sessions),
    emailTokens: await one(emailTokens),
    signinFailures: await one(signinFailures),
  };
}

/** Every key anywhere in a JSON value. */
function allKeys(v: unknown, out: string[] = []): string[] {
  if (Array.isArray(v)) v.forEach((x) => allKeys(x, out));
  else if (v && typeof v === 'object')
    for (const [k, x] of Object.entries(v)) {
      out.push(k);
      allKeys(x, out);
    }
  return out;
}

/** Runs the queued e-mail jobs (the runner is off in tests), then reads the link of the last e-mail to `to`. */
async function tokenFrom(t: TestApp, to: string, path: '/verify-email' | '/reset-password'): Promise<string> {
  await t.app.jobs.drain();
  // Due e-mails go out together, in no set order: take the latest one to `to` that carries this kind of link.
  const sent = (t.mailer as MemoryMailer).sent.filter((m) => m.to === to);
  if (!sent.length) throw new Error(`no e-mail to ${to}`);
  const mail = [...sent].reverse().find((m) => m.text.includes(`${path}?token=`)) ?? sent[sent.length - 1]!;
  const m = new RegExp(`http://localhost:3000${path}\\?token=([A-Za-z0-9_-]+)`).exec(mail.text);
  if (!m?.[1]) throw new Error(`no ${path} link in ${mail.text}`);
  return m[1];
}

async function signUp(t: TestApp, email: string, extra: Record<string, unknown> = {}) {
  return inject(t, {
    method: 'POST',
    url: '/api/auth/signup',
    payload: { firstName: 'Ann', email, password: PASSWORD, timezone: 'Europe/London', ...extra },
  });
}

async function signUpVerified(t: TestApp, email: string): Promise<void> {
  expect((await signUp(t, email)).statusCode).toBe(201);
  const token = await tokenFrom(t, email, '/verify-email');
  expect((await inject(t, { method: 'GET', url: `/api/auth/verify-email?token=${token}` })).statusCode).toBe(200);
}

const signIn = (t: TestApp, email: string, password = PASSWORD, remoteAddress?: string) =>
  inject(t, { method: 'POST', url: '/api/auth/signin', payload: { email, password }, ...(remoteAddress ? { remoteAddress } : {}) });

describe.each(testEngines())('auth journey with a real SMTP sink on %s', (engine) => {
  let t: TestApp;
  let sink: Awaited<ReturnType<typeof startSmtpSink>>;
  beforeAll(async () => {
    sink = await startSmtpSink();
    const mailer = createMailer({ smtpUrl: sink.url, from: 'Big 7 <no-reply@big7.test>', log: pino({ level: 'silent' }) });
    t = await buildTestApp(engine, { env: { SMTP_URL: sink.url }, mailer });
  });
  afterAll(async () => {
    await t.close();
    await sink.close();
  });

  it('signs up, verifies through the e-mailed link, signs in, reads the user and logs out', async () => {
    const email = 'journey@example.com';
    const res = await signUp(t, 'Journey@Example.com ');
    expect(res.statusCode).toBe(201);
    // Signed in at once (docs/decisions/037), not yet verified.
    expect(res.json()).toMatchObject({ message: AUTH_API_MESSAGES.signedUp, user: { email, emailVerified: false } });
    const firstSid = sessionCookie(res);
    const meFirst = await inject(t, { method: 'GET', url: '/api/auth/user', cookies: { [SESSION_COOKIE]: firstSid } });
    expect(meFirst.statusCode).toBe(200);
    expect(meFirst.json()).toMatchObject({ email, emailVerified: false });
    // Until verified, purchases and support messages wait, with a sentence saying how to verify.
    const checkout = await inject(t, {
      method: 'POST',
      url: '/api/stripe/create-checkout-session',
      cookies: { [SESSION_COOKIE]: firstSid },
      payload: { productType: 'freeze_day' },
    });
    expect(checkout.statusCode).toBe(403);
    expect(checkout.json()).toEqual({ message: VERIFY_FIRST_MESSAGES.purchase, requiresVerification: true });
    const support = await inject(t, {
      method: 'POST',
      url: '/api/support/contact',
      cookies: { [SESSION_COOKIE]: firstSid },
      payload: { subject: 'Help', message: 'A question' },
    });
    expect(support.statusCode).toBe(403);
    expect(support.json()).toEqual({ message: VERIFY_FIRST_MESSAGES.support, requiresVerification: true });
    // The rest of the app is open: today's check-in status reads.
    const status = await inject(t, { method: 'GET', url: '/api/checkins/today', cookies: { [SESSION_COOKIE]: firstSid } });
    expect(status.statusCode).toBe(200);

    await t.app.jobs.drain();
    const mail = await sink.waitFor((m) => m.to.includes(email));
    expect(mail.subject).toBe('Verify your Big 7 email');
    expect(mail.raw).toMatch(/content-type: text\/plain/i);
    expect(mail.raw).toMatch(/content-type: text\/html/i);
    const link = findLink(mail, 'http://localhost:3000/verify-email?token=');
    const token = new URL(link).searchParams.get('token')!;
    expect(token).toMatch(/^[A-Za-z0-9_-]{43}$/);
    // Only the hash is stored.
    const stored = await t.app.db.select().from(emailTokens);
    expect(stored.map((r) => r.id)).not.toContain(token);

    // Before verification: 403 with requiresVerification.
    const early = await signIn(t, email);
    expect(early.statusCode).toBe(403);
    expect(early.json()).toEqual({ message: AUTH_API_MESSAGES.verifyFirst, requiresVerification: true });

    const verified = await inject(t, { method: 'GET', url: `/api/auth/verify-email?token=${encodeURIComponent(token)}` });
    expect(verified.statusCode).toBe(200);
    expect(verified.json()).toEqual({ message: 'Your email has been verified. You can now sign in.', email });
    // The sign-up's session now passes the check (the verified address is seen at once or within the cache's TTL).
    await expect
      .poll(async () => {
        const r = await inject(t, {
          method: 'POST',
          url: '/api/support/contact',
          cookies: { [SESSION_COOKIE]: firstSid },
          payload: { subject: 'Help', message: 'A question' },
        });
        return r.statusCode;
      }, { timeout: 5_000 })
      .toBe(200);

    const signedIn = await signIn(t, email);
    expect(signedIn.statusCode).toBe(200);
    expect(signedIn.json().message).toBe('Signed in successfully');
    expect(signedIn.json().user).toMatchObject({ email, firstName: 'Ann', emailVerified: true, timezone: 'Europe/London' });
    const setCookie = String(signedIn.headers['set-cookie']);
    expect(setCookie).toMatch(/HttpOnly/i);
    expect(setCookie).toMatch(/SameSite=Lax/i);
    expect(setCookie).not.toMatch(/Secure/i); // APP_URL is http in tests
    const sid = sessionCookie(signedIn);

    const me = await inject(t, { method: 'GET', url: '/api/auth/user', cookies: { [SESSION_COOKIE]: sid } });
    expect(me.statusCode).toBe(200);
    const body = me.json();
    expect(body).toMatchObject({
      email,
      firstName: 'Ann',
      provider: 'email',
      tier: 'free',
      checkInTime: '20:00',
      emailVerified: true,
      isAdmin: false,
      devTools: false,
    });
    expect(new Date(body.createdAt).toISOString()).toBe(body.createdAt);
    for (const k of [...allKeys(body), ...allKeys(signedIn.json())]) expect(k).not.toMatch(/hash|token|password|googleSub/i);
    expect(me.body).not.toContain('$argon2');
    const [row] = await t.app.db.select().from(users).where(eq(users.email, email));
    expect(row?.passwordHash).toMatch(/^\$argon2id\$/);

    const out = await inject(t, { method: 'POST', url: '/api/auth/logout', cookies: { [SESSION_COOKIE]: sid } });
    expect(out.statusCode).toBe(200);
    expect(out.json()).toEqual({ message: 'Logged out' });
    const after = await inject(t, { method: 'GET', url: '/api/auth/user', cookies: { [SESSION_COOKIE]: sid } });
    expect(after.statusCode).toBe(401);
    expect(after.json()).toEqual({ message: 'Unauthorized' });
    // Logout without a session is still fine.
    expect((await inject(t, { method: 'POST', url: '/api/auth/logout' })).statusCode).toBe(200);
  });

  it('e-mails a password reset link through SMTP', async () => {
    const email = 'reset-smtp@example.com';
    expect((await signUp(t, email)).statusCode).toBe(201);
    const res = await inject(t, { method: 'POST', url: '/api/auth/forgot-password', payload: { email } });
    expect(res.statusCode).toBe(200);
    await t.app.jobs.drain();
    const mail = await sink.waitFor((m) => m.to.includes(email) && m.subject === 'Reset your Big 7 password');
    expect(findLink(mail, 'http://localhost:3000/reset-password?token=')).toMatch(/token=[A-Za-z0-9_-]{43}$/);
  });
});

describe.each(testEngines())('auth rules on %s', (engine) => {
  let t: TestApp;
  let mailer: MemoryMailer;
  beforeAll(async () => {
    t = await buildTestApp(engine, { env: { ADMIN_EMAILS: 'Boss@Example.com' } });
    mailer = t.mailer as MemoryMailer;
  });
  afterAll(async () => t.close());

  it('answers 409 for an e-mail already registered, in any letter case, and writes nothing', async () => {
    expect((await signUp(t, 'dup@example.com')).statusCode).toBe(201);
    const before = await rowCounts(t);
    for (const email of ['dup@example.com', 'DUP@Example.COM']) {
      const res = await signUp(t, email);
      expect(res.statusCode).toBe(409);
      expect(res.json().message).toBe('This email is already registered. Please sign in instead.');
    }
    expect(await rowCounts(t)).toEqual(before);
  });

  it('two simultaneous sign-ups with one e-mail make one account (a database constraint) and one 409', async () => {
    const results = await Promise.all([signUp(t, 'race@example.com'), signUp(t, 'RACE@example.com')]);
    expect(results.map((r) => r.statusCode).sort()).toEqual([201, 409]);
    const rows = await t.app.db.select().from(users).where(eq(users.email, 'race@example.com'));
    expect(rows).toHaveLength(1);
  });

  it('a verification link used twice at the same moment verifies once', async () => {
    expect((await signUp(t, 'race-verify@example.com')).statusCode).toBe(201);
    const token = await tokenFrom(t, 'race-verify@example.com', '/verify-email');
    const results = await Promise.all(
      [1, 2].map(() => inject(t, { method: 'GET', url: `/api/auth/verify-email?token=${token}` })),
    );
    expect(results.map((r) => r.statusCode).sort()).toEqual([200, 400]);
  });

  it('answers 404 for an unknown e-mail and 401 for a wrong password', async () => {
    const none = await signIn(t, 'nobody@example.com');
    expect(none.statusCode).toBe(404);
    expect(none.json().message).toBe('No user found with this email. Please register first.');
    await signUpVerified(t, 'wrongpw@example.com');
    const wrong = await signIn(t, 'wrongpw@example.com', 'Wrong0ne!');
    expect(wrong.statusCode).toBe(401);
    expect(wrong.json().message).toBe('Wrong password. Please try again.');
    expect(wrong.cookies.find((c) => c.name === SESSION_COOKIE)).toBeUndefined();
  });

  it('tells a Google-only account to use Google', async () => {
    await t.app.db.insert(users).values({ email: 'gonly@example.com', firstName: 'G', provider: 'google', googleSub: 'g-only' });
    const res = await signIn(t, 'gonly@example.com');
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe('This account uses Google sign-in. Please use Login with Google.');
  });

  it('marks admins from ADMIN_EMAILS', async () => {
    await signUpVerified(t, 'boss@example.com');
    const res = await signIn(t, 'boss@example.com');
    expect(res.json().user.isAdmin).toBe(true);
  });

  it('limits failed sign-ins per e-mail: 10 failures in 15 minutes, then 429 with Retry-After', async () => {
    const email = 'limited@example.com';
    await signUpVerified(t, email);
    for (let i = 0; i < 10; i++) expect((await signIn(t, email, 'Wrong0ne!')).statusCode).toBe(401);
    const blocked = await signIn(t, email); // even the right password
    expect(blocked.statusCode).toBe(429);
    expect(blocked.json().message).toContain('Too Many Requests');
    const retryAfter = Number(blocked.headers['retry-after']);
    expect(retryAfter).toBeGreaterThan(0);
    expect(retryAfter).toBeLessThanOrEqual(15 * 60);
    // Another e-mail from the same place is unaffected.
    expect((await signIn(t, 'wrongpw@example.com')).statusCode).toBe(200);
    // The window passes: the right password works and clears the failures.
    t.clock.advance(15 * 60 * 1000 + 1000);
    expect((await signIn(t, email)).statusCode).toBe(200);
    const left = await t.app.db.select().from(signinFailures).where(eq(signinFailures.email, email));
    expect(left).toHaveLength(0);
  });

  it('a successful sign-in clears earlier failures', async () => {
    const email = 'clears@example.com';
    await signUpVerified(t, email);
    for (let i = 0; i < 9; i++) expect((await signIn(t, email, 'Wrong0ne!')).statusCode).toBe(401);
    expect((await signIn(t, email)).statusCode).toBe(200);
    for (let i = 0; i < 9; i++) expect((await signIn(t, email, 'Wrong0ne!')).statusCode).toBe(401);
    expect((await signIn(t, email)).statusCode).toBe(200);
  });

  it('a blank password is a 400 "Password is required" that does not count toward the failure limit', async () => {
    const email = 'blankpw@example.com';
    await signUpVerified(t, email);
    const before = await rowCounts(t);
    for (const password of ['', ' ', '   ', '\t', ' \n ', '', '  ', ' ', '    ', '\t\t', ' ', '  ']) {
      const res = await signIn(t, email, password);
      expect(res.statusCode).toBe(400);
      expect(res.json()).toEqual({
        message: 'Password is required',
        errors: [{ field: 'password', message: 'Password is required' }],
      });
      expect(res.cookies.find((c) => c.name === SESSION_COOKIE)).toBeUndefined();
    }
    expect(await rowCounts(t)).toEqual(before);
    // The whole allowance of wrong passwords is still there, and then the limit applies.
    for (let i = 0; i < SIGNIN_FAILURE_LIMIT; i++) expect((await signIn(t, email, 'Wrong0ne!')).statusCode).toBe(401);
    expect((await signIn(t, email)).statusCode).toBe(429);
  });

  it('limits auth requests per IP: 100 per 15 minutes, then 429 with Retry-After', async () => {
    const ip = '203.0.113.9';
    for (let i = 0; i < 100; i++) {
      const res = await inject(t, {
        method: 'POST',
        url: '/api/auth/forgot-password',
        payload: { email: `ip${i}@example.com` },
        remoteAddress: ip,
      });
      expect(res.statusCode).toBe(200);
    }
    const blocked = await inject(t, {
      method: 'POST',
      url: '/api/auth/forgot-password',
      payload: { email: 'ip-last@example.com' },
      remoteAddress: ip,
    });
    expect(blocked.statusCode).toBe(429);
    expect(blocked.json()).toEqual({ message: 'Too Many Requests' });
    expect(Number(blocked.headers['retry-after'])).toBeGreaterThan(0);
    const other = await inject(t, {
      method: 'POST',
      url: '/api/auth/forgot-password',
      payload: { email: 'ip-last@example.com' },
      remoteAddress: '203.0.113.10',
    });
    expect(other.statusCode).toBe(200);
  });

  it('rejects an expired verification link (after 24 h) and offers a new one by resend', async () => {
    const email = 'expired@example.com';
    expect((await signUp(t, email)).statusCode).toBe(201);
    const token = await tokenFrom(t, email, '/verify-email');
    t.clock.advance(25 * HOUR);
    const res = await inject(t, { method: 'GET', url: `/api/auth/verify-email?token=${token}` });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe('This verification link has expired. Request a new one.');
    expect((await signIn(t, email)).statusCode).toBe(403);

    const resend = await inject(t, { method: 'POST', url: '/api/auth/resend-verification', payload: { email } });
    expect(resend.statusCode).toBe(200);
    expect(resend.json().message).toBe('If an unverified account exists for this email, a new verification link has been sent.');
    const fresh = await tokenFrom(t, email, '/verify-email');
    expect(fresh).not.toBe(token);
    expect((await inject(t, { method: 'GET', url: `/api/auth/verify-email?token=${fresh}` })).statusCode).toBe(200);
    expect((await signIn(t, email)).statusCode).toBe(200);
  });

  it('uses a verification link once, and a resend invalidates the earlier link', async () => {
    const email = 'reuse@example.com';
    expect((await signUp(t, email)).statusCode).toBe(201);
    const first = await tokenFrom(t, email, '/verify-email');
    await inject(t, { method: 'POST', url: '/api/auth/resend-verification', payload: { email } });
    const second = await tokenFrom(t, email, '/verify-email');
    const old = await inject(t, { method: 'GET', url: `/api/auth/verify-email?token=${first}` });
    expect(old.statusCode).toBe(400);
    expect(old.json().message).toBe('This verification link is invalid or has already been used.');
    expect((await inject(t, { method: 'GET', url: `/api/auth/verify-email?token=${second}` })).statusCode).toBe(200);
    const again = await inject(t, { method: 'GET', url: `/api/auth/verify-email?token=${second}` });
    expect(again.statusCode).toBe(400);
    expect(again.json().message).toBe('This verification link is invalid or has already been used.');
    const bogus = await inject(t, { method: 'GET', url: '/api/auth/verify-email?token=not-a-real-token' });
    expect(bogus.statusCode).toBe(400);
    const missing = await inject(t, { method: 'GET', url: '/api/auth/verify-email' });
    expect(missing.statusCode).toBe(400);
    expect(missing.json().message).toContain('This verification link is invalid');
  });

  it('resend and forgot-password give the same answer whether or not the account exists, and send nothing for unknown ones', async () => {
    const before = mailer.sent.length;
    const r1 = await inject(t, { method: 'POST', url: '/api/auth/resend-verification', payload: { email: 'ghost@example.com' } });
    const r2 = await inject(t, { method: 'POST', url: '/api/auth/forgot-password', payload: { email: 'ghost@example.com' } });
    expect(r1.statusCode).toBe(200);
    expect(r2.statusCode).toBe(200);
    expect(r2.json().message).toBe('If an account exists for this email, a password reset link has been sent.');
    // A verified account gets no new verification link either.
    await inject(t, { method: 'POST', url: '/api/auth/resend-verification', payload: { email: 'wrongpw@example.com' } });
    await t.app.jobs.drain();
    expect(mailer.sent.length).toBe(before);
  });

  it('resets a password with a single-use 1-hour link, revoking every session', async () => {
    const email = 'forgot@example.com';
    await signUpVerified(t, email);
    const sidA = sessionCookie(await signIn(t, email));
    const sidB = sessionCookie(await signIn(t, email));

    // An expired link.
    await inject(t, { method: 'POST', url: '/api/auth/forgot-password', payload: { email } });
    const stale = await tokenFrom(t, email, '/reset-password');
    expect(mailer.last(email)?.subject).toBe('Reset your Big 7 password');
    t.clock.advance(HOUR + 1000);
    const expired = await inject(t, {
      method: 'POST',
      url: '/api/auth/reset-password',
      payload: { token: stale, password: 'N3wPass!word' },
    });
    expect(expired.statusCode).toBe(400);
    expect(expired.json().message).toBe('This password reset link has expired. Request a new one.');

    // A fresh link, but the new password breaks the rules: 400 and the link still works afterwards.
    await inject(t, { method: 'POST', url: '/api/auth/forgot-password', payload: { email } });
    const token = await tokenFrom(t, email, '/reset-password');
    const weak = await inject(t, { method: 'POST', url: '/api/auth/reset-password', payload: { token, password: 'short' } });
    expect(weak.statusCode).toBe(400);
    expect(weak.json().message).toContain('Password must be at least 6 characters long');

    const ok = await inject(t, { method: 'POST', url: '/api/auth/reset-password', payload: { token, password: 'N3wPass!word' } });
    expect(ok.statusCode).toBe(200);
    expect(ok.json()).toEqual({ message: 'Your password has been reset. You can now sign in.' });
    for (const sid of [sidA, sidB]) {
      const me = await inject(t, { method: 'GET', url: '/api/auth/user', cookies: { [SESSION_COOKIE]: sid } });
      expect(me.statusCode).toBe(401);
    }
    const reused = await inject(t, { method: 'POST', url: '/api/auth/reset-password', payload: { token, password: 'An0ther!pass' } });
    expect(reused.statusCode).toBe(400);
    expect(reused.json().message).toBe('This password reset link is invalid or has already been used.');

    expect((await signIn(t, email)).statusCode).toBe(401);
    expect((await signIn(t, email, 'N3wPass!word')).statusCode).toBe(200);
  });

  it('signing in again in the same browser revokes the session that browser held', async () => {
    const email = 'same-browser@example.com';
    const other = 'same-browser-other@example.com';
    await signUpVerified(t, email);
    await signUpVerified(t, other);
    const first = sessionCookie(await signIn(t, email));
    const elsewhere = sessionCookie(await signIn(t, email));
    const signInWith = (sid: string, who: string) =>
      inject(t, { method: 'POST', url: '/api/auth/signin', payload: { email: who, password: PASSWORD }, cookies: { [SESSION_COOKIE]: sid } });
    const second = sessionCookie(await signInWith(first, email));
    expect(second).not.toBe(first);
    const me = (sid: string) => inject(t, { method: 'GET', url: '/api/auth/user', cookies: { [SESSION_COOKIE]: sid } });
    expect((await me(first)).statusCode).toBe(401);
    expect((await me(second)).statusCode).toBe(200);
    // Another browser's session of the same account is not this browser's: it stays.
    expect((await me(elsewhere)).statusCode).toBe(200);
    // Signing in as someone else in that browser ends the first account's session there too.
    const third = sessionCookie(await signInWith(second, other));
    expect((await me(second)).statusCode).toBe(401);
    expect((await me(third)).json().email).toBe(other);
  });

  it('a password reset also verifies the e-mail', async () => {
    const email = 'reset-unverified@example.com';
    expect((await signUp(t, email)).statusCode).toBe(201);
    const forgot = await inject(t, { method: 'POST', url: '/api/auth/forgot-password', payload: { email } });
    expect(forgot.statusCode, forgot.body).toBe(200);
    const token = await tokenFrom(t, email, '/reset-password');
    expect((await inject(t, { method: 'POST', url: '/api/auth/reset-password', payload: { token, password: 'N3wPass!word' } })).statusCode).toBe(200);
    expect((await signIn(t, email, 'N3wPass!word')).statusCode).toBe(200);
  });

  describe('bad input: 400 with a readable message and nothing written', () => {
    const MB = 'a'.repeat(1024 * 1024);
    const valid = { firstName: 'Bo', email: 'bad-input@example.com', password: PASSWORD, timezone: 'Europe/Paris' };
    const TZ = 'Timezone must be an IANA timezone name such as Europe/London';
    // The exact top-level message a person sees: our own messages have no "field: " prefix.
    const cases: Array<[string, string, unknown, string]> = [
      ['signup without a body', '/api/auth/signup', undefined, 'The request body must be a JSON object'],
      ['signup with no fields', '/api/auth/signup', {}, 'First name is required'],
      ['signup without firstName', '/api/auth/signup', { ...valid, firstName: undefined }, 'First name is required'],
      ['signup without email', '/api/auth/signup', { ...valid, email: undefined }, 'Email address is required'],
      ['signup with a blank email', '/api/auth/signup', { ...valid, email: '  ' }, 'Email address is required'],
      ['signup without password', '/api/auth/signup', { ...valid, password: undefined }, 'Password is required'],
      ['signup with a blank password', '/api/auth/signup', { ...valid, password: '      ' }, 'Password is required'],
      ['signup with a blank first name', '/api/auth/signup', { ...valid, firstName: '   ' }, 'First name is required'],
      ['signup with a malformed e-mail', '/api/auth/signup', { ...valid, email: 'not an email' }, 'Please enter a valid email address'],
      ['signup with a number for email', '/api/auth/signup', { ...valid, email: 12345 }, 'Email must be text'],
      ['signup with an array for password', '/api/auth/signup', { ...valid, password: ['Passw0rd!'] }, 'Password must be text'],
      ['signup with an object for firstName', '/api/auth/signup', { ...valid, firstName: { a: 1 } }, 'First name must be text'],
      ['signup with a short password', '/api/auth/signup', { ...valid, password: 'Ab1!' }, 'Password must be at least 6 characters long'],
      ['signup without an uppercase letter', '/api/auth/signup', { ...valid, password: 'passw0rd!' }, 'Password must contain at least one uppercase letter'],
      ['signup without a number', '/api/auth/signup', { ...valid, password: 'Password!' }, 'Password must contain at least one number'],
      ['signup without a special character', '/api/auth/signup', { ...valid, password: 'Passw0rd' }, AUTH_MESSAGES.passwordSpecial],
      ['signup with a 1 MB first name', '/api/auth/signup', { ...valid, firstName: MB }, 'First name must be at most 50 characters long'],
      ['signup with a 1 MB email', '/api/auth/signup', { ...valid, email: `${MB}@example.com` }, 'Email address must be at most 254 characters long'],
      ['signup with a 1 MB password', '/api/auth/signup', { ...valid, password: `${MB}A1!` }, 'Password must be at most 128 characters long'],
      ['signup with a 1 MB timezone', '/api/auth/signup', { ...valid, timezone: MB }, TZ],
      ['signup with an invalid timezone', '/api/auth/signup', { ...valid, timezone: 'Mars/Olympus_Mons' }, TZ],
      ['signin with no fields', '/api/auth/signin', {}, 'Email is required'],
      ['signin without password', '/api/auth/signin', { email: 'x@example.com' }, 'Password is required'],
      ['signin with an empty password', '/api/auth/signin', { email: 'x@example.com', password: '' }, 'Password is required'],
      ['signin with a blank password', '/api/auth/signin', { email: 'x@example.com', password: ' \t  ' }, 'Password is required'],
      ['signin with a number for email', '/api/auth/signin', { email: 42, password: PASSWORD }, 'Email must be text'],
      ['signin with an array for password', '/api/auth/signin', { email: 'x@example.com', password: ['a'] }, 'Password must be text'],
      ['signin with a 1 MB email', '/api/auth/signin', { email: `${MB}@example.com`, password: PASSWORD }, 'Email address must be at most 254 characters long'],
      ['signin with a 1 MB e-mail without an @', '/api/auth/signin', { email: MB, password: PASSWORD }, 'Please enter a valid email address'],
      ['signin with a 1 MB password', '/api/auth/signin', { email: 'x@example.com', password: MB }, 'Password must be at most 128 characters long'],
      ['resend with no email', '/api/auth/resend-verification', {}, 'Email is required'],
      ['resend with a malformed e-mail', '/api/auth/resend-verification', { email: 'a@b' }, 'Please enter a valid email address'],
      ['resend with a 1 MB email', '/api/auth/resend-verification', { email: `${MB}@example.com` }, 'Email address must be at most 254 characters long'],
      ['forgot with a number for email', '/api/auth/forgot-password', { email: 7 }, 'Email must be text'],
      ['reset without token', '/api/auth/reset-password', { password: PASSWORD }, 'The reset link is missing its token'],
      ['reset with a 1 MB token', '/api/auth/reset-password', { token: MB, password: PASSWORD }, 'This reset link is invalid. Request a new one.'],
      ['reset with an array for password', '/api/auth/reset-password', { token: 'abc', password: [PASSWORD] }, 'Password must be text'],
    ];

    it.each(cases)('%s', async (_name, url, payload, expected) => {
      const before = await rowCounts(t);
      const sentBefore = mailer.sent.length;
      const res = await inject(t, {
        method: 'POST',
        url,
        ...(payload === undefined ? {} : { payload: payload as Record<string, unknown> }),
      });
      expect(res.statusCode).toBe(400);
      const body = res.json();
      expect(typeof body.message).toBe('string');
      expect(body.message.length).toBeGreaterThan(0);
      expect(body.message.length).toBeLessThan(300);
      expect(body.message).toBe(expected);
      // Each field problem is listed once, with its field.
      const errors = body.errors as Array<{ field: string; message: string }>;
      expect(errors.map((e) => e.message)).toContain(expected);
      expect(new Set(errors.map((e) => JSON.stringify(e))).size).toBe(errors.length);
      expect(await rowCounts(t)).toEqual(before);
      await t.app.jobs.drain();
      expect(mailer.sent.length).toBe(sentBefore);
    });

    it('invalid JSON', async () => {
      const before = await rowCounts(t);
      for (const url of ['/api/auth/signup', '/api/auth/signin']) {
        const res = await inject(t, {
          method: 'POST',
          url,
          headers: { 'content-type': 'application/json' },
          payload: '{"email": "a@example.com", "password": ',
        });
        expect(res.statusCode).toBe(400);
        expect(res.json().message).toBe('The request body is not valid JSON');
      }
      expect(await rowCounts(t)).toEqual(before);
    });
  });

  it('refuses a state-changing call from another origin', async () => {
    const before = await rowCounts(t);
    const res = await inject(t, {
      method: 'POST',
      url: '/api/auth/signup',
      headers: { origin: 'https://evil.example' },
      payload: { firstName: 'Eve', email: 'eve@example.com', password: PASSWORD },
    });
    expect(res.statusCode).toBe(403);
    expect(await rowCounts(t)).toEqual(before);
    const same = await inject(t, {
      method: 'POST',
      url: '/api/auth/resend-verification',
      headers: { origin: 'http://localhost:3000' },
      payload: { email: 'eve@example.com' },
    });
    expect(same.statusCode).toBe(200);
  });

  it('reports whether Google sign-in is configured', async () => {
    const res = await inject(t, { method: 'GET', url: '/api/auth/providers' });
    expect(res.json()).toEqual({ google: false });
  });
});

describe.each(testEngines())('auth when the mail server fails on %s', (engine) => {
  let t: TestApp;
  const failing = { send: async () => Promise.reject(new Error('SMTP down')), close() {} };
  beforeAll(async () => {
    t = await buildTestApp(engine, { mailer: failing });
  });
  afterAll(async () => t.close());

  it('still creates the account (a new link can be requested later) and still answers forgot-password', async () => {
    const res = await signUp(t, 'nomail@example.com');
    expect(res.statusCode).toBe(201);
    const rows = await t.app.db.select().from(users).where(eq(users.email, 'nomail@example.com'));
    expect(rows).toHaveLength(1);
    const resend = await inject(t, { method: 'POST', url: '/api/auth/resend-verification', payload: { email: 'nomail@example.com' } });
    expect(resend.statusCode).toBe(200);
    const forgot = await inject(t, { method: 'POST', url: '/api/auth/forgot-password', payload: { email: 'nomail@example.com' } });
    expect(forgot.statusCode).toBe(200);
  });
});

describe.each(testEngines())('auth when the mail server never answers on %s', (engine) => {
  let t: TestApp;
  const stalled = { send: () => new Promise<void>(() => {}), close() {} };
  beforeAll(async () => {
    t = await buildTestApp(engine, { mailer: stalled });
  });
  afterAll(async () => t.close());

  it('sign-up, resend and forgot-password answer at once (the e-mail goes out in the background)', async () => {
    expect((await signUp(t, 'slowmail@example.com')).statusCode).toBe(201);
    for (const url of ['/api/auth/resend-verification', '/api/auth/forgot-password']) {
      for (const email of ['slowmail@example.com', 'nobody@example.com']) {
        const res = await inject(t, { method: 'POST', url, payload: { email } });
        expect(res.statusCode, `${url} ${email}`).toBe(200);
      }
    }
  });
});
