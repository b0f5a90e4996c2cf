import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { inTx } from '@server/context';
import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { buildTestApp, type TestApp } from '@test/helpers/app';
import { testEngines } from '@test/helpers/db';
import { createUser, signInAs } from '@test/helpers/users';
import { checkIns, checkInIdempotencyKeys, users } from '@server/db/schema/index';
import { grantShields } from '../streaks/service';
import { rolloverTick } from '@server/jobs/rollover';
import { OFFLINE_CHECK_IN_MESSAGES } from '@shared/domain/check-in-rules';
import { IDEMPOTENCY_MESSAGES } from './service';

// A UTC user with the default 20:00 window.
const OLD = new Date('2026-01-01T00:00:00Z');
const YES = [true, true, true, true, true, true, true];

describe.each(testEngines())('offline check-ins (decision 022) on %s', (engine) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp(engine, { now: '2026-03-10T21:00:00Z' });
  });
  afterAll(async () => t.close());

  async function user() {
    const u = await createUser(t.app.db, { createdAt: OLD });
    return { u, cookie: await signInAs(t.app, u) };
  }
  const post = (cookie: string, payload: object, key?: string) =>
    t.app.inject({
      method: 'POST',
      url: '/api/checkins',
      headers: { cookie, ...(key !== undefined ? { 'idempotency-key': key } : {}) },
      payload,
    });
  const get = (cookie: string, url: string) => t.app.inject({ method: 'GET', url, headers: { cookie } }).then((r) => r.json());
  const rowsOf = (userId: string) => t.app.db.select().from(checkIns).where(eq(checkIns.userId, userId));

  it('the same key twice is one check-in and the retry gets the first answer', async () => {
    t.clock.set('2026-03-10T21:00:00Z');
    const { u, cookie } = await user();
    const key = randomUUID();
    const first = await post(cookie, { answers: YES }, key);
    expect(first.statusCode).toBe(201);
    const again = await post(cookie, { answers: YES }, key);
    expect(again.statusCode).toBe(201);
    expect(again.json()).toEqual(first.json());
    expect(await rowsOf(u.id)).toHaveLength(1);
    const keys = await t.app.db.select().from(checkInIdempotencyKeys).where(eq(checkInIdempotencyKeys.userId, u.id));
    expect(keys).toHaveLength(1);
    // A new key replaces today's check-in as before.
    const edit = await post(cookie, { answers: YES.map((_, i) => i > 0) }, randomUUID());
    expect(edit.statusCode).toBe(200);
    expect(edit.json()).toMatchObject({ replaced: true });
  });

  it('the same key with a different body is refused with 422 and changes nothing; keys are per user', async () => {
    t.clock.set('2026-03-10T21:00:00Z');
    const { u, cookie } = await user();
    const key = randomUUID();
    expect((await post(cookie, { answers: YES }, key)).statusCode).toBe(201);
    const other = await post(cookie, { answers: YES.map(() => false) }, key);
    expect(other.statusCode).toBe(422);
    expect(other.json().message).toBe(IDEMPOTENCY_MESSAGES.reused);
    const [row] = await rowsOf(u.id);
    expect(row!.answers).toEqual(YES);
    // Another user may use the same key.
    const b = await user();
    expect((await post(b.cookie, { answers: YES }, key)).statusCode).toBe(201);
    // A queued retry of a send whose answer was lost carries its made-at instant: still the same submission.
    const retry = await post(b.cookie, { answers: YES, madeAt: '2026-03-10T21:00:00Z' }, key);
    expect(retry.statusCode).toBe(201);
    expect((await rowsOf(b.u.id)).length).toBe(1);
  });

  it('a retry answers the first answer even when the tier changed in between (the key is looked up before any rule)', async () => {
    t.clock.set('2026-03-10T21:00:00Z');
    const u = await createUser(t.app.db, { createdAt: OLD, tier: 'ai-coach' });
    const cookie = await signInAs(t.app, u);
    const key = randomUUID();
    const body = { answers: [4, 3, 2, 1, 0, 4, 4], journalEntries: ['Slept well', null, null, null, null, null, null] };
    const first = await post(cookie, body, key);
    expect(first.statusCode).toBe(201);
    // The subscription ends before the retry arrives: free answers are yes/no and journals are for ai-coach only.
    await t.app.db.update(users).set({ tier: 'free' }).where(eq(users.id, u.id));
    const again = await post(cookie, body, key);
    expect(again.statusCode).toBe(201);
    expect(again.json()).toEqual(first.json());
    expect(await rowsOf(u.id)).toHaveLength(1);
    // A new submission (another key) is judged by the tier as it is now.
    expect((await post(cookie, body, randomUUID())).statusCode).toBe(400);
  });

  it('a malformed key is a 400 and records nothing', async () => {
    t.clock.set('2026-03-10T21:00:00Z');
    const { u, cookie } = await user();
    const res = await post(cookie, { answers: YES }, 'not-a-uuid');
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe(IDEMPOTENCY_MESSAGES.malformed);
    expect(await rowsOf(u.id)).toHaveLength(0);
  });

  it('made at 23:30 and arriving at 00:10 counts for the day before', async () => {
    t.clock.set('2026-03-10T21:00:00Z');
    const { u, cookie } = await user();
    t.clock.set('2026-03-11T00:10:00Z');
    const res = await post(cookie, { answers: YES, madeAt: '2026-03-10T23:30:00.000Z' }, randomUUID());
    expect(res.statusCode).toBe(201);
    expect(res.json()).toMatchObject({ date: '2026-03-10' });
    const [row] = await rowsOf(u.id);
    expect(row!.localDate).toBe('2026-03-10');
    // Today (the 11th) is still open for its own check-in in the evening.
    t.clock.set('2026-03-11T21:00:00Z');
    expect((await post(cookie, { answers: YES })).statusCode).toBe(201);
    expect((await get(cookie, '/api/streak')).currentStreak).toBe(2);
  });

  async function streakOfOneThenRollover(shields: number) {
    t.clock.set('2026-03-09T21:00:00Z');
    const { u, cookie } = await user();
    if (shields) {
      await inTx(t.ctx(), (tx) => grantShields(tx, u.id, shields, 'developer'));
    }
    expect((await post(cookie, { answers: YES })).statusCode).toBe(201);
    t.clock.set('2026-03-11T00:05:00Z');
    await rolloverTick(t.ctx());
    return { u, cookie };
  }

  it('arriving after the rollover used a shield: the shield comes back, the streak is intact, the ledger says why', async () => {
    const { cookie } = await streakOfOneThenRollover(2);
    const settled = await get(cookie, '/api/streak');
    expect(settled).toMatchObject({ currentStreak: 1, freezeDaysRemaining: 1 });
    expect((await get(cookie, '/api/streak/frozen-days')).frozenDays).toEqual(['2026-03-10']);

    t.clock.set('2026-03-11T00:10:00Z');
    const key = randomUUID();
    const res = await post(cookie, { answers: YES, madeAt: '2026-03-10T23:30:00Z' }, key);
    expect(res.statusCode).toBe(201);
    expect(await get(cookie, '/api/streak')).toMatchObject({ currentStreak: 2, freezeDaysRemaining: 2 });
    expect((await get(cookie, '/api/streak/frozen-days')).frozenDays).toEqual([]);
    const ledger = (await get(cookie, '/api/streak/ledger')).entries as Array<{ reason: string; description: string; shieldsDelta: number }>;
    const fix = ledger.find((e) => e.reason === 'offline-correction');
    expect(fix).toMatchObject({ shieldsDelta: 1 });
    expect(fix!.description).toContain('1 shield returned');
    // The retry changes nothing more.
    expect((await post(cookie, { answers: YES, madeAt: '2026-03-10T23:30:00Z' }, key)).statusCode).toBe(201);
    expect(await get(cookie, '/api/streak')).toMatchObject({ currentStreak: 2, freezeDaysRemaining: 2 });
    const cal = (await get(cookie, '/api/streak/calendar?month=2026-03')).days as Array<{ date: string; state: string }>;
    expect(cal.find((d) => d.date === '2026-03-10')!.state).toBe('completed');
  });

  it('arriving after the rollover broke the streak: the break is undone', async () => {
    const { cookie } = await streakOfOneThenRollover(0);
    expect((await get(cookie, '/api/streak')).currentStreak).toBe(0);
    t.clock.set('2026-03-11T00:10:00Z');
    const res = await post(cookie, { answers: YES, madeAt: '2026-03-10T22:00:00Z' }, randomUUID());
    expect(res.statusCode).toBe(201);
    expect((await get(cookie, '/api/streak')).currentStreak).toBe(2);
    const ledger = (await get(cookie, '/api/streak/ledger')).entries as Array<{ reason: string; description: string }>;
    expect(ledger.find((e) => e.reason === 'offline-correction')!.description).toContain('streak break undone');
  });

  it('two submissions racing with one key make one check-in, both answered with it', async () => {
    t.clock.set('2026-03-10T21:00:00Z');
    const { u, cookie } = await user();
    const key = randomUUID();
    const [a, b] = await Promise.all([post(cookie, { answers: YES }, key), post(cookie, { answers: YES }, key)]);
    expect([a.statusCode, b.statusCode]).toEqual([201, 201]);
    expect(a.json()).toEqual(b.json());
    expect(await rowsOf(u.id)).toHaveLength(1);
  });

  it('when the streak changed in other ways since the day was settled, the check-in is kept and the ledger says the streak was left', async () => {
    const { u, cookie } = await streakOfOneThenRollover(0);
    t.clock.set('2026-03-11T00:08:00Z');
    await inTx(t.ctx(), (tx) => grantShields(tx, u.id, 1, 'developer'));
    t.clock.set('2026-03-11T00:10:00Z');
    const res = await post(cookie, { answers: YES, madeAt: '2026-03-10T22:00:00Z' }, randomUUID());
    expect(res.statusCode).toBe(201);
    expect((await rowsOf(u.id)).map((r) => r.localDate).sort()).toEqual(['2026-03-09', '2026-03-10']);
    expect(await get(cookie, '/api/streak')).toMatchObject({ currentStreak: 0, freezeDaysRemaining: 1 });
    const ledger = (await get(cookie, '/api/streak/ledger')).entries as Array<{ reason: string; description: string }>;
    expect(ledger.find((e) => e.reason === 'offline-correction')!.description).toContain('the streak was left as it was');
  });

  it.each([
    ['more than 48 hours old', '2026-03-08T21:00:00Z', OFFLINE_CHECK_IN_MESSAGES.tooOld],
    ['outside its window', '2026-03-10T12:00:00Z', OFFLINE_CHECK_IN_MESSAGES.outsideWindow],
    ['in the future', '2026-03-11T00:20:00Z', OFFLINE_CHECK_IN_MESSAGES.future],
    ['not a date', 'yesterday', 'madeAt must be an ISO 8601 date and time, e.g. 2026-11-24T23:30:00Z'],
  ])('a made-at instant %s is a 400 that says so', async (_what, madeAt, message) => {
    t.clock.set('2026-03-10T21:00:00Z');
    const { u, cookie } = await user();
    t.clock.set('2026-03-11T00:10:00Z');
    const res = await post(cookie, { answers: YES, madeAt }, randomUUID());
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe(message);
    expect(await rowsOf(u.id)).toHaveLength(0);
  });
});
