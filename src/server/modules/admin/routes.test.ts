import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { inTx } from '@server/context';
import { buildTestApp, type TestApp } from '@test/helpers/app';
import { testEngines } from '@test/helpers/db';
import { createUser, signInAs } from '@test/helpers/users';
import { accountDeletions, checkIns, couponRedemptions, purchases, streakFrozenDays, streakStates, subscriptions, users } from '@server/db/schema/index';
import { seedCoupons } from '../coupons/service';
import { ACTIONS } from '@shared/domain/analytics';
import { recordAccountDeletion } from './service';

const ADMIN = 'owner@big7.test';
const NOW = '2026-11-25T12:00:00Z';
const d = (s: string) => new Date(s);

/**
 * A small fixed data set (decision 019 works every figure below out by hand), at 2026-11-25 12:00 UTC:
 *   A admin  email  —/—        free                    created 01-01  no check-ins
 *   B        google male 20    premium (paid)          created 01-01  check-ins 11-20, 11-24, 11-25 (last 11-25 10:00); streak 2
 *   C        email  female 30  premium trial to 12-15  created 11-20  check-ins 11-20, 11-21 (last 11-21 20:00); streak 0; shield used 11-22; OFFERPREMIUM30 11-20
 *   D        email  pnts 70    ai-coach (paid)         created 09-01  check-in 10-10 (lapsed); streak 0; shield used 10-11
 *   E        google other 16   ad-free (paid)          created 11-01  check-in 11-24 (20:30); streak 1
 *   F        email  male —     ai-coach trial to 12-01 created 05-01  no check-ins; OFFERAI30 11-01, OFFERPREMIUM30 06-01
 *   G        deleted on 11-23 (had a check-in, a paid tier and a payment); another deletion dated 08-01
 * Paid subscriptions (subscriptions.paid_tier, paid until 12-20): B premium, D ai-coach, E ad-free.
 * Completed purchases: B shield $0.99 11-24, E shield $0.99 11-10, B recovery $9.99 11-01, B subscription $4.99
 * 11-05 and 10-05, D subscription $9.99 10-20; not counted: a failed shield of B's (11-24), G's $4.99 (11-22).
 */
