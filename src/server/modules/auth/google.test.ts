import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { count, eq } from 'drizzle-orm';
import { buildTestApp, MemoryMailer, type TestApp } from '@test/helpers/app';
import { testEngines } from '@test/helpers/db';
import { startFakeGoogle, type FakeGoogle } from '@test/fakes/google-oauth';
import { emailTokens, sessions, users } from '@server/db/schema/index';
import { hashToken, SESSION_COOKIE } from '@server/plugins/session';
import { newEmailToken } from './tokens';

type InjectRes = Awaited<ReturnType<TestApp['app']['inject']>>;

const cookiesOf = (res: InjectRes): Record<string, string> =>
  Object.fromEntries(res.cookies.filter((c) => c.value).map((c) => [c.name, c.value]));

/** The outcome query of a redirect back to the app's root. */
function outcome(res: InjectRes): Record<string, string> {
  expect(res.statusCode).toBe(302);
  const location = String(res.headers.location);
  expect(location.startsWith('/?')).toBe(true);
  return Object.fromEntries(new URL(location, 'http://localhost:3000').searchParams);
}

async function userCount(t: TestApp) {
  return Number((await t.app.db.select({ n: count() }).from(users))[0]?.n ?? 0);
}

/**
 * Starts the flow at /api/auth/google, lets the fake provider answer /authorize (as the browser would),
 * and returns the callback path plus the cookies the browser would carry.
 */
async function runToCallback(t: TestApp, query = 'flow=signup&timezone=Europe%2FBerlin') {
  const start = await t.app.inject({ method: 'GET', url: `/api/auth/google?${query}` });
  expect(start.statusCode).toBe(302);
  const authorizeUrl = new URL(String(start.headers.location));
  const cookies = cookiesOf(start);
  const back = await fetch(authorizeUrl, { redirect: 'manual' });
  expect(back.status).toBe(302);
  const callback = new URL(back.headers.get('location')!);
  expect(callback.origin + callback.pathname).toBe('http://localhost:3000/api/auth/google/callback');
  return { authorizeUrl, cookies, callbackPath: callback.pathname + callback.search, startSetCookie: start.headers['set-cookie'] };
}

const callback = (t: TestApp, path: string, cookies: Record<string, string>) =>
  t.app.inject({ method: 'GET', url: path, cookies });

