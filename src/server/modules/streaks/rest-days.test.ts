import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { contextOf } from '@server/context';
import { buildTestApp, type TestApp } from '@test/helpers/app';
import { testEngines } from '@test/helpers/db';
import { createUser, signInAs } from '@test/helpers/users';
import { startPushService, type FakePushService } from '@test/fakes/push-service';
import { rolloverTick } from '@server/jobs/rollover';
import { addLocalDays } from '@shared/domain/dates';
import { reminderDueAt } from '@shared/domain/reminders';
import { registerSubscription, reminderTick } from '../notifications/service';

const yes7 = Array.from({ length: 7 }, () => true);
const longAgo = new Date('2025-01-01T00:00:00Z');

describe.each(testEngines())('rest days on %s (issue 28)', (engine) => {
  let t: TestApp;
  let push: FakePushService;
  beforeAll(async () => {
    push = await startPushService();
    t = await buildTestApp(engine, { env: { DEV_TOOLS: 'on', PUSH_ALLOWED_HOSTS: push.host }, now: '2026-03-10T12:00:00Z' });
  });
  afterAll(async () => {
    await t?.close();
    await push?.close();
  });

  /** A user and a `call` that signs in afresh each time (tests jump ahead by weeks). */
  async function newUser(timezone = 'UTC') {
    const user = await createUser(t.app.db, { timezone, checkInTime: '20:00', createdAt: longAgo });
    const call = async (method: 'GET' | 'POST' | 'DELETE', url: string, payload?: unknown) => {
      const cookie = await signInAs(t.app, user);
      const res = await t.app.inject({ method, url, headers: { cookie }, ...(payload !== undefined ? { payload: payload as object } : {}) });
      return { status: res.statusCode, body: res.json() };
    };
    const plan = (dates: unknown) => call('POST', '/api/streak/rest-days', { dates });
    const list = async () => (await call('GET', '/api/streak/rest-days')).body;
    return { user, call, plan, list };
  }

  it('needs a signed-in user', async () => {
    expect((await t.app.inject({ method: 'GET', url: '/api/streak/rest-days' })).statusCode).toBe(401);
    expect((await t.app.inject({ method: 'POST', url: '/api/streak/rest-days', payload: { dates: ['2026-03-12'] } })).statusCode).toBe(401);
    expect((await t.app.inject({ method: 'DELETE', url: '/api/streak/rest-days/2026-03-12' })).statusCode).toBe(401);
  });

  it('plans ahead, lists this year and the planned ones, and refuses every bad plan whole with a message', async () => {
    t.clock.set('2026-03-10T12:00:00Z');
    const { plan, list, call } = await newUser();
    expect(await list()).toEqual({ restDays: [], limitPerYear: 14, usedThisYear: 0, remainingThisYear: 14 });

    const ok = await plan(['2026-03-14', '2026-03-12']);
    expect(ok.status).toBe(200);
    expect(ok.body).toEqual({ restDays: ['2026-03-12', '2026-03-14'], limitPerYear: 14, usedThisYear: 2, remainingThisYear: 12 });

    const refused: Array<[unknown, number, string]> = [
      [['2026-03-10'], 400, 'Rest days are planned ahead: pick a date after today.'],
      [['2026-03-01'], 400, 'Rest days are planned ahead: pick a date after today.'],
      [[addLocalDays('2026-03-10', 91)], 400, 'Rest days can be planned at most 90 days ahead.'],
      [['2026-3-20'], 400, 'Pick rest days as dates (YYYY-MM-DD).'],
      [['2026-02-30'], 400, 'Pick rest days as dates (YYYY-MM-DD).'],
      [['2026-03-20', '2026-03-20'], 400, 'Each rest day can be picked once.'],
      [['2026-03-20', '2026-03-12'], 400, 'That date is already a rest day.'],
      [[], 400, 'Pick at least one date.'],
      [Array.from({ length: 15 }, (_, i) => addLocalDays('2026-03-11', i)), 400, 'Plan at most 14 rest days at once.'],
      // 12 left: 13 dates are refused, and the valid ones among them are not planned either.
      [Array.from({ length: 13 }, (_, i) => addLocalDays('2026-04-01', i)), 400, 'You have 12 rest days left this year.'],
    ];
    for (const [dates, status, message] of refused) {
      const r = await plan(dates);
      expect(r.status, JSON.stringify(dates)).toBe(status);
      expect(r.body.message).toContain(message);
    }
    expect((await call('POST', '/api/streak/rest-days', {})).status).toBe(400);
    expect(await list()).toEqual({ restDays: ['2026-03-12', '2026-03-14'], limitPerYear: 14, usedThisYear: 2, remainingThisYear: 12 });
    expect(addLocalDays('2026-03-10', 90)).toBe('2026-06-08');
    expect((await plan(['2026-06-08'])).status).toBe(200);

    const ledger = (await call('GET', '/api/streak/ledger')).body.entries.map((e: { reason: string; date: string }) => `${e.reason} ${e.date}`);
    expect(ledger).toEqual(expect.arrayContaining(['rest-day-planned 2026-03-12', 'rest-day-planned 2026-03-14', 'rest-day-planned 2026-06-08']));
  });

  it('the allowance is 14 per local year; a date next year counts against next year', async () => {
    t.clock.set('2026-12-01T12:00:00Z');
    const { plan, list } = await newUser();
    const dec = Array.from({ length: 14 }, (_, i) => addLocalDays('2026-12-02', i));
    expect((await plan(dec)).body.remainingThisYear).toBe(0);
    const more = await plan(['2026-12-20']);
    expect(more.status).toBe(400);
    expect(more.body.message).toBe('You have 0 rest days left this year.');
    const jan = await plan(['2027-01-05', '2027-01-06']);
    expect(jan.status).toBe(200);
    expect(jan.body).toMatchObject({ usedThisYear: 14, remainingThisYear: 0 });
    expect(jan.body.restDays.slice(-2)).toEqual(['2027-01-05', '2027-01-06']);
    // In January the December dates are last year's: not listed, not counted.
    t.clock.set('2027-01-02T12:00:00Z');
    expect(await list()).toEqual({ restDays: ['2027-01-05', '2027-01-06'], limitPerYear: 14, usedThisYear: 2, remainingThisYear: 12 });
  });

  it('a planned rest day is cancelled until it starts: 200, then 404 when it is not one, 409 once it started', async () => {
    t.clock.set('2026-03-10T12:00:00Z');
    const { plan, call, list } = await newUser('America/New_York');
    await plan(['2026-03-11', '2026-03-12']);
    const cancelled = await call('DELETE', '/api/streak/rest-days/2026-03-12');
    expect(cancelled.status).toBe(200);
    expect(cancelled.body).toMatchObject({ restDays: ['2026-03-11'], usedThisYear: 1, remainingThisYear: 13 });
    expect((await call('DELETE', '/api/streak/rest-days/2026-03-12')).status).toBe(404);
    expect((await call('DELETE', '/api/streak/rest-days/2026-03-13')).body.message).toBe('That date is not a rest day.');
    expect((await call('DELETE', '/api/streak/rest-days/tomorrow')).status).toBe(400);
    // 00:30 on 03-11 in New York (04:30Z): the rest day has started there.
    t.clock.set('2026-03-11T04:30:00Z');
    const started = await call('DELETE', '/api/streak/rest-days/2026-03-11');
    expect(started.status).toBe(409);
    expect(started.body.message).toBe("A rest day that has started can't be cancelled.");
    expect((await list()).restDays).toEqual(['2026-03-11']);
    const reasons = (await call('GET', '/api/streak/ledger')).body.entries.map((e: { reason: string }) => e.reason);
    expect(reasons.filter((r: string) => r === 'rest-day-cancelled')).toHaveLength(1);
  });

  it('the rollover neither counts nor breaks a rest day: no shield, no recovery; a check-in on one gives it back', async () => {
    t.clock.set('2026-04-01T20:30:00Z');
    const { call, plan, list } = await newUser();
    await call('POST', '/api/test/set-streak', { days: 11 });
    await call('POST', '/api/streak/reset-freeze-days', { freezeDays: 1 });
    expect((await call('POST', '/api/checkins', { answers: yes7 })).status).toBe(201); // 12 on 04-01
    expect((await plan(['2026-04-02', '2026-04-03', '2026-04-05'])).status).toBe(200);
    // 04-02 and 04-03 end without check-ins: the job settles them (not a read).
    t.clock.set('2026-04-04T09:00:00Z');
    await rolloverTick(contextOf(t.app));
    const s = (await call('GET', '/api/streak')).body;
    expect(s).toMatchObject({ currentStreak: 12, freezeDaysRemaining: 1, freezeDaysUsed: 0, recoveryAvailable: false, yesterdayFrozen: false });
    // The dashboard says "Rest day" where it would say missed (issue 28): yesterday (04-03) was one.
    expect(s).toMatchObject({ yesterdayRest: true, todayRest: false });
    expect((await call('GET', '/api/dashboard')).body.streak).toMatchObject({ yesterdayRest: true, todayRest: false, yesterdayFrozen: false });
    expect((await call('GET', '/api/streak/frozen-days')).body.frozenDays).toEqual([]);
    const cal = (await call('GET', '/api/streak/calendar?month=2026-04')).body.days as Array<{ date: string; state: string }>;
    const stateOf = (d: string) => cal.find((x) => x.date === d)!.state;
    expect([stateOf('2026-04-01'), stateOf('2026-04-02'), stateOf('2026-04-03'), stateOf('2026-04-05'), stateOf('2026-04-06')]).toEqual([
      'completed',
      'rest',
      'rest',
      'rest',
      'future',
    ]);
    // Used rest days stay counted; they can no longer be cancelled.
    expect(await list()).toMatchObject({ restDays: ['2026-04-02', '2026-04-03', '2026-04-05'], usedThisYear: 3 });
    expect((await call('DELETE', '/api/streak/rest-days/2026-04-02')).status).toBe(409);
    // 04-04 is missed (no rest day): the shield is used for it, and the streak carries on.
    t.clock.set('2026-04-05T20:30:00Z');
    expect((await call('GET', '/api/streak')).body).toMatchObject({ currentStreak: 12, freezeDaysRemaining: 0, yesterdayFrozen: true, todayRest: true, yesterdayRest: false });
    expect((await call('GET', '/api/dashboard')).body.streak).toMatchObject({ todayRest: true, yesterdayRest: false });
    // A check-in on the rest day 04-05 counts as usual and gives the rest day back.
    expect((await call('POST', '/api/checkins', { answers: yes7 })).status).toBe(201);
    expect((await call('GET', '/api/streak')).body).toMatchObject({ currentStreak: 13, todayRest: false });
    expect(await list()).toMatchObject({ restDays: ['2026-04-02', '2026-04-03'], usedThisYear: 2, remainingThisYear: 12 });
    const rows = (await call('GET', '/api/streak/ledger')).body.entries as Array<{ reason: string; date: string }>;
    const reasons = rows.map((e) => `${e.reason} ${e.date}`);
    expect(reasons).toEqual(expect.arrayContaining(['rest-day-used 2026-04-02', 'rest-day-used 2026-04-03', 'shield-used 2026-04-04', 'rest-day-returned 2026-04-05']));
    expect(reasons.filter((r) => r.startsWith('break'))).toEqual([]);
    const cal2 = (await call('GET', '/api/streak/calendar?month=2026-04')).body.days as Array<{ date: string; state: string }>;
    expect(cal2.find((x) => x.date === '2026-04-05')!.state).toBe('completed');
  });

  it('a rest day read lazily after downtime keeps a streak with no shields', async () => {
    t.clock.set('2026-05-01T14:45:00Z'); // 20:15 in Kolkata
    const { call, plan } = await newUser('Asia/Kolkata');
    await call('POST', '/api/test/set-streak', { days: 40 });
    await call('POST', '/api/checkins', { answers: yes7 }); // 41 on 05-01 (Kolkata)
    await plan(['2026-05-02', '2026-05-03']);
    t.clock.set('2026-05-04T03:00:00Z'); // 08:30 on 05-04 in Kolkata
    expect((await call('GET', '/api/streak')).body).toMatchObject({ currentStreak: 41, recoveryAvailable: false });
    t.clock.set('2026-05-05T03:00:00Z'); // 05-04 missed, no shields: back to the 30-day checkpoint
    expect((await call('GET', '/api/streak')).body).toMatchObject({ currentStreak: 30, recoveryAvailable: true, lostStreakValue: 41 });
  });

  it('two concurrent plans never exceed the allowance', async () => {
    t.clock.set('2026-06-01T12:00:00Z');
    const { plan, list } = await newUser();
    const a = Array.from({ length: 8 }, (_, i) => addLocalDays('2026-06-02', i));
    const b = Array.from({ length: 8 }, (_, i) => addLocalDays('2026-07-02', i));
    const [ra, rb] = await Promise.all([plan(a), plan(b)]);
    expect([ra.status, rb.status].sort()).toEqual([200, 400]);
    expect([ra, rb].find((r) => r.status === 400)!.body.message).toBe('You have 6 rest days left this year.');
    expect(await list()).toMatchObject({ usedThisYear: 8, remainingThisYear: 6 });
  });

  it('no reminder is sent on a rest day', async () => {
    t.clock.set('2026-08-01T12:00:00Z');
    const resting = await newUser();
    const other = await newUser();
    expect((await resting.plan(['2026-08-02'])).status).toBe(200);
    t.clock.set('2026-08-02T12:00:00Z');
    const subResting = push.subscribe();
    const subOther = push.subscribe();
    await registerSubscription(contextOf(t.app), resting.user.id, subResting.toJSON());
    await registerSubscription(contextOf(t.app), other.user.id, subOther.toJSON());
    const count = (id: string) => push.received.filter((m) => m.id === id).length;
    const dues = [reminderDueAt('daily', '2026-08-02', 'UTC', '20:00')!, reminderDueAt('last-chance', '2026-08-02', 'UTC', '20:00')!, reminderDueAt('daily', '2026-08-03', 'UTC', '20:00')!];
    for (const due of dues) {
      t.clock.set(new Date(due.getTime() + 30_000));
      await reminderTick(contextOf(t.app), t.clock.now());
      await t.app.jobs.drain();
    }
    // The other user got the daily and last-chance reminders of 08-02 and the daily one of 08-03; the resting user
    // only 08-03's.
    expect(count(subOther.id)).toBe(3);
    expect(count(subResting.id)).toBe(1);
  });
});
