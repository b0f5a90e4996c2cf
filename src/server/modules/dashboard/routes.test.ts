import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { eq } from 'drizzle-orm';
import { buildTestApp, type TestApp } from '@test/helpers/app';
import { testEngines } from '@test/helpers/db';
import { createUser, signInAs } from '@test/helpers/users';
import { dashboardSchema, type Dashboard } from '@shared/schemas/dashboard';
import type { Db } from '@server/db/client';
import { streakStates, subscriptions, users } from '@server/db/schema/index';

const YES = { answers: [true, true, true, true, true, true, true] };
const old = { createdAt: new Date('2025-01-01T00:00:00Z'), timezone: 'UTC', firstCheckInCompleted: true };
const SPEC = { user: '/api/auth/user', today: '/api/checkins/today', streak: '/api/streak', subscription: '/api/subscription' } as const;

/** Counts statements sent to the database (the pool's or PGlite's query) while `fn` runs. */
async function countQueries(db: Db, fn: () => Promise<unknown>): Promise<number> {
  const client = (db as unknown as { session: { client: { query: (...a: unknown[]) => unknown } } }).session.client;
  const spy = vi.spyOn(client, 'query');
  try {
    await fn();
    return spy.mock.calls.length;
  } finally {
    spy.mockRestore();
  }
}