describe.each(testEngines())('Google sign-in against a fake OAuth provider on %s', (engine) => {
  let t: TestApp;
  let google: FakeGoogle;
  beforeAll(async () => {
    google = await startFakeGoogle();
    t = await buildTestApp(engine, { env: google.env });
  });
  afterAll(async () => {
    await t.close();
    await google.close();
  });

  it('reports Google as configured', async () => {
    expect((await t.app.inject({ method: 'GET', url: '/api/auth/providers' })).json()).toEqual({ google: true });
  });

  it('sends the browser to the provider with PKCE (S256), state and short-lived HttpOnly cookies', async () => {
    const { authorizeUrl, cookies, startSetCookie } = await runToCallback(t);
    expect(authorizeUrl.origin + authorizeUrl.pathname).toBe(`${google.url}/authorize`);
    const q = authorizeUrl.searchParams;
    expect(q.get('client_id')).toBe(google.env.GOOGLE_CLIENT_ID);
    expect(q.get('redirect_uri')).toBe('http://localhost:3000/api/auth/google/callback');
    expect(q.get('code_challenge_method')).toBe('S256');
    expect(q.get('scope')).toBe('openid email profile');
    expect(q.get('state')).toBe(cookies.big7_g_state);
    expect(q.get('code_challenge')).not.toBe(cookies.big7_g_verifier);
    const setCookies = ([] as string[]).concat(startSetCookie ?? []);
    expect(setCookies.length).toBeGreaterThanOrEqual(4);
    for (const c of setCookies.filter((c) => /big7_g_(state|verifier|flow|tz)=[^;]/.test(c))) {
      expect(c).toMatch(/HttpOnly/i);
      expect(c).toMatch(/Max-Age=600/i);
      expect(c).toMatch(/SameSite=Lax/i);
    }
    expect(cookies.big7_g_tz).toBe('Europe/Berlin');
  });

  it('creates a verified account for a new Google user and signs them in', async () => {
    google.nextUser = {
      sub: 'g-new-1',
      email: 'New.Person@Gmail.com',
      email_verified: true,
      given_name: 'Nia',
      family_name: 'Person',
      picture: 'https://example.com/nia.png',
    };
    const before = await userCount(t);
    const { cookies, callbackPath } = await runToCallback(t);
    const res = await callback(t, callbackPath, cookies);
    expect(outcome(res)).toEqual({ auth: 'success', provider: 'google' });
    expect(google.tokenRequests.at(-1)).toEqual({ ok: true });
    // The one-time cookies are cleared.
    const cleared = res.cookies.filter((c) => c.name.startsWith('big7_g_'));
    expect(cleared.map((c) => c.name).sort()).toEqual(['big7_g_flow', 'big7_g_state', 'big7_g_tz', 'big7_g_verifier']);
    expect(cleared.every((c) => !c.value)).toBe(true);
    expect(await userCount(t)).toBe(before + 1);

    const sid = cookiesOf(res)[SESSION_COOKIE]!;
    expect(sid).toBeTruthy();
    const me = await t.app.inject({ method: 'GET', url: '/api/auth/user', cookies: { [SESSION_COOKIE]: sid } });
    expect(me.statusCode).toBe(200);
    expect(me.json()).toMatchObject({
      email: 'new.person@gmail.com',
      firstName: 'Nia',
      lastName: 'Person',
      profileImageUrl: 'https://example.com/nia.png',
      provider: 'google',
      emailVerified: true,
      timezone: 'Europe/Berlin',
    });

    // Signing in again finds the same account by its Google id.
    google.nextUser = { ...google.nextUser, email: 'changed@gmail.com' };
    const again = await runToCallback(t, 'flow=login');
    expect(outcome(await callback(t, again.callbackPath, again.cookies))).toEqual({ auth: 'success', provider: 'google' });
    expect(await userCount(t)).toBe(before + 1);

    // A password sign-in for the Google-only account is pointed to Google.
    const pw = await t.app.inject({
      method: 'POST',
      url: '/api/auth/signin',
      payload: { email: 'new.person@gmail.com', password: 'Passw0rd!' },
    });
    expect(pw.statusCode).toBe(400);
    expect(pw.json().message).toBe('This account uses Google sign-in. Please use Login with Google.');
  });

  it('links Google to an existing e-mail account (verified by Google) and marks it verified', async () => {
    const signup = await t.app.inject({
      method: 'POST',
      url: '/api/auth/signup',
      payload: { firstName: 'Lin', email: 'link@example.com', password: 'Passw0rd!' },
    });
    expect(signup.statusCode).toBe(201);
    const [existing] = await t.app.db.select().from(users).where(eq(users.email, 'link@example.com'));
    expect(existing?.emailVerifiedAt).toBeNull();
    const before = await userCount(t);

    google.nextUser = { sub: 'g-link-1', email: 'Link@Example.com', email_verified: true, given_name: 'Other' };
    const { cookies, callbackPath } = await runToCallback(t);
    const res = await callback(t, callbackPath, cookies);
    expect(outcome(res)).toEqual({ auth: 'success', provider: 'google' });
    expect(await userCount(t)).toBe(before);
    const [linked] = await t.app.db.select().from(users).where(eq(users.email, 'link@example.com'));
    expect(linked?.id).toBe(existing?.id);
    expect(linked?.googleSub).toBe('g-link-1');
    expect(linked?.emailVerifiedAt).not.toBeNull();
    expect(linked?.firstName).toBe('Lin');
    expect(linked?.provider).toBe('email');
    const me = await t.app.inject({ method: 'GET', url: '/api/auth/user', cookies: { [SESSION_COOKIE]: cookiesOf(res)[SESSION_COOKIE]! } });
    expect(me.json()).toMatchObject({ id: existing?.id, emailVerified: true });
    // The password was set before anyone proved they own the address (it could be a squatter's): linking does
    // not make it work. The owner signs in with Google or sets a password through the e-mailed reset link.
    const pw = await t.app.inject({
      method: 'POST',
      url: '/api/auth/signin',
      payload: { email: 'link@example.com', password: 'Passw0rd!' },
    });
    expect(pw.statusCode).toBe(400);
    expect(pw.json().message).toBe('This account uses Google sign-in. Please use Login with Google.');
  });

  it('linking Google to an already verified e-mail account keeps its password working', async () => {
    const signup = await t.app.inject({
      method: 'POST',
      url: '/api/auth/signup',
      payload: { firstName: 'Vera', email: 'link-verified@example.com', password: 'Passw0rd!' },
    });
    expect(signup.statusCode).toBe(201);
    await t.app.db.update(users).set({ emailVerifiedAt: new Date() }).where(eq(users.email, 'link-verified@example.com'));
    google.nextUser = { sub: 'g-link-2', email: 'link-verified@example.com', email_verified: true };
    const { cookies, callbackPath } = await runToCallback(t);
    expect(outcome(await callback(t, callbackPath, cookies))).toEqual({ auth: 'success', provider: 'google' });
    const pw = await t.app.inject({
      method: 'POST',
      url: '/api/auth/signin',
      payload: { email: 'link-verified@example.com', password: 'Passw0rd!' },
    });
    expect(pw.statusCode).toBe(200);
  });

  it('refuses a Google identity whose e-mail Google has not verified: no account, no session', async () => {
    const before = await userCount(t);
    for (const emailVerified of [false, undefined]) {
      google.nextUser = { sub: `g-unverified-new-${String(emailVerified)}`, email: 'victim@example.com', email_verified: emailVerified };
      const { cookies, callbackPath } = await runToCallback(t);
      const res = await callback(t, callbackPath, cookies);
      expect(outcome(res)).toEqual({
        error: 'account_creation_failed',
        provider: 'google',
        message: "Your Google account's e-mail address is not verified. Verify it with Google or sign up with e-mail.",
      });
      expect(cookiesOf(res)[SESSION_COOKIE]).toBeUndefined();
    }
    expect(await userCount(t)).toBe(before);
    expect(await t.app.db.select().from(users).where(eq(users.email, 'victim@example.com'))).toEqual([]);
  });

  it('refuses an already linked Google identity once Google no longer vouches for its e-mail', async () => {
    google.nextUser = { sub: 'g-was-verified', email: 'was-verified@gmail.com', email_verified: true };
    const first = await runToCallback(t, 'flow=login');
    expect(outcome(await callback(t, first.callbackPath, first.cookies))).toEqual({ auth: 'success', provider: 'google' });
    google.nextUser = { ...google.nextUser, email_verified: false };
    const again = await runToCallback(t, 'flow=login');
    const res = await callback(t, again.callbackPath, again.cookies);
    expect(outcome(res)).toMatchObject({ error: 'account_creation_failed', provider: 'google' });
    expect(cookiesOf(res)[SESSION_COOKIE]).toBeUndefined();
  });

  it('records a link as proven only through an e-mail Google verified; a password reset drops an unproven one', async () => {
    // Accounts made through Google with a verified e-mail, or linked by one, are proven.
    google.nextUser = { sub: 'g-proven', email: 'proven@gmail.com', email_verified: true };
    const made = await runToCallback(t, 'flow=signup');
    expect(outcome(await callback(t, made.callbackPath, made.cookies))).toEqual({ auth: 'success', provider: 'google' });
    const [proven] = await t.app.db.select().from(users).where(eq(users.email, 'proven@gmail.com'));
    expect(proven?.googleLinkVerified).toBe(true);

    // An account someone made (before unverified e-mails were refused) with a Google identity whose e-mail
    // Google had not verified, holding a session: the link is unproven.
    const [squatted] = await t.app.db
      .insert(users)
      .values({ email: 'owner@example.com', firstName: 'Sq', provider: 'google', googleSub: 'g-squatter', googleLinkVerified: false })
      .returning();
    const squatterSid = 'squatter-session-token';
    await t.app.db
      .insert(sessions)
      .values({ id: hashToken(squatterSid), userId: squatted!.id, expiresAt: new Date(t.clock.now().getTime() + 86_400_000) });
    const me = (sid: string) => t.app.inject({ method: 'GET', url: '/api/auth/user', cookies: { [SESSION_COOKIE]: sid } });
    expect((await me(squatterSid)).statusCode).toBe(200);

    // The owner of the address resets the password: the squatter's session ends and their Google identity is unlinked.
    const reset = async (userId: string) => {
      const { token, id } = newEmailToken();
      const now = t.clock.now();
      await t.app.db
        .insert(emailTokens)
        .values({ id, tokenHash: id, userId, purpose: 'reset-password', createdAt: now, expiresAt: new Date(now.getTime() + 60_000) });
      const res = await t.app.inject({ method: 'POST', url: '/api/auth/reset-password', payload: { token, password: 'N3wPass!word' } });
      expect(res.statusCode).toBe(200);
    };
    await reset(squatted!.id);
    expect((await me(squatterSid)).statusCode).toBe(401);
    const [after] = await t.app.db.select().from(users).where(eq(users.id, squatted!.id));
    expect(after?.googleSub).toBeNull();
    const signin = await t.app.inject({
      method: 'POST',
      url: '/api/auth/signin',
      payload: { email: 'owner@example.com', password: 'N3wPass!word' },
    });
    expect(signin.statusCode).toBe(200);

    // The squatter's Google identity, even with an address Google has since verified, no longer reaches the account.
    google.nextUser = { sub: 'g-squatter', email: 'squatter@gmail.com', email_verified: true };
    const back = await runToCallback(t, 'flow=login');
    const res = await callback(t, back.callbackPath, back.cookies);
    expect(outcome(res)).toEqual({ auth: 'success', provider: 'google' });
    const who = (await me(cookiesOf(res)[SESSION_COOKIE]!)).json();
    expect(who.id).not.toBe(squatted!.id);
    expect(who.email).toBe('squatter@gmail.com');

    // A proven link survives a password reset, and Google sign-in still reaches the account.
    await reset(proven!.id);
    const [kept] = await t.app.db.select().from(users).where(eq(users.id, proven!.id));
    expect(kept?.googleSub).toBe('g-proven');
    google.nextUser = { sub: 'g-proven', email: 'proven@gmail.com', email_verified: true };
    const provenBack = await runToCallback(t, 'flow=login');
    const provenRes = await callback(t, provenBack.callbackPath, provenBack.cookies);
    expect((await me(cookiesOf(provenRes)[SESSION_COOKIE]!)).json().id).toBe(proven!.id);
  });

  it("an unproven link becomes proven when Google vouches for the account's own e-mail", async () => {
    const [row] = await t.app.db
      .insert(users)
      .values({ email: 'later-verified@gmail.com', firstName: 'Lv', provider: 'google', googleSub: 'g-later', googleLinkVerified: false })
      .returning();
    // Google vouches for another address: the link is not proven by that.
    google.nextUser = { sub: 'g-later', email: 'other-address@gmail.com', email_verified: true };
    const other = await runToCallback(t, 'flow=login');
    expect(outcome(await callback(t, other.callbackPath, other.cookies))).toEqual({ auth: 'success', provider: 'google' });
    expect((await t.app.db.select().from(users).where(eq(users.id, row!.id)))[0]?.googleLinkVerified).toBe(false);
    google.nextUser = { sub: 'g-later', email: 'Later-Verified@gmail.com', email_verified: true };
    const own = await runToCallback(t, 'flow=login');
    expect(outcome(await callback(t, own.callbackPath, own.cookies))).toEqual({ auth: 'success', provider: 'google' });
    expect((await t.app.db.select().from(users).where(eq(users.id, row!.id)))[0]?.googleLinkVerified).toBe(true);
  });

  it('does not link to an existing account when Google has not verified the e-mail', async () => {
    const signup = await t.app.inject({
      method: 'POST',
      url: '/api/auth/signup',
      payload: { firstName: 'Una', email: 'unverified-link@example.com', password: 'Passw0rd!' },
    });
    expect(signup.statusCode).toBe(201);
    google.nextUser = { sub: 'g-unverified', email: 'unverified-link@example.com', email_verified: false };
    const { cookies, callbackPath } = await runToCallback(t);
    const res = await callback(t, callbackPath, cookies);
    const o = outcome(res);
    expect(o.error).toBe('account_creation_failed');
    expect(o.provider).toBe('google');
    expect(o.message).toBeTruthy();
    expect(cookiesOf(res)[SESSION_COOKIE]).toBeUndefined();
    const [row] = await t.app.db.select().from(users).where(eq(users.email, 'unverified-link@example.com'));
    expect(row?.googleSub).toBeNull();
  });

  it('a Google sign-in in a browser that already holds a session revokes that session', async () => {
    google.nextUser = { sub: 'g-same-browser', email: 'same-browser@gmail.com', email_verified: true };
    const first = await runToCallback(t, 'flow=login');
    const firstSid = cookiesOf(await callback(t, first.callbackPath, first.cookies))[SESSION_COOKIE]!;
    expect(firstSid).toBeTruthy();
    const again = await runToCallback(t, 'flow=login');
    const res = await callback(t, again.callbackPath, { ...again.cookies, [SESSION_COOKIE]: firstSid });
    expect(outcome(res)).toEqual({ auth: 'success', provider: 'google' });
    const secondSid = cookiesOf(res)[SESSION_COOKIE]!;
    const me = (sid: string) => t.app.inject({ method: 'GET', url: '/api/auth/user', cookies: { [SESSION_COOKIE]: sid } });
    expect((await me(firstSid)).statusCode).toBe(401);
    expect((await me(secondSid)).statusCode).toBe(200);
  });

  it('returns authentication_failed when the user denies access', async () => {
    google.nextUser = 'deny';
    const before = await userCount(t);
    const { cookies, callbackPath } = await runToCallback(t);
    expect(callbackPath).toContain('error=access_denied');
    const res = await callback(t, callbackPath, cookies);
    const o = outcome(res);
    expect(o).toMatchObject({ error: 'authentication_failed', provider: 'google' });
    expect(o.message).toMatch(/cancelled/);
    expect(cookiesOf(res)[SESSION_COOKIE]).toBeUndefined();
    expect(await userCount(t)).toBe(before);
  });

  it('returns authentication_failed on a state mismatch, without exchanging the code', async () => {
    google.nextUser = { sub: 'g-state', email: 'state@example.com', email_verified: true };
    const before = await userCount(t);
    const tokenCalls = google.tokenRequests.length;
    const { cookies, callbackPath } = await runToCallback(t);
    const tampered = callbackPath.replace(/state=[^&]+/, 'state=forged-state');
    const res = await callback(t, tampered, cookies);
    expect(outcome(res)).toMatchObject({ error: 'authentication_failed', provider: 'google' });
    expect(cookiesOf(res)[SESSION_COOKIE]).toBeUndefined();
    // No state cookie at all (e.g. it expired, or another browser) fails the same way.
    const noCookie = await callback(t, callbackPath, {});
    expect(outcome(noCookie)).toMatchObject({ error: 'authentication_failed', provider: 'google' });
    expect(google.tokenRequests.length).toBe(tokenCalls);
    expect(await userCount(t)).toBe(before);
  });

  it('returns authentication_failed when the PKCE verifier does not match (the provider refuses the code)', async () => {
    google.nextUser = { sub: 'g-pkce', email: 'pkce@example.com', email_verified: true };
    const before = await userCount(t);
    const { cookies, callbackPath } = await runToCallback(t);
    const res = await callback(t, callbackPath, { ...cookies, big7_g_verifier: 'x'.repeat(43) });
    expect(outcome(res)).toMatchObject({ error: 'authentication_failed', provider: 'google' });
    expect(google.tokenRequests.at(-1)).toEqual({ ok: false, reason: 'PKCE verifier mismatch' });
    expect(await userCount(t)).toBe(before);
  });
});

describe.each(testEngines())('Google sign-in without configuration on %s', (engine) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp(engine, { mailer: new MemoryMailer() });
  });
  afterAll(async () => t.close());

  it('explains that Google sign-in is not configured', async () => {
    expect((await t.app.inject({ method: 'GET', url: '/api/auth/providers' })).json()).toEqual({ google: false });
    for (const url of ['/api/auth/google?flow=login', '/api/auth/google/callback?code=abc&state=def']) {
      const res = await t.app.inject({ method: 'GET', url });
      expect(outcome(res)).toEqual({
        error: 'google_not_configured',
        provider: 'google',
        message: 'Google sign-in is not configured on this server.',
      });
    }
    const raw = String((await t.app.inject({ method: 'GET', url: '/api/auth/google' })).headers.location);
    expect(raw).toBe(
      '/?error=google_not_configured&provider=google&message=Google%20sign-in%20is%20not%20configured%20on%20this%20server.',
    );
  });
});
