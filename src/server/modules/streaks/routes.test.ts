import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { buildTestApp, type TestApp } from '@test/helpers/app';
import { testEngines } from '@test/helpers/db';
import { createUser, signInAs } from '@test/helpers/users';
import { streakLedger, streakStates, users } from '@server/db/schema/index';
import { rolloverTick } from '@server/jobs/rollover';

const DAY = 86_400_000;
const longAgo = new Date('2025-01-01T00:00:00Z');
const yes7 = Array.from({ length: 7 }, () => true);

describe.each(testEngines())('streak API on %s', (engine) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp(engine, { env: { DEV_TOOLS: 'on' }, now: '2026-03-10T12:00:00Z' });
  });
  afterAll(async () => t.close());

  async function newUser(overrides: Parameters<typeof createUser>[1] = {}) {
    const user = await createUser(t.app.db, { timezone: 'UTC', createdAt: longAgo, ...overrides });
    const cookie = await signInAs(t.app, user);
    const call = async (method: 'GET' | 'POST', url: string, payload?: unknown) => {
      const res = await t.app.inject({ method, url, headers: { cookie }, ...(payload !== undefined ? { payload: payload as object } : {}) });
      return { status: res.statusCode, body: res.json() };
    };
    return { user, cookie, call };
  }

  it('needs a signed-in user', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/streak' });
    expect(res.statusCode).toBe(401);
  });

  it('a fresh user starts at level Ready to Start with every milestone ahead', async () => {
    t.clock.set('2026-03-10T12:00:00Z');
    const { call } = await newUser();
    const r = await call('GET', '/api/streak');
    expect(r.status).toBe(200);
    expect(r.body).toMatchObject({
      currentStreak: 0,
      freezeDaysRemaining: 0,
      level: { name: 'Ready to Start', min: 0 },
      nextMilestone: { days: 30, name: 'Dedicated Soul', daysToGo: 30, progress: 0 },
      yesterdayFrozen: false,
      todayCompleted: false,
    });
    expect(r.body.milestones.map((m: { days: number }) => m.days)).toEqual([30, 100, 365, 730]);
  });

  it('a check-in reaching 30 days answers the celebration and the milestone reward', async () => {
    t.clock.set('2026-03-10T20:30:00Z');
    const { call } = await newUser();
    expect((await call('POST', '/api/test/set-streak', { days: 29 })).body.currentStreak).toBe(29);
    const r = await call('POST', '/api/checkins', { answers: yes7 });
    expect(r.status).toBe(201);
    expect(r.body.celebration).toMatchObject({ type: 'milestone', milestone: 30, message: '🔥 Dedicated Soul! You reached a 30-day streak.' });
    expect(r.body.celebration.features.length).toBeGreaterThan(0);
    expect(r.body.milestoneReward).toEqual({ rewardType: 'premium', milestone: 30 });
    // The streak after it, for the moment after a check-in (issue 30).
    expect(r.body.currentStreak).toBe(30);
    const s = await call('GET', '/api/streak');
    expect(s.body).toMatchObject({ currentStreak: 30, todayCompleted: true, level: { name: 'Flourishing' }, checkpoint: 30 });
    // Editing today's check-in counts nothing twice.
    const again = await call('POST', '/api/checkins', { answers: yes7 });
    expect(again.status).toBe(200);
    expect(again.body.celebration).toBeNull();
    expect(again.body.currentStreak).toBeNull();
    expect((await call('GET', '/api/streak')).body.currentStreak).toBe(30);
  });

  it('a milestone reward left unclaimed stays claimable: days later, after the streak broke, it is still offered and claimed', async () => {
    t.clock.set('2026-06-10T20:30:00Z');
    const { call } = await newUser();
    await call('POST', '/api/test/set-streak', { days: 29 });
    const r = await call('POST', '/api/checkins', { answers: yes7 });
    expect(r.body.milestoneReward).toEqual({ rewardType: 'premium', milestone: 30 });
    // The dialog auto-closed (or was closed): nothing is sent. Four days pass without a check-in (the streak breaks).
    t.clock.set('2026-06-14T09:00:00Z');
    expect((await call('GET', '/api/streak')).body).toMatchObject({ lastCompletedDate: '2026-06-10', todayCompleted: false });
    expect((await call('GET', '/api/rewards/available')).body.availableRewards).toEqual([
      { type: 'premium', reward: '30 days of Premium free', milestone: 30 },
    ]);
    const claim = await call('POST', '/api/rewards/claim', { rewardType: 'premium' });
    expect(claim.status).toBe(200);
    expect(claim.body.subscription).toMatchObject({ tier: 'premium' });
    expect((await call('GET', '/api/rewards/available')).body.availableRewards).toEqual([]);
  });

  it('a premium user reaching 30 days is celebrated but offered no Premium reward', async () => {
    t.clock.set('2026-03-11T20:30:00Z');
    const { call } = await newUser({ tier: 'premium' });
    await call('POST', '/api/test/set-streak', { days: 29 });
    const r = await call('POST', '/api/checkins', { answers: [4, 4, 4, 4, 4, 4, 4] });
    expect(r.status).toBe(201);
    expect(r.body.celebration).toMatchObject({ milestone: 30 });
    expect(r.body.milestoneReward).toBeNull();
  });

  it('a missed day uses a shield (frozen, snowflake), then with none left the streak falls to its checkpoint', async () => {
    t.clock.set('2026-04-01T20:30:00Z');
    const { call } = await newUser();
    await call('POST', '/api/test/set-streak', { days: 34 });
    await call('POST', '/api/streak/reset-freeze-days', { freezeDays: 1 });
    t.clock.set('2026-04-02T09:00:00Z'); // 04-01 ended without a check-in
    const s1 = await call('GET', '/api/streak');
    expect(s1.body).toMatchObject({ currentStreak: 34, freezeDaysRemaining: 0, freezeDaysUsed: 1, yesterdayFrozen: true, icon: '❄️' });
    expect((await call('GET', '/api/streak/frozen-days')).body).toEqual({ frozenDays: ['2026-04-01'] });
    t.clock.set('2026-04-03T09:00:00Z'); // 04-02 missed, no shields
    const s2 = await call('GET', '/api/streak');
    expect(s2.body).toMatchObject({ currentStreak: 30, recoveryAvailable: true, lostStreakValue: 34 });
    const ledger = await call('GET', '/api/streak/ledger');
    const reasons = ledger.body.entries.map((e: { reason: string }) => e.reason);
    expect(reasons).toEqual(expect.arrayContaining(['break', 'shield-used', 'developer']));
    expect((await call('GET', '/api/streak/usage-history')).body.entries.length).toBe(ledger.body.entries.length);
  });

  it('recovery: available, shield recovery restores the lost value once, then 400', async () => {
    t.clock.set('2026-05-01T20:30:00Z');
    const { call } = await newUser();
    await call('POST', '/api/test/set-streak', { days: 11 });
    await call('POST', '/api/checkins', { answers: yes7 }); // 12
    t.clock.set('2026-05-03T10:00:00Z'); // 05-02 missed → break to 0
    expect((await call('GET', '/api/streak/recovery-available')).body).toEqual({ available: 1, lostStreakValue: 12, offerEndsOn: '2026-05-09' });
    const noShield = await call('POST', '/api/streak/recover');
    expect(noShield.status).toBe(400);
    await call('POST', '/api/streak/reset-freeze-days', { freezeDays: 2 });
    const ok = await call('POST', '/api/streak/recover');
    expect(ok.status).toBe(200);
    expect(ok.body).toMatchObject({ currentStreak: 12, freezeDaysRemaining: 1 });
    expect((await call('GET', '/api/streak/recovery-payments')).body).toEqual({ recoveryDates: ['2026-05-02'] });
    expect((await call('GET', '/api/streak/recovery-available')).body).toEqual({ available: 0, lostStreakValue: 0, offerEndsOn: null });
    const twice = await call('POST', '/api/streak/recover');
    expect(twice.status).toBe(400);
    expect(twice.body.message).toBe('No lost streak value available');
  });

  it('decline: the offer goes away; a lost streak under 7 days is never offered; the offer lapses after 7 days', async () => {
    t.clock.set('2026-06-01T12:00:00Z');
    const a = await newUser();
    await a.call('POST', '/api/dev/create-lost-streak', { lostDays: 20 });
    expect((await a.call('GET', '/api/streak/recovery-available')).body).toEqual({ available: 1, lostStreakValue: 20, offerEndsOn: '2026-06-07' });
    expect((await a.call('POST', '/api/streak/decline-recovery')).status).toBe(200);
    expect((await a.call('GET', '/api/streak/recovery-available')).body.available).toBe(0);
    expect((await a.call('POST', '/api/streak/recover')).body.message).toBe('No lost streak value available');

    const b = await newUser();
    await b.call('POST', '/api/dev/create-lost-streak', { lostDays: 6 });
    expect((await b.call('GET', '/api/streak/recovery-available')).body.available).toBe(0);

    const c = await newUser();
    await c.call('POST', '/api/dev/create-lost-streak', { lostDays: 9 }); // lost on 05-31
    t.clock.set('2026-06-07T12:00:00Z');
    expect((await c.call('GET', '/api/streak/recovery-available')).body.available).toBe(1);
    t.clock.set('2026-06-08T12:00:00Z');
    expect((await c.call('GET', '/api/streak/recovery-available')).body.available).toBe(0);
  });

  it('the calendar gives each day its state in the user timezone', async () => {
    t.clock.set('2026-07-01T20:30:00Z');
    const { call, user } = await newUser({ timezone: 'America/New_York', createdAt: new Date('2026-06-20T12:00:00Z') });
    void user;
    // Check in on 07-01, 07-02 local; 07-03 frozen; 07-04 missed (break); 07-05 check-in; 07-06 today.
    await call('POST', '/api/streak/reset-freeze-days', { freezeDays: 1 });
    const at = (d: string, hhmm: string) => new Date(new Date(`${d}T${hhmm}:00-04:00`).getTime());
    t.clock.set(at('2026-07-01', '20:30'));
    expect((await call('POST', '/api/checkins', { answers: yes7 })).status).toBe(201);
    t.clock.set(at('2026-07-02', '21:00'));
    await call('POST', '/api/checkins', { answers: yes7 });
    t.clock.set(at('2026-07-05', '20:15'));
    await call('POST', '/api/checkins', { answers: yes7 });
    t.clock.set(at('2026-07-06', '10:00'));
    const cal = await call('GET', '/api/streak/calendar?month=2026-07');
    expect(cal.status).toBe(200);
    const state = (d: string) => cal.body.days.find((x: { date: string }) => x.date === d).state;
    expect(cal.body.days).toHaveLength(31);
    expect(cal.body.today).toBe('2026-07-06');
    expect(state('2026-07-01')).toBe('completed');
    expect(state('2026-07-02')).toBe('completed');
    expect(state('2026-07-03')).toBe('frozen');
    expect(state('2026-07-04')).toBe('missed');
    expect(state('2026-07-05')).toBe('completed');
    expect(state('2026-07-06')).toBe('today-waiting');
    expect(state('2026-07-07')).toBe('future');
    const june = await call('GET', '/api/streak/calendar?month=2026-06');
    expect(june.body.days.find((x: { date: string }) => x.date === '2026-06-25').state).toBe('before-registration');
    t.clock.set(at('2026-07-06', '20:01'));
    const cal2 = await call('GET', '/api/streak/calendar?month=2026-07');
    expect(cal2.body.days.find((x: { date: string }) => x.date === '2026-07-06').state).toBe('today-open');
    expect((await call('GET', '/api/streak/calendar?month=2026-13')).status).toBe(400);
    expect((await call('GET', '/api/streak/calendar')).status).toBe(400);
  });

  it('a milestone day and a recovered day show as such', async () => {
    t.clock.set('2026-08-01T20:30:00Z');
    const { call } = await newUser();
    await call('POST', '/api/test/set-streak', { days: 29 });
    await call('POST', '/api/checkins', { answers: yes7 }); // 30 on 08-01
    t.clock.set('2026-08-02T20:30:00Z');
    await call('POST', '/api/checkins', { answers: yes7 }); // 31
    t.clock.set('2026-08-04T20:30:00Z'); // 08-03 missed → 30, recoverable
    await call('POST', '/api/streak/reset-freeze-days', { freezeDays: 1 });
    expect((await call('POST', '/api/streak/recover')).body.currentStreak).toBe(31);
    const cal = await call('GET', '/api/streak/calendar?month=2026-08');
    const state = (d: string) => cal.body.days.find((x: { date: string }) => x.date === d).state;
    expect(state('2026-08-01')).toBe('milestone');
    expect(state('2026-08-02')).toBe('completed');
    expect(state('2026-08-03')).toBe('recovered');
  });

  it('a recovered date before the first check-in on record shows as recovered, not before registration', async () => {
    t.clock.set('2026-08-20T12:00:00Z');
    // A streak of 10 set by developer tools: no check-in on record, so every earlier date is "before the first check-in".
    const { call } = await newUser({ createdAt: new Date('2026-08-01T00:00:00Z') });
    await call('POST', '/api/test/set-streak', { days: 10 });
    t.clock.set('2026-08-21T12:00:00Z'); // 08-20 missed → the 10-day streak breaks, recoverable
    expect((await call('GET', '/api/streak/recovery-available')).body).toEqual({ available: 1, lostStreakValue: 10, offerEndsOn: '2026-08-27' });
    await call('POST', '/api/streak/reset-freeze-days', { freezeDays: 1 });
    expect((await call('POST', '/api/streak/recover')).body.currentStreak).toBe(10);
    const cal = await call('GET', '/api/streak/calendar?month=2026-08');
    const state = (d: string) => cal.body.days.find((x: { date: string }) => x.date === d).state;
    expect(state('2026-08-20')).toBe('recovered');
    expect(state('2026-08-19')).toBe('before-registration');
    expect(state('2026-08-21')).toBe('today-waiting');
  });

  it('the rollover job settles a missed day once, whether the job or a read gets there first', async () => {
    t.clock.set('2026-09-01T20:30:00Z');
    const { call, user } = await newUser();
    await call('POST', '/api/test/set-streak', { days: 5 });
    await call('POST', '/api/checkins', { answers: yes7 });
    await call('POST', '/api/streak/reset-freeze-days', { freezeDays: 3 });
    const now = new Date(Date.parse('2026-09-03T00:00:30Z')); // 09-02 ended
    const first = await rolloverTick(t.ctx(now));
    expect(first.users).toBeGreaterThanOrEqual(1);
    await rolloverTick(t.ctx(now));
    t.clock.set(now);
    const s = await call('GET', '/api/streak');
    expect(s.body).toMatchObject({ currentStreak: 6, freezeDaysRemaining: 2 });
    const rows = await t.app.db.select().from(streakLedger).where(eq(streakLedger.userId, user.id));
    expect(rows.filter((r) => r.reason === 'shield-used').map((r) => r.date)).toEqual(['2026-09-02']);
    void DAY;
  });
});

