import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '@test/helpers/app';
import { testEngines } from '@test/helpers/db';
import { createUser, signInAs } from '@test/helpers/users';
import { sessions, users } from '../db/schema/index';
import { SessionCache, type UserRow } from './session';
import { hashToken } from './session';

const YES = { answers: [true, true, true, true, true, true, true] };

describe.each(testEngines())('the per-process session cache, on %s', (engine) => {
  let t: TestApp;
  beforeAll(async () => {
    // 20:30 UTC: inside the default check-in window.
    t = await buildTestApp(engine, { now: '2026-03-10T20:30:00Z' });
  });
  afterAll(async () => t.close());

  const get = (url: string, cookie: string) => t.app.inject({ method: 'GET', url, headers: { cookie } });
  const old = { createdAt: new Date('2025-01-01T00:00:00Z'), timezone: 'UTC', firstCheckInCompleted: true };

  it("never answers one user's session with another user's data", async () => {
    const users = await Promise.all([1, 2, 3].map((i) => createUser(t.app.db, { ...old, firstName: `User${i}` })));
    const cookies = await Promise.all(users.map((u) => signInAs(t.app, u)));
    for (let round = 0; round < 3; round++) {
      const answers = await Promise.all(cookies.map((c) => get('/api/auth/user', c)));
      expect(answers.map((a) => a.json().firstName)).toEqual(['User1', 'User2', 'User3']);
      const subs = await Promise.all(cookies.map((c) => get('/api/checkins/today', c)));
      expect(subs.every((s) => s.statusCode === 200)).toBe(true);
    }
  });

  it("the session lookup reads the user's whole row as the query builder does (every column, nulls and instants)", async () => {
    const full = await createUser(t.app.db, {
      ...old,
      lastName: 'Lovelace',
      profileImageUrl: 'https://example.com/a.png',
      age: 36,
      gender: 'female',
      provider: 'google',
      googleSub: `sub-${Math.random()}`,
      googleLinkVerified: true,
      tier: 'premium',
      timezone: 'Asia/Kolkata',
      checkInTime: '21:15',
      emailVerifiedAt: new Date('2025-02-03T04:05:06.789Z'),
      premiumOfferUsed: true,
      passwordHash: 'not-a-real-hash',
    });
    const bare = await createUser(t.app.db, { ...old, emailVerifiedAt: null });
    for (const user of [full, bare]) {
      const cookie = await signInAs(t.app, user);
      expect((await get('/api/auth/user', cookie)).statusCode).toBe(200);
      const cached = t.app.sessionCache.get(hashToken(cookie.split('=')[1]!), t.clock.now());
      const [row] = await t.app.db.select().from(users).where(eq(users.id, user.id));
      expect(cached?.user).toEqual(row);
    }
  });

  it('a check-in is seen at once by the streak, today and the user (no stale streak after a check-in)', async () => {
    const user = await createUser(t.app.db, { ...old, firstCheckInCompleted: false });
    const cookie = await signInAs(t.app, user);
    const before = await get('/api/streak', cookie);
    expect(before.json()).toMatchObject({ currentStreak: 0, todayCompleted: false });
    expect((await get('/api/checkins/today', cookie)).json().hasCheckedInToday).toBe(false);
    expect((await get('/api/auth/user', cookie)).json().firstCheckInCompleted).toBe(false);

    expect((await t.app.inject({ method: 'POST', url: '/api/checkins', headers: { cookie }, payload: YES })).statusCode).toBe(201);

    expect((await get('/api/streak', cookie)).json()).toMatchObject({ currentStreak: 1, todayCompleted: true });
    expect((await get('/api/checkins/today', cookie)).json().hasCheckedInToday).toBe(true);
    expect((await get('/api/auth/user', cookie)).json().firstCheckInCompleted).toBe(true);
  });

  it('a session is refused at once after logout, though it was just cached', async () => {
    const user = await createUser(t.app.db, old);
    const cookie = await signInAs(t.app, user);
    expect((await get('/api/auth/user', cookie)).statusCode).toBe(200);
    expect((await t.app.inject({ method: 'POST', url: '/api/auth/logout', headers: { cookie } })).statusCode).toBe(200);
    expect((await get('/api/auth/user', cookie)).statusCode).toBe(401);
    expect((await get('/api/streak', cookie)).statusCode).toBe(401);
  });

  it('a tier change made in this process is seen by the next read', async () => {
    const user = await createUser(t.app.db, old);
    const cookie = await signInAs(t.app, user);
    expect((await get('/api/auth/user', cookie)).json().tier).toBe('free');
    const redeem = await t.app.inject({ method: 'POST', url: '/api/coupons/redeem', headers: { cookie }, payload: { code: 'OFFERPREMIUM30' } });
    expect(redeem.statusCode).toBe(200);
    expect((await get('/api/auth/user', cookie)).json().tier).toBe('premium');
    expect((await get('/api/subscription', cookie)).json().tier).toBe('premium');
  });

  it('a session ended by another instance is refused once its notification has arrived (no TTL to wait for)', async () => {
    const user = await createUser(t.app.db, old);
    const cookie = await signInAs(t.app, user);
    expect((await get('/api/auth/user', cookie)).statusCode).toBe(200);
    expect((await get('/api/auth/user', cookie)).statusCode).toBe(200);
    await t.app.db.delete(sessions).where(eq(sessions.userId, user.id)); // another instance's logout
    await t.changesSeen();
    expect((await get('/api/auth/user', cookie)).statusCode).toBe(401);
  });

  it('a tier changed by a job or a webhook (straight in the database) is answered once its notification has arrived', async () => {
    const user = await createUser(t.app.db, old);
    const cookie = await signInAs(t.app, user);
    expect((await get('/api/auth/user', cookie)).json().tier).toBe('free');
    await t.app.db.update(users).set({ tier: 'ai-coach' }).where(eq(users.id, user.id));
    await t.changesSeen();
    expect((await get('/api/auth/user', cookie)).json().tier).toBe('ai-coach');
  });

  it('an expired session is refused even while cached', async () => {
    const user = await createUser(t.app.db, old);
    const cookie = await signInAs(t.app, user);
    expect((await get('/api/auth/user', cookie)).statusCode).toBe(200);
    t.clock.advance(8 * 24 * 60 * 60 * 1000);
    expect((await get('/api/auth/user', cookie)).statusCode).toBe(401);
  });
});