async function seedFixture(t: TestApp) {
  const db = t.app.db;
  await seedCoupons(t.ctx());
  await createUser(db, { email: ADMIN, createdAt: d('2026-01-01T00:00:00Z') });
  const B = await createUser(db, { provider: 'google', gender: 'male', age: 20, tier: 'premium', createdAt: d('2026-01-01T00:00:00Z') });
  const C = await createUser(db, { gender: 'female', age: 30, tier: 'premium', createdAt: d('2026-11-20T08:00:00Z') });
  const D = await createUser(db, { gender: 'prefer-not-to-say', age: 70, tier: 'ai-coach', createdAt: d('2026-09-01T00:00:00Z') });
  const E = await createUser(db, { provider: 'google', gender: 'other', age: 16, tier: 'ad-free', createdAt: d('2026-11-01T00:00:00Z') });
  const F = await createUser(db, { gender: 'male', tier: 'ai-coach', createdAt: d('2026-05-01T00:00:00Z') });
  const G = await createUser(db, { tier: 'premium', createdAt: d('2026-11-01T00:00:00Z') });

  const ci = (userId: string, localDate: string, at: string) => ({
    userId,
    localDate,
    restScore: 1,
    exerciseScore: 1,
    nutritionScore: 0,
    goalsScore: 1,
    boundariesScore: 0,
    connectionScore: 1,
    joyScore: 1,
    score: 5 / 7,
    answers: [true, true, false, true, false, true, true],
    timezone: 'UTC',
    createdAt: d(at),
  });
  await db.insert(checkIns).values([
    ci(B.id, '2026-11-20', '2026-11-20T21:00:00Z'),
    ci(B.id, '2026-11-24', '2026-11-24T21:00:00Z'),
    ci(B.id, '2026-11-25', '2026-11-25T10:00:00Z'),
    ci(C.id, '2026-11-20', '2026-11-20T20:00:00Z'),
    ci(C.id, '2026-11-21', '2026-11-21T20:00:00Z'),
    ci(D.id, '2026-10-10', '2026-10-10T20:00:00Z'),
    ci(E.id, '2026-11-24', '2026-11-24T20:30:00Z'),
    ci(G.id, '2026-11-22', '2026-11-22T20:00:00Z'),
  ]);
  await db.insert(streakStates).values([
    { userId: B.id, currentStreak: 2, lastCompletedDate: '2026-11-25' },
    { userId: C.id, currentStreak: 0, lastCompletedDate: '2026-11-21' },
    { userId: D.id, currentStreak: 0, lastCompletedDate: '2026-10-10' },
    { userId: E.id, currentStreak: 1, lastCompletedDate: '2026-11-24' },
    { userId: G.id, currentStreak: 9, lastCompletedDate: '2026-11-22' },
  ]);
  const paidUntil = d('2026-12-20T00:00:00Z');
  await db.insert(subscriptions).values([
    { userId: B.id, paidTier: 'premium', paidUntil, autoRenew: true },
    { userId: E.id, paidTier: 'ad-free', paidUntil, autoRenew: true },
    { userId: G.id, paidTier: 'premium', paidUntil, autoRenew: true },
    { userId: C.id, premiumExpiresAt: d('2026-12-15T00:00:00Z'), previousTier: 'free', nextExpiryAt: d('2026-12-15T00:00:00Z') },
    { userId: F.id, aiCoachExpiresAt: d('2026-12-01T00:00:00Z'), previousTier: 'free', nextExpiryAt: d('2026-12-01T00:00:00Z') },
    // a premium trial expiry of D's does not make D's paid ai-coach a trial
    { userId: D.id, premiumExpiresAt: d('2026-12-20T00:00:00Z'), paidTier: 'ai-coach', paidUntil, autoRenew: false },
  ]);
  await db.insert(couponRedemptions).values([
    { userId: C.id, code: 'OFFERPREMIUM30', redeemedAt: d('2026-11-20T09:00:00Z') },
    { userId: F.id, code: 'OFFERAI30', redeemedAt: d('2026-11-01T10:00:00Z') },
    { userId: F.id, code: 'OFFERPREMIUM30', redeemedAt: d('2026-06-01T10:00:00Z') },
  ]);
  await db.insert(streakFrozenDays).values([
    { userId: C.id, date: '2026-11-22' },
    { userId: D.id, date: '2026-10-11' },
  ]);
  let seq = 0;
  const pay = (userId: string, type: 'shield' | 'streak_recovery' | 'subscription', cents: number, at: string, status: 'completed' | 'failed' = 'completed') => ({
    userId,
    type,
    description: type,
    amountCents: cents,
    status,
    provider: 'test' as const,
    providerId: `p${++seq}`,
    createdAt: d(at),
  });
  await db.insert(purchases).values([
    pay(B.id, 'shield', 99, '2026-11-24T10:00:00Z'),
    pay(B.id, 'shield', 99, '2026-11-24T10:05:00Z', 'failed'),
    pay(E.id, 'shield', 99, '2026-11-10T10:00:00Z'),
    pay(B.id, 'streak_recovery', 999, '2026-11-01T10:00:00Z'),
    pay(B.id, 'subscription', 499, '2026-11-05T10:00:00Z'),
    pay(B.id, 'subscription', 499, '2026-10-05T10:00:00Z'),
    pay(D.id, 'subscription', 999, '2026-10-20T10:00:00Z'),
    pay(G.id, 'subscription', 499, '2026-11-22T10:00:00Z'),
  ]);
  // G deletes the account: the row goes (hard delete), a dated record stays.
  await inTx(t.ctx('2026-11-23T10:00:00Z'), async (tx) => {
    await tx.db.delete(users).where(eq(users.id, G.id));
    await recordAccountDeletion(tx);
  });
  await db.insert(accountDeletions).values({ deletedOn: '2026-08-01' });
  return { B };
}