describe.each(testEngines())('timezone change on %s', (engine) => {
  it('recomputes the next rollover from the new zone without moving settled dates', async () => {
    const t = await buildTestApp(engine, { env: { DEV_TOOLS: 'on' }, now: '2026-10-01T20:30:00Z' });
    try {
      const user = await createUser(t.app.db, { timezone: 'UTC', createdAt: longAgo });
      const cookie = await signInAs(t.app, user);
      await t.app.inject({ method: 'POST', url: '/api/test/set-streak', headers: { cookie }, payload: { days: 8 } });
      await t.app.inject({ method: 'POST', url: '/api/checkins', headers: { cookie }, payload: { answers: yes7 } });
      const [before] = await t.app.db.select().from(streakStates).where(eq(streakStates.userId, user.id));
      // Checked in on 10-01: the first date that can be missed is 10-02, which ends at 10-03 00:00 UTC.
      expect(before?.nextRolloverAt?.toISOString()).toBe('2026-10-03T00:00:00.000Z');
      // The user flies to Tokyo (UTC+9): it is already 10-02 05:30 there.
      await t.app.db.update(users).set({ timezone: 'Asia/Tokyo' }).where(eq(users.id, user.id));
      const s = await t.app.inject({ method: 'GET', url: '/api/streak', headers: { cookie } });
      expect(s.json()).toMatchObject({ currentStreak: 9, today: '2026-10-02', todayCompleted: false });
      const [after] = await t.app.db.select().from(streakStates).where(eq(streakStates.userId, user.id));
      expect(after).toMatchObject({ timezone: 'Asia/Tokyo', lastProcessedDate: '2026-10-01', lastCompletedDate: '2026-10-01' });
      expect(after?.nextRolloverAt?.toISOString()).toBe('2026-10-02T15:00:00.000Z'); // 10-02 ends at Tokyo midnight
    } finally {
      await t.close();
    }
  });
});

describe('developer tools with DEV_TOOLS=off', () => {
  it('answer 404', async () => {
    const t = await buildTestApp('pglite', { env: { DEV_TOOLS: 'off' } });
    try {
      const user = await createUser(t.app.db);
      const cookie = await signInAs(t.app, user);
      for (const [url, payload] of [
        ['/api/dev/create-lost-streak', { lostDays: 10 }],
        ['/api/test/set-streak', { days: 3 }],
        ['/api/test/reset-streak', {}],
        ['/api/developer/reset-streak', {}],
        ['/api/developer/reset-trial-notification', {}],
        ['/api/test/simulate-shield-protection', {}],
        ['/api/streak/reset-freeze-days', { freezeDays: 5 }],
      ] as const) {
        const res = await t.app.inject({ method: 'POST', url, headers: { cookie }, payload });
        expect(res.statusCode, url).toBe(404);
      }
    } finally {
      await t.close();
    }
  });
});
