import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import { buildTestApp, type TestApp } from '@test/helpers/app';
import { testEngines } from '@test/helpers/db';
import { createUser, newUserWithCalls } from '@test/helpers/users';
import { streakLedger } from '@server/db/schema/index';
import { expireDueTrials } from '@server/jobs/rollover';

const DAY = 86_400_000;
const N = 15;
const yes7 = Array.from({ length: 7 }, () => true);

describe.each(testEngines())('once-only grants and trial changes under concurrency on %s', (engine) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp(engine, { env: { DEV_TOOLS: 'on' }, now: '2026-03-10T12:00:00Z' });
  });
  afterAll(async () => t.close());

  const newUser = (overrides: Parameters<typeof createUser>[1] = {}) => newUserWithCalls(t.app, overrides);

  const statuses = (rs: { status: number }[]) => rs.map((r) => r.status).sort();

  it('a reward claimed by many concurrent requests is granted once (one trial, 5 shields)', async () => {
    t.clock.set('2026-03-10T12:00:00Z');
    const { user, call } = await newUser();
    await call('POST', '/api/test/set-streak', { days: 30 });
    const rs = await Promise.all(Array.from({ length: N }, () => call('POST', '/api/rewards/claim', { rewardType: 'premium' })));
    expect(statuses(rs)).toEqual([200, ...Array.from({ length: N - 1 }, () => 409)]);
    expect((await call('GET', '/api/streak')).body.freezeDaysRemaining).toBe(5);
    const grants = await t.app.db
      .select()
      .from(streakLedger)
      .where(and(eq(streakLedger.userId, user.id), eq(streakLedger.reason, 'tier-grant')));
    expect(grants).toHaveLength(1);
  });

  it('a coupon redeemed by many concurrent requests is applied once', async () => {
    t.clock.set('2026-03-10T12:00:00Z');
    const { call } = await newUser();
    const rs = await Promise.all(Array.from({ length: N }, () => call('POST', '/api/coupons/redeem', { code: 'OFFERPREMIUM30' })));
    expect(statuses(rs)).toEqual([200, ...Array.from({ length: N - 1 }, () => 409)]);
    expect((await call('GET', '/api/streak')).body.freezeDaysRemaining).toBe(5);
  });

  it('a shield recovery requested many times at once restores once and uses one shield', async () => {
    t.clock.set('2026-05-01T20:30:00Z');
    const { call } = await newUser();
    await call('POST', '/api/test/set-streak', { days: 11 });
    await call('POST', '/api/checkins', { answers: yes7 }); // 12
    t.clock.set('2026-05-03T10:00:00Z'); // 05-02 missed → break
    await call('POST', '/api/streak/reset-freeze-days', { freezeDays: 3 });
    const rs = await Promise.all(Array.from({ length: N }, () => call('POST', '/api/streak/recover')));
    expect(statuses(rs)).toEqual([200, ...Array.from({ length: N - 1 }, () => 400)]);
    expect((await call('GET', '/api/streak')).body).toMatchObject({ currentStreak: 12, freezeDaysRemaining: 2 });
  });

  it("concurrent submissions and edits of today's check-in count the day once", async () => {
    t.clock.set('2026-05-01T20:30:00Z');
    const { call } = await newUser();
    await call('POST', '/api/test/set-streak', { days: 4 });
    await call('POST', '/api/streak/reset-freeze-days', { freezeDays: 2 });
    const rs = await Promise.all(Array.from({ length: N }, () => call('POST', '/api/checkins', { answers: yes7 })));
    expect(statuses(rs)).toEqual([...Array.from({ length: N - 1 }, () => 200), 201]);
    t.clock.set('2026-05-01T22:00:00Z');
    const edit = await call('POST', '/api/checkins', { answers: yes7.map((_, i) => i % 2 === 0) });
    expect(edit.status).toBe(200);
    expect((await call('GET', '/api/streak')).body).toMatchObject({ currentStreak: 5, freezeDaysRemaining: 2, todayCompleted: true });
  });

  it('a coupon redeemed after a trial ended (before anything noticed) returns to the tier before the first trial', async () => {
    t.clock.set('2026-03-10T12:00:00Z');
    const { call } = await newUser();
    await call('POST', '/api/test/set-streak', { days: 30 });
    expect((await call('POST', '/api/rewards/claim', { rewardType: 'premium' })).status).toBe(200);
    // The Premium trial has ended, but nothing read the subscription and the job has not run yet.
    t.clock.set(new Date(Date.parse('2026-03-10T12:00:00Z') + 31 * DAY));
    expect((await call('POST', '/api/coupons/redeem', { code: 'OFFERAI30' })).status).toBe(200);
    expect((await call('GET', '/api/subscription')).body).toMatchObject({ tier: 'ai-coach', previousTier: 'free', premiumExpiresAt: null });
    t.clock.set(new Date(Date.parse('2026-03-10T12:00:00Z') + 62 * DAY));
    expect((await call('GET', '/api/subscription')).body).toMatchObject({ tier: 'free', trialJustExpired: 'ai-coach' });
  });

  it('a Premium coupon after an ended AI Coach trial (not yet noticed) is accepted, not refused as included', async () => {
    t.clock.set('2026-03-10T12:00:00Z');
    const { call } = await newUser();
    expect((await call('POST', '/api/coupons/redeem', { code: 'OFFERAI30' })).status).toBe(200);
    t.clock.set(new Date(Date.parse('2026-03-10T12:00:00Z') + 31 * DAY));
    const r = await call('POST', '/api/coupons/redeem', { code: 'OFFERPREMIUM30' });
    expect(r.status).toBe(200);
    expect((await call('GET', '/api/subscription')).body).toMatchObject({ tier: 'premium', previousTier: 'free' });
  });

  it('redeeming a coupon while reads and the job end a due trial never fails (no lock-order deadlock)', async () => {
    for (let round = 0; round < 5; round++) {
      t.clock.set('2026-03-10T12:00:00Z');
      const { call } = await newUser();
      await call('POST', '/api/test/set-streak', { days: 30 });
      expect((await call('POST', '/api/rewards/claim', { rewardType: 'premium' })).status).toBe(200);
      t.clock.set(new Date(Date.parse('2026-03-10T12:00:00Z') + 31 * DAY));
      const [coupon, ...rest] = await Promise.all([
        call('POST', '/api/coupons/redeem', { code: 'OFFERAI30' }),
        ...Array.from({ length: 6 }, () => call('GET', '/api/subscription')),
        expireDueTrials(t.ctx(), 200).then(() => ({ status: 200 })),
      ]);
      expect(coupon!.status).toBe(200);
      expect(rest.map((r) => r.status)).toEqual(rest.map(() => 200));
    }
  });
});