describe('SessionCache (the rules, without a database)', () => {
  const user = (id: string) => ({ id, email: `${id}@x.test`, tier: 'free' }) as unknown as UserRow;
  const now = new Date('2026-03-10T12:00:00Z');
  const later = new Date('2026-03-17T12:00:00Z');

  it('does not cache a read that was in flight when its user was invalidated (another instance wrote meanwhile)', () => {
    const c = new SessionCache();
    const rows = c.attach<unknown>();
    c.feedState(true);
    const ticket = c.begin();
    c.forgetUser('u1'); // the notification arrives while the read is in flight
    c.set(ticket, 's1', user('u1'), later);
    expect(c.get('s1', now)).toBeUndefined();
    rows.set(ticket, 'u1', '2026-03-10', { stale: true });
    expect(rows.get('u1', '2026-03-10')).toBeUndefined();
    // Another user's invalidation does not matter; a read begun after the invalidation is cached.
    const fresh = c.begin();
    c.forgetUser('u2');
    c.set(fresh, 's1', user('u1'), later);
    expect(c.get('s1', now)?.user.id).toBe('u1');
  });

  it('caches nothing while the change feed is down, and drops everything when it goes down', () => {
    const c = new SessionCache();
    const rows = c.attach<unknown>();
    c.feedState(true);
    c.set(c.begin(), 's1', user('u1'), later);
    rows.set(c.begin(), 'u1', '2026-03-10', { n: 1 });
    expect(rows.get('u1', '2026-03-10')).toEqual({ n: 1 });
    c.feedState(false);
    expect(c.get('s1', now)).toBeUndefined();
    c.set(c.begin(), 's1', user('u1'), later);
    expect(c.get('s1', now)).toBeUndefined();
    expect(c.live).toBe(false);
  });

  it('without a feed: sessions for the short TTL, dashboard rows never', () => {
    const c = new SessionCache();
    const rows = c.attach<unknown>();
    c.set(c.begin(), 's1', user('u1'), later);
    expect(c.get('s1', now)?.user.id).toBe('u1');
    rows.set(c.begin(), 'u1', '2026-03-10', { n: 1 });
    expect(rows.get('u1', '2026-03-10')).toBeUndefined();
  });

  it("keys rows by the local date, and forgetting a user drops their sessions and rows, not another's", () => {
    const c = new SessionCache();
    const rows = c.attach<unknown>();
    c.feedState(true);
    for (const id of ['u1', 'u2']) {
      c.set(c.begin(), `s-${id}`, user(id), later);
      rows.set(c.begin(), id, '2026-03-10', { id });
    }
    expect(rows.get('u1', '2026-03-11')).toBeUndefined();
    c.forgetUser('u1');
    expect(c.get('s-u1', now)).toBeUndefined();
    expect(rows.get('u1', '2026-03-10')).toBeUndefined();
    expect(c.get('s-u2', now)?.user.id).toBe('u2');
    expect(rows.get('u2', '2026-03-10')).toEqual({ id: 'u2' });
  });

  it('an expired session is not answered, a renewed one is', () => {
    const c = new SessionCache();
    c.set(c.begin(), 's1', user('u1'), new Date('2026-03-10T12:00:01Z'));
    expect(c.get('s1', new Date('2026-03-10T12:00:01Z'))).toBeUndefined();
    c.set(c.begin(), 's1', user('u1'), new Date('2026-03-10T12:00:01Z'));
    c.extend('s1', later);
    expect(c.get('s1', new Date('2026-03-11T12:00:00Z'))?.user.id).toBe('u1');
  });
});
