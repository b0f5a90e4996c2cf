import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '@test/helpers/app';
import { testEngines } from '@test/helpers/db';
import { createUser, signInAs } from '@test/helpers/users';
import { sessions } from '../db/schema/index';
import { SESSION_CACHE_TTL_MS } from './session';

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

  it('a session ended by another instance is refused within the cache lifetime', async () => {
    const user = await createUser(t.app.db, old);
    const cookie = await signInAs(t.app, user);
    expect((await get('/api/auth/user', cookie)).statusCode).toBe(200);
    await t.app.db.delete(sessions).where(eq(sessions.userId, user.id)); // another instance's logout
    await new Promise((r) => setTimeout(r, SESSION_CACHE_TTL_MS + 50));
    expect((await get('/api/auth/user', cookie)).statusCode).toBe(401);
  });

  it('an expired session is refused even while cached', async () => {
    const user = await createUser(t.app.db, old);
    const cookie = await signInAs(t.app, user);
    expect((await get('/api/auth/user', cookie)).statusCode).toBe(200);
    t.clock.advance(8 * 24 * 60 * 60 * 1000);
    expect((await get('/api/auth/user', cookie)).statusCode).toBe(401);
  });
});