describe.each(testEngines())('owner analytics on %s', (engine) => {
  let t: TestApp;
  let adminCookie: string;
  let userCookie: string;
  beforeAll(async () => {
    t = await buildTestApp(engine, { now: NOW, env: { ADMIN_EMAILS: ADMIN } });
    const { B } = await seedFixture(t);
    const [admin] = await t.app.db.select().from(users).where(eq(users.email, ADMIN));
    adminCookie = await signInAs(t.app, admin!);
    userCookie = await signInAs(t.app, B);
  });
  afterAll(async () => t.close());

  const get = async (url: string, cookie: string | null = adminCookie) => {
    const res = await t.app.inject({ method: 'GET', url, headers: cookie ? { cookie } : {} });
    return { status: res.statusCode, body: res.json() };
  };

  it('admin only: 401 signed out, 403 for a user, 400 for an unknown range', async () => {
    for (const url of ['/api/admin/business-metrics', '/api/admin/scaling-readiness', '/api/analytics/business-metrics?timeRange=7d']) {
      expect((await get(url, null)).status).toBe(401);
      const denied = await get(url, userCookie);
      expect(denied.status).toBe(403);
      expect(denied.body.message).toBe('Admin access required');
    }
    // the role is checked before the query: a user learns nothing from a bad range either
    expect((await get('/api/analytics/business-metrics?timeRange=1y', userCookie)).status).toBe(403);
    const bad = await get('/api/analytics/business-metrics?timeRange=1y');
    expect(bad.status).toBe(400);
    expect(JSON.stringify(bad.body)).toContain('7d, 30d, 90d, all');
  });

  it('failed jobs: admin only; how many, and the latest with kind, key, attempts, last error and when', async () => {
    expect((await get('/api/admin/jobs/failed', null)).status).toBe(401);
    expect((await get('/api/admin/jobs/failed', userCookie)).status).toBe(403);
    expect((await get('/api/admin/jobs/failed?limit=0', userCookie)).status).toBe(403);
    expect((await get('/api/admin/jobs/failed?limit=0')).status).toBe(400);
    const before = (await get('/api/admin/jobs/failed')).body as { total: number };

    // Two jobs that cannot succeed (no such recurring task: a permanent error), given up one after the other; and
    // one that is only retrying (not failed yet).
    await t.app.jobs.enqueue(t.app.db, { kind: 'recurring', key: 'vanished@1', payload: { task: 'vanished-task' } });
    await t.app.jobs.drain();
    t.clock.advance(60_000);
    await t.app.jobs.enqueue(t.app.db, { kind: 'recurring', key: 'vanished@2', payload: { task: 'vanished-task' } });
    await t.app.jobs.drain();
    t.clock.set(NOW);

    const all = await get('/api/admin/jobs/failed');
    expect(all.status).toBe(200);
    expect(all.body.total).toBe(before.total + 2);
    expect(all.body.jobs.slice(0, 2)).toEqual([
      {
        id: expect.any(Number),
        kind: 'recurring',
        key: 'vanished@2',
        attempts: 1,
        maxAttempts: 2,
        lastError: 'PermanentJobError: no recurring task named "vanished-task"',
        failedAt: '2026-11-25T12:01:00.000Z',
        createdAt: '2026-11-25T12:01:00.000Z',
      },
      expect.objectContaining({ key: 'vanished@1', failedAt: '2026-11-25T12:00:00.000Z' }),
    ]);
    const latest = await get('/api/admin/jobs/failed?limit=1');
    expect(latest.body).toEqual({ total: before.total + 2, jobs: [all.body.jobs[0]] });
  });

  it('business metrics: every figure as computed by hand', async () => {
    const res = await get('/api/admin/business-metrics');
    expect(res.status).toBe(200);
    expect(res.body).toEqual({
      totalUsers: 6,
      activeUsers: { daily: 2, weekly: 3, monthly: 3 }, // B,E / B,C,E / B,C,E
      revenue: { mrr: 15.97, arpu: 2.66, churnRate: 25 }, // 4.99+9.99+0.99; /6; D lapsed of D+B,C,E
      engagement: { avgStreakLength: 0.8, avgCheckInsPerUser: 1.2, completionRate: 4 }, // 3/4; 7/6; 6 of 151 possible
      registrationMethods: { google: 2, email: 4, googlePercentage: 33.3, emailPercentage: 66.7 },
      subscriptions: { free: 1, 'ad-free': 1, premium: 2, 'ai-coach': 2, therapy: 0 },
    });
  });

  it('scaling readiness: scores, progress and the priority actions', async () => {
    const res = await get('/api/admin/scaling-readiness');
    expect(res.status).toBe(200);
    const { readinessScore: s, ...rest } = res.body;
    expect(s).toMatchObject({ userGrowth: 100, revenue: 0, engagement: 4, retention: 29 }); // growth 2/4 = 50%; retention 25/85
    expect([100, 80, 70, 60, 50, 40]).toContain(s.infrastructure); // depends on the machine's load
    expect(engine === 'postgres' ? [90, 70] : [40, 20]).toContain(s.database);
    const mean = Math.round((s.infrastructure + s.database + 100 + 0 + 4 + 29) / 6);
    expect(rest).toEqual({
      overallReadiness: mean,
      progressToTarget: '0.00%',
      currentUsers: 6,
      targetUsers: 2_000_000,
      recommendations: [ACTIONS.earlyStage, ACTIONS.retention(25), ACTIONS.revenue, ACTIONS.shields], // 2 shields in 30 days
    });
  });

  const common = {
    demographics: {
      totalUsers: 6,
      gender: { male: 2, female: 1, other: 1, unspecified: 2 },
      ageRanges: [
        { range: '13-17', count: 1, percentage: 16.7 },
        { range: '18-24', count: 1, percentage: 16.7 },
        { range: '25-34', count: 1, percentage: 16.7 },
        { range: '35-44', count: 0, percentage: 0 },
        { range: '45-54', count: 0, percentage: 0 },
        { range: '55-64', count: 0, percentage: 0 },
        { range: '65+', count: 1, percentage: 16.7 },
        { range: 'Not specified', count: 2, percentage: 33.3 },
      ],
    },
    subscriptions: { revenue: 15.97, adFree: 1, premium: 2, aiCoach: 2, free: 1 },
    trials: { adFree: 0, premium: 1, aiCoach: 1 },
    registrationMethods: { google: 2, email: 4, googlePercentage: 33.3, emailPercentage: 66.7 },
  };
  const projections = (marketReadiness: number) => ({
    monthlyGrowth: 50,
    revenueGrowthRate: 13.2, // (16.96 − 14.98) / 14.98
    targetUsers: 2_000_000,
    monthlyRevenue: 27.94, // MRR 15.97 + shields and recovery of 30 days 11.97
    yearlyRevenue: 335.28,
    ltv: 10.64, // 2.66 × 4 months
    breakEvenMonths: 2, // ceil(5 / 2.66)
    marketReadiness,
    valuationEstimate: 1676.4,
    churnPrediction: 25,
  });

  /** GETs the range and expects its whole answer: its own figures, those every range shares here, the projections. */
  const expectRange = async (timeRange: string, own: object) => {
    const res = await get(`/api/analytics/business-metrics?timeRange=${timeRange}`);
    expect(res.body).toEqual({ timeRange, ...own, ...common, projections: projections(res.body.projections.marketReadiness) });
    return res;
  };

  it('analytics for 7 days', async () => {
    const res = await expectRange('7d', {
      users: { active: 3, new: 1, deleted: 1, total: 6, growth: 20 },
      purchases: { shieldPurchases: { count: 1, revenue: 0.99 }, recoveryPurchases: { count: 0, revenue: 0 } },
      couponUsers: { total: 1, premium: 1, aiCoach: 0 },
      freezeDays: 1,
      engagement: { dailyCheckIns: 0.9, streakAverage: 0.8, retentionRate: 40, completionRate: 14.6 }, // 6/7; 2 of 5; 6 of 41
    });
    expect(res.status).toBe(200);
  });

  it('analytics for 90 days and for all time', async () => {
    const q = await get('/api/analytics/business-metrics?timeRange=90d');
    expect(q.body).toMatchObject({
      users: { active: 4, new: 3, deleted: 1, total: 6, growth: 100 },
      purchases: { shieldPurchases: { count: 2, revenue: 1.98 }, recoveryPurchases: { count: 1, revenue: 9.99 } },
      couponUsers: { total: 2, premium: 1, aiCoach: 1 },
      freezeDays: 2,
      engagement: { dailyCheckIns: 0.1, streakAverage: 0.8, retentionRate: 33.3, completionRate: 1.8 }, // 7/90; 1 of 3; 7 of 387
    });
    const all = await expectRange('all', {
      users: { active: 4, new: 6, deleted: 2, total: 6, growth: 0 },
      purchases: { shieldPurchases: { count: 2, revenue: 1.98 }, recoveryPurchases: { count: 1, revenue: 9.99 } },
      couponUsers: { total: 2, premium: 2, aiCoach: 1 },
      freezeDays: 2,
      engagement: { dailyCheckIns: 0.1, streakAverage: 0.8, retentionRate: 25, completionRate: 0.7 }, // 7/47 days; 30-day retention; 7 of 984
    });
    const scaling = await get('/api/admin/scaling-readiness');
    expect(all.body.projections.marketReadiness).toBe(scaling.body.overallReadiness);
  });

  it('the check-in roll-ups follow inserts and deletes exactly', async () => {
    const rows = await t.app.db.execute(
      // every user's roll-up equals a fresh count
      `SELECT count(*)::int AS bad FROM user_check_in_stats s
       FULL JOIN (SELECT c.user_id, count(*) AS n, max(c.created_at) AS last, min(u.created_at) AS signed_up
                  FROM check_ins c JOIN users u ON u.id = c.user_id GROUP BY c.user_id) c ON c.user_id = s.user_id
       WHERE s.check_ins IS DISTINCT FROM c.n::int OR s.last_check_in_at IS DISTINCT FROM c.last
          OR s.user_created_at IS DISTINCT FROM c.signed_up` as never,
    );
    expect((rows as unknown as { rows: { bad: number }[] }).rows[0]!.bad).toBe(0);
  });
});
