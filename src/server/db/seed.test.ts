import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { buildTestApp, type TestApp } from '@test/helpers/app';
import { testEngines } from '@test/helpers/db';
import { createUser, signInAs } from '@test/helpers/users';
import { countRealUsers, SEED_EMAIL_DOMAIN, seedDatabase, SeedRefused } from './seed';

const NOW = new Date('2026-11-25T12:00:00Z');
const one = async <T>(t: TestApp, q: ReturnType<typeof sql>) => ((await t.app.db.execute(q)) as unknown as { rows: T[] }).rows[0]!;

describe.each(testEngines())('seed on %s', (engine) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp(engine, { now: NOW.toISOString(), env: { ADMIN_EMAILS: `admin@${SEED_EMAIL_DOMAIN}` } });
  });
  afterAll(async () => t.close());

  it('fills an empty database with consistent data the analytics read', async () => {
    const r = await seedDatabase(t.app.db, { users: 300, days: 20, now: NOW, batch: 120 });
    expect(r.users).toBe(300);
    expect(r.checkIns).toBeGreaterThan(300);
    expect(r.ms).toBeGreaterThan(0);
    const counts = await one<Record<string, number>>(
      t,
      sql`SELECT (SELECT count(*) FROM users)::int AS users, (SELECT count(*) FROM check_ins)::int AS check_ins,
        (SELECT coalesce(sum(check_ins), 0) FROM check_in_daily_counts)::int AS rolled,
        (SELECT coalesce(sum(check_ins), 0) FROM user_check_in_stats)::int AS per_user,
        (SELECT count(*) FROM check_ins WHERE created_at > ${NOW.toISOString()}::timestamptz)::int AS future,
        (SELECT count(*) FROM streak_states)::int AS streaks,
        (SELECT count(*) FROM users WHERE tier IN ('premium', 'ai-coach'))::int AS upper_tiers,
        (SELECT count(*) FROM subscriptions WHERE paid_tier IS NOT NULL)::int AS paid,
        (SELECT count(*) FROM subscriptions s JOIN users u ON u.id = s.user_id WHERE s.paid_tier IS NOT NULL AND s.paid_tier <> u.tier)::int AS paid_mismatch,
        (SELECT count(*) FROM purchases WHERE type = 'subscription')::int AS sub_payments,
        (SELECT count(*) FROM purchases WHERE type = 'shield')::int AS shields`,
    );
    expect(counts).toMatchObject({ users: 300, check_ins: r.checkIns, rolled: r.checkIns, per_user: r.checkIns, future: 0, streaks: 300 });
    expect(counts.upper_tiers).toBeGreaterThan(0);
    expect(counts.paid).toBeGreaterThan(0);
    expect(counts.paid_mismatch).toBe(0);
    expect(counts.sub_payments).toBeGreaterThan(0);
    expect(counts.shields).toBeGreaterThan(0);
    // streaks are the runs of dates that end today or yesterday
    const bad = await one<{ n: number }>(
      t,
      sql`SELECT count(*)::int AS n FROM streak_states s WHERE s.current_streak > 0 AND NOT EXISTS (
        SELECT 1 FROM check_ins c WHERE c.user_id = s.user_id AND c.local_date::date = s.last_completed_date)`,
    );
    expect(bad.n).toBe(0);
    expect(await countRealUsers(t.app.db)).toBe(0);

    // the seeded admin reads the analytics
    const admin = await createUser(t.app.db, { email: `admin@${SEED_EMAIL_DOMAIN}` });
    const res = await t.app.inject({ method: 'GET', url: '/api/analytics/business-metrics?timeRange=30d', headers: { cookie: await signInAs(t.app, admin) } });
    expect(res.statusCode).toBe(200);
    expect(res.json().users.total).toBe(301);
    expect(res.json().engagement.completionRate).toBeGreaterThan(10);
    expect(res.json().subscriptions.revenue).toBeGreaterThan(0);
  });

  it('refuses a database with real users unless forced, and seeds again alongside its own', async () => {
    await createUser(t.app.db, { email: 'person@example.com' });
    await expect(seedDatabase(t.app.db, { users: 5, days: 3, now: NOW })).rejects.toBeInstanceOf(SeedRefused);
    const before = await one<{ n: number }>(t, sql`SELECT count(*)::int AS n FROM users`);
    expect(before.n).toBe(302);
    await seedDatabase(t.app.db, { users: 5, days: 3, now: NOW, force: true });
    expect((await one<{ n: number }>(t, sql`SELECT count(*)::int AS n FROM users`)).n).toBe(307);
  });
});
