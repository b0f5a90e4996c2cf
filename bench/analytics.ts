/**
 * Owner analytics benchmark, on PostgreSQL (`DATABASE_URL` or `TEST_DATABASE_URL`, default as the streak
 * scenario). Seeds a fresh database with the seed command's function (100,000 users, about 3,000,000 check-ins;
 * `--quick` divides by 10) and reports the seed's time, then calls each analytics endpoint as the admin
 * (app.inject: routing, guard, queries, serialisation) and reports its p50 over 20 calls after 3 warm-ups.
 * Limit: p50 ≤ 300 ms per call.
 */
import { buildApp } from '../src/server/app';
import { seedDatabase, SEED_EMAIL_DOMAIN } from '../src/server/db/seed';
import { ManualClock } from '../src/server/context';
import { testConfig } from '../test/helpers/app';
import { createPostgresDb } from '../test/helpers/db';
import { createUser, signInAs } from '../test/helpers/users';
import { DEFAULT_BENCH_DATABASE_URL } from './streak';

const LIMIT_MS = 300;
const CALLS = [
  '/api/admin/business-metrics',
  '/api/admin/scaling-readiness',
  '/api/analytics/business-metrics?timeRange=7d',
  '/api/analytics/business-metrics?timeRange=30d',
  '/api/analytics/business-metrics?timeRange=90d',
  '/api/analytics/business-metrics?timeRange=all',
];
const n = (x: number) => x.toLocaleString('en-US');
const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;

export async function analyticsBench(argv: string[]): Promise<{ ok: boolean; lines: string[] }> {
  const base = process.env.DATABASE_URL || process.env.TEST_DATABASE_URL || DEFAULT_BENCH_DATABASE_URL;
  const lines: string[] = [];
  if (!/^postgres(ql)?:\/\//.test(base)) {
    lines.push(`analytics: FAIL — the analytics benchmark runs on PostgreSQL; set DATABASE_URL or TEST_DATABASE_URL to a postgres:// URL`);
    return { ok: false, lines };
  }
  const users = argv.includes('--quick') ? 10_000 : 100_000;
  const now = new Date();
  const h = await createPostgresDb(base, { prefix: 'big7_bench', poolMax: 6 });
  let ok = true;
  try {
    const seeded = await seedDatabase(h.db, { users, days: 80, now });
    lines.push(
      `analytics seed: ${n(seeded.users)} users, ${n(seeded.checkIns)} check-ins in ${(seeded.ms / 1000).toFixed(1)} s (${seeded.steps.map((s) => `${s.step} ${(s.ms / 1000).toFixed(1)} s`).join(', ')})`,
    );
    const admin = `admin@${SEED_EMAIL_DOMAIN}`;
    const app = await buildApp({ config: testConfig({ ADMIN_EMAILS: admin }), db: h.db, dbEngine: 'postgres', clock: new ManualClock(now.toISOString()), webRoot: null });
    await app.ready();
    try {
      const cookie = await signInAs(app, await createUser(h.db, { email: admin }));
      for (const url of CALLS) {
        const times: number[] = [];
        for (let i = 0; i < 23; i++) {
          const t0 = performance.now();
          const res = await app.inject({ method: 'GET', url, headers: { cookie } });
          const ms = performance.now() - t0;
          if (res.statusCode !== 200) throw new Error(`${url} answered ${res.statusCode}: ${res.body}`);
          if (i >= 3) times.push(ms);
        }
        const p50 = median(times);
        const pass = p50 <= LIMIT_MS;
        ok &&= pass;
        lines.push(`analytics ${url}: p50 ${p50.toFixed(1)} ms, max ${Math.max(...times).toFixed(1)} ms over ${times.length} calls at ${n(users)} users (limit ${LIMIT_MS} ms) ${pass ? 'OK' : 'FAIL'}`);
      }
    } finally {
      await app.close();
    }
  } finally {
    await h.close();
  }
  return { ok, lines };
}