describe.each(testEngines())('GET /api/dashboard on %s', (engine) => {
  let t: TestApp;
  beforeAll(async () => {
    // 20:30 UTC: inside the default check-in window.
    t = await buildTestApp(engine, { now: '2026-03-10T20:30:00Z', env: { DEV_TOOLS: 'on' } });
  });
  afterAll(async () => t.close());

  const get = (url: string, cookie: string) => t.app.inject({ method: 'GET', url, headers: { cookie } });
  const post = (url: string, cookie: string, payload: object) => t.app.inject({ method: 'POST', url, headers: { cookie }, payload });
  const spec = async (cookie: string) => {
    const [user, today, streak, subscription] = await Promise.all(Object.values(SPEC).map(async (u) => (await get(u, cookie)).json()));
    return { user, today, streak, subscription };
  };
  async function signedIn(overrides: Parameters<typeof createUser>[1] = {}) {
    const user = await createUser(t.app.db, { ...old, ...overrides });
    return { user, cookie: await signInAs(t.app, user) };
  }

  it('needs a signed-in user', async () => {
    expect((await t.app.inject({ method: 'GET', url: '/api/dashboard' })).statusCode).toBe(401);
    expect((await get('/api/dashboard', 'big7_sid=not-a-session')).statusCode).toBe(401);
  });

  it("answers the four spec endpoints' answers in one: first read (nothing settled yet) and later reads", async () => {
    const { cookie } = await signedIn({ firstName: 'Ada', timezone: 'America/New_York' });
    const first = await get('/api/dashboard', cookie);
    expect(first.statusCode).toBe(200);
    expect(first.headers['cache-control']).toBe('no-store');
    const body = dashboardSchema.parse(first.json());
    expect(body).toEqual(await spec(cookie));
    expect(body.user.firstName).toBe('Ada');
    // Now the streak row exists and is settled: the one-statement path answers, with the same answers.
    expect((await get('/api/dashboard', cookie)).json()).toEqual(await spec(cookie));
  });

  it('takes no statement on a warm cache, one to read its rows, two without the session cached', async () => {
    const { cookie } = await signedIn();
    await get('/api/dashboard', cookie); // settles the streak row
    await t.changesSeen(); // that write's notification has dropped what was cached
    await get('/api/auth/user', cookie);
    expect(await countQueries(t.app.db, () => get('/api/auth/user', cookie))).toBe(0);
    expect(await countQueries(t.app.db, () => get('/api/dashboard', cookie))).toBe(1);
    expect(await countQueries(t.app.db, () => get('/api/dashboard', cookie))).toBe(0);
    // Without the cache: the session lookup, then the dashboard's one statement.
    t.app.sessionCache.clear();
    expect(await countQueries(t.app.db, () => get('/api/dashboard', cookie))).toBe(2);
  });

  it("a signed-out state-changing request (a sign-in) keeps other users' cached states; a change it made is seen", async () => {
    const { user, cookie } = await signedIn();
    await get('/api/dashboard', cookie); // settles the streak row
    await t.changesSeen();
    await get('/api/dashboard', cookie);
    expect(await countQueries(t.app.db, () => get('/api/dashboard', cookie))).toBe(0);
    const signIn = () => t.app.inject({ method: 'POST', url: '/api/auth/signin', payload: { email: 'nobody@example.test', password: 'not-the-password-1' } });
    expect((await signIn()).statusCode).toBeGreaterThanOrEqual(400);
    // Still cached: the signed-out request emptied nothing while the change feed is up.
    expect(await countQueries(t.app.db, () => get('/api/dashboard', cookie))).toBe(0);
    // A webhook's change to this user (its transaction, then its answer): the next read answers it.
    await t.app.db.update(users).set({ firstName: 'Changed' }).where(eq(users.id, user.id));
    await signIn();
    expect((await get('/api/dashboard', cookie)).json().user.firstName).toBe('Changed');
  });

  it('the today view of cached rows moves with the clock: the window opens, closes and the day turns between reads', async () => {
    const { cookie } = await signedIn({ timezone: 'Europe/London' });
    const at = async (iso: string) => {
      t.clock.set(iso);
      let d = {} as Dashboard;
      // The same cached rows answer (no statement): the view kept with them must still be the one for this instant.
      expect(await countQueries(t.app.db, async () => (d = dashboardSchema.parse((await get('/api/dashboard', cookie)).json())))).toBe(0);
      expect(d.today.serverTime).toBe(new Date(iso).toISOString());
      expect(d).toEqual(await spec(cookie));
      return d.today;
    };
    try {
      t.clock.set('2026-03-10T09:00:00Z');
      await get('/api/dashboard', cookie); // settles the streak row
      await t.changesSeen();
      await get('/api/dashboard', cookie); // reads and caches the rows
      const morning = await at('2026-03-10T09:00:05Z');
      expect(morning.windowState).toMatchObject({ isOpen: false, canCheckIn: false, countdown: { target: '2026-03-10T20:00:00.000Z' } });
      expect((await at('2026-03-10T19:59:59.999Z')).windowState).toEqual(morning.windowState);
      expect((await at('2026-03-10T20:00:00Z')).windowState).toMatchObject({ isOpen: true, canCheckIn: true, windowType: 'official-checkin' });
      expect((await at('2026-03-10T23:59:59.999Z')).windowState).toMatchObject({ isOpen: true, canCheckIn: true });
      // Past midnight the rows are read again (they are kept per local date) and the new day's view is built.
      t.clock.set('2026-03-11T00:00:00Z');
      const next = (await get('/api/dashboard', cookie)).json().today;
      expect(next.localDate).toBe('2026-03-11');
      expect(next.windowState).toMatchObject({ isOpen: false, canCheckIn: false, countdown: { target: '2026-03-11T20:00:00.000Z' } });
    } finally {
      t.clock.set('2026-03-10T20:30:00Z');
    }
  });

  it("another instance's or a job's change is answered once its notification has arrived, with no wait for a TTL", async () => {
    const { user, cookie } = await signedIn({ tier: 'premium' });
    await get('/api/dashboard', cookie);
    await t.changesSeen();
    expect((await get('/api/dashboard', cookie)).json().streak.freezeDaysRemaining).toBe(0);
    expect(await countQueries(t.app.db, () => get('/api/dashboard', cookie))).toBe(0);
    // Written straight to the database, as another instance or a job would: no request of this process saw it.
    await t.app.db.update(streakStates).set({ freezeDaysRemaining: 4, currentStreak: 9, bestStreak: 9 }).where(eq(streakStates.userId, user.id));
    await t.app.db.update(users).set({ firstName: 'Renamed' }).where(eq(users.id, user.id));
    await t.changesSeen();
    const d = (await get('/api/dashboard', cookie)).json();
    expect(d.streak).toMatchObject({ freezeDaysRemaining: 4, currentStreak: 9 });
    expect(d.user.firstName).toBe('Renamed');
    expect(d).toEqual(await spec(cookie));
  });

  it('the spec reads answer from the same cached state: no statement on a warm cache, fresh after a change anywhere', async () => {
    const { user, cookie } = await signedIn({ tier: 'premium' });
    await get('/api/dashboard', cookie);
    await t.changesSeen();
    await get('/api/dashboard', cookie);
    for (const url of ['/api/checkins/today', '/api/streak', '/api/subscription']) {
      expect(await countQueries(t.app.db, () => get(url, cookie)), url).toBe(0);
    }
    // Another instance's (or a job's) writes: each read answers them once the notification has arrived.
    await t.app.db.update(streakStates).set({ freezeDaysRemaining: 2 }).where(eq(streakStates.userId, user.id));
    await t.app.db.insert(subscriptions).values({ userId: user.id, premiumExpiresAt: new Date('2026-04-01T00:00:00Z'), nextExpiryAt: new Date('2026-04-01T00:00:00Z') });
    await t.app.db.update(users).set({ checkInTime: '21:00' }).where(eq(users.id, user.id));
    await t.changesSeen();
    expect((await get('/api/streak', cookie)).json().freezeDaysRemaining).toBe(2);
    expect((await get('/api/subscription', cookie)).json().premiumExpiresAt).toBe('2026-04-01T00:00:00.000Z');
    expect((await get('/api/checkins/today', cookie)).json().checkInTime).toBe('21:00');
    expect((await get('/api/dashboard', cookie)).json()).toEqual(await spec(cookie));
  });

  it('a check-in in this process is answered at once: the write drops the cached rows before its answer leaves', async () => {
    const { cookie } = await signedIn();
    await get('/api/dashboard', cookie);
    await t.changesSeen();
    await get('/api/dashboard', cookie);
    expect(await countQueries(t.app.db, () => get('/api/dashboard', cookie))).toBe(0); // cached
    expect((await post('/api/checkins', cookie, YES)).statusCode).toBe(201);
    // No waiting for the notification: the POST itself dropped the entries of its user.
    const d = (await get('/api/dashboard', cookie)).json();
    expect(d.today.hasCheckedInToday).toBe(true);
    expect(d.streak.todayCompleted).toBe(true);
  });

  it('is fresh after a check-in (today, streak and user), never a stale cached answer', async () => {
    const { cookie } = await signedIn({ firstCheckInCompleted: false });
    await get('/api/dashboard', cookie);
    const before = (await get('/api/dashboard', cookie)).json();
    expect(before.today.hasCheckedInToday).toBe(false);
    expect(before.streak).toMatchObject({ currentStreak: 0, todayCompleted: false });
    expect(before.user.firstCheckInCompleted).toBe(false);
    expect((await post('/api/checkins', cookie, YES)).statusCode).toBe(201);
    const after = (await get('/api/dashboard', cookie)).json();
    expect(after.today.hasCheckedInToday).toBe(true);
    expect(after.today.checkIn).not.toBeNull();
    expect(after.streak).toMatchObject({ currentStreak: 1, todayCompleted: true });
    expect(after.user.firstCheckInCompleted).toBe(true);
    expect(after).toEqual(await spec(cookie));
  });

  it('follows the streak across days and a frozen yesterday like GET /api/streak', async () => {
    const { user, cookie } = await signedIn({ tier: 'premium' });
    await post('/api/test/set-streak', cookie, { days: 12 });
    await t.app.db.update(streakStates).set({ freezeDaysRemaining: 3 }).where(eq(streakStates.userId, user.id));
    t.clock.set('2026-03-12T20:30:00Z'); // one day missed: a shield freezes it on the next read
    try {
      const d = (await get('/api/dashboard', cookie)).json();
      expect(d).toEqual(await spec(cookie));
      expect(d.streak.yesterdayFrozen).toBe(true);
      expect((await get('/api/dashboard', cookie)).json()).toEqual(await spec(cookie));
    } finally {
      t.clock.set('2026-03-10T20:30:00Z');
    }
  });

  it("answers the tier a due trial's end leaves, like GET /api/subscription", async () => {
    const { user, cookie } = await signedIn({ tier: 'premium' });
    await get('/api/dashboard', cookie);
    const ended = new Date('2026-03-10T20:00:00Z');
    await t.app.db.insert(subscriptions).values({ userId: user.id, premiumExpiresAt: ended, nextExpiryAt: ended, previousTier: 'free' });
    t.app.sessionCache.clear();
    const d = (await get('/api/dashboard', cookie)).json();
    expect(d.subscription).toMatchObject({ tier: 'free', trialJustExpired: 'premium' });
    expect(d.user.tier).toBe('free');
    expect(d.today.journalEnabled).toBe(false);
    expect(d).toEqual(await spec(cookie));
  });

  it("never answers one user's dashboard with another user's data under concurrency", async () => {
    const people = await Promise.all(
      Array.from({ length: 8 }, async (_, i) => {
        const p = await signedIn({ firstName: `Person${i}`, timezone: i % 2 ? 'Asia/Tokyo' : 'Europe/Berlin' });
        await get('/api/dashboard', p.cookie);
        await t.app.db.update(streakStates).set({ currentStreak: i, bestStreak: i }).where(eq(streakStates.userId, p.user.id));
        return p;
      }),
    );
    t.app.sessionCache.clear();
    const order = Array.from({ length: 64 }, (_, k) => people[(k * 5) % people.length]!);
    const answers = await Promise.all(order.map((p) => get('/api/dashboard', p.cookie)));
    answers.forEach((a, k) => {
      const p = order[k]!;
      const body = a.json();
      expect(a.statusCode).toBe(200);
      expect(body.user).toMatchObject({ id: p.user.id, firstName: p.user.firstName, timezone: p.user.timezone });
      expect(body.today.timezone).toBe(p.user.timezone);
      expect(body.streak.currentStreak).toBe(people.indexOf(p));
    });
  });

  it('batches cold reads: N users in different zones read at once cost a few statements, not 2N, each their own answer', async () => {
    const zones = ['Asia/Tokyo', 'America/Los_Angeles', 'Europe/Berlin']; // 2026-03-11, 03-10 and 03-10 at 20:30 UTC
    const people = await Promise.all(
      Array.from({ length: 12 }, async (_, i) => {
        const p = await signedIn({ firstName: `Cold${i}`, timezone: zones[i % zones.length]! });
        await get('/api/dashboard', p.cookie); // settles the streak row
        await t.app.db.update(streakStates).set({ currentStreak: 100 + i, bestStreak: 100 + i }).where(eq(streakStates.userId, p.user.id));
        return p;
      }),
    );
    await t.changesSeen();
    t.app.sessionCache.clear();
    let answers: Awaited<ReturnType<typeof get>>[] = [];
    const statements = await countQueries(t.app.db, async () => {
      answers = await Promise.all(people.map((p) => get('/api/dashboard', p.cookie)));
    });
    // Unbatched: a session lookup and a state read each, 24. Batched: one of each for all twelve.
    expect(statements).toBe(2);
    answers.forEach((a, i) => {
      const p = people[i]!;
      expect(a.statusCode).toBe(200);
      const body = a.json();
      expect(body.user).toMatchObject({ id: p.user.id, firstName: `Cold${i}`, timezone: p.user.timezone });
      expect(body.today.timezone).toBe(p.user.timezone);
      expect(body.streak.currentStreak).toBe(100 + i);
    });
    // And cached for each: the same reads again cost nothing.
    expect(await countQueries(t.app.db, () => Promise.all(people.map((p) => get('/api/dashboard', p.cookie))))).toBe(0);
  });

  it('a failed batched session lookup fails each of its requests (an error answer, not a hang), and the next reads work', async () => {
    const people = await Promise.all(Array.from({ length: 6 }, () => signedIn()));
    t.app.sessionCache.clear();
    const client = (t.app.db as unknown as { session: { client: { query: (...a: unknown[]) => Promise<unknown> } } }).session.client;
    const spy = vi.spyOn(client, 'query').mockRejectedValueOnce(new Error('database down'));
    let answers: Awaited<ReturnType<typeof get>>[];
    try {
      answers = await Promise.all(people.map((p) => get('/api/auth/user', p.cookie)));
      expect(spy).toHaveBeenCalledTimes(1);
    } finally {
      spy.mockRestore();
    }
    expect(answers.map((a) => a.statusCode)).toEqual(people.map(() => 500));
    const again = await Promise.all(people.map((p) => get('/api/auth/user', p.cookie)));
    expect(again.map((a) => a.json().id)).toEqual(people.map((p) => p.user.id));
  });

  it("a timezone changed by another instance is answered once its notification has arrived", async () => {
    const { user, cookie } = await signedIn();
    await get('/api/dashboard', cookie);
    await t.app.db.update(users).set({ timezone: 'Asia/Tokyo' }).where(eq(users.id, user.id));
    await t.changesSeen();
    const d = (await get('/api/dashboard', cookie)).json();
    expect(d.today.timezone).toBe('Asia/Tokyo');
    expect(d).toEqual(await spec(cookie));
  });
});
