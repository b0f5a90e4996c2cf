/**
 * Seeds the read/write benchmark fast: large INSERT … SELECT FROM generate_series batches (never the API), the
 * same SQL on PGlite and PostgreSQL. User i (1-based) has id `b<i>`, a session whose cookie token is
 * `benchToken(i)`, 90 days of check-ins up to yesterday, a 90-day streak settled up to yesterday, and no
 * check-in today, so its first check-in of the run is the day's first. Every zone used is inside the 20:00
 * check-in window at BENCH_NOW.
 */
import { sql, type SQL } from 'drizzle-orm';
import { bulkLoad } from '../src/server/db/bulk-load';
import type { Db } from '../src/server/db/client';

/** 21:30 UTC on 2026-03-10: 21:30 in UTC/London/Lisbon, 22:30 in Lagos/Berlin/Paris, 20:30 in the Azores. */
export const BENCH_NOW = new Date('2026-03-10T21:30:00Z');
export const BENCH_TODAY = '2026-03-10';
export const BENCH_ZONES = ['UTC', 'Europe/London', 'Europe/Lisbon', 'Africa/Lagos', 'Europe/Berlin', 'Europe/Paris', 'Atlantic/Azores'];
export const HISTORY_DAYS = 90;
/** User i's zone, as the seed stores it (`(zones)[1 + i % n]` below): a browser acting as user i runs in it. */
export const benchZone = (i: number): string => BENCH_ZONES[i % BENCH_ZONES.length]!;

export const benchToken = (i: number) => `bench-session-token-${i}`;
export const benchCookie = (i: number) => `big7_sid=${benchToken(i)}`;

export async function seedBench(db: Db, total: number): Promise<void> {
  const zones = sql.raw(`ARRAY[${BENCH_ZONES.map((z) => `'${z}'`).join(',')}]`);
  const now = BENCH_NOW.toISOString();
  const step = 2_000;
  for (let from = 1; from <= total; from += step) {
    const to = Math.min(total, from + step - 1);
    await bulkLoad(db, (db) => seedBatch(db, from, to, zones, now));
  }
  await db.execute(sql`ANALYZE`);
}

async function seedBatch(db: Db, from: number, to: number, zones: SQL, now: string): Promise<void> {
  await db.execute(sql`
    INSERT INTO users (id, email, first_name, timezone, check_in_time, email_verified_at, first_check_in_completed, created_at, updated_at)
    SELECT 'b' || i, 'b' || i || '@bench.local', 'Bench', (${zones})[1 + i % ${BENCH_ZONES.length}], '20:00',
           ${now}::timestamptz - interval '120 days', true, ${now}::timestamptz - interval '120 days', ${now}::timestamptz
    FROM generate_series(${from}::int, ${to}::int) AS i`);
  await db.execute(sql`
    INSERT INTO sessions (id, user_id, created_at, expires_at)
    SELECT encode(sha256(convert_to('bench-session-token-' || i, 'UTF8')), 'hex'), 'b' || i,
           ${now}::timestamptz, ${now}::timestamptz + interval '7 days'
    FROM generate_series(${from}::int, ${to}::int) AS i`);
  await db.execute(sql`
    INSERT INTO check_ins (id, user_id, local_date, rest_score, exercise_score, nutrition_score, goals_score, boundaries_score,
                           connection_score, joy_score, score, answers, subscription_tier_at_check_in, timezone, created_at, updated_at)
    SELECT 'c' || i || '-' || d, 'b' || i, to_char(${BENCH_TODAY}::date - d, 'YYYY-MM-DD'),
           1, (d % 2), 1, 0, 1, 1, (i % 2), (5 + (d % 2) + (i % 2))::float8 / 7,
           jsonb_build_array(true, d % 2 = 1, true, false, true, true, i % 2 = 1), 'free', (${zones})[1 + i % ${BENCH_ZONES.length}],
           ${now}::timestamptz - make_interval(days => d), ${now}::timestamptz - make_interval(days => d)
    FROM generate_series(${from}::int, ${to}::int) AS i, generate_series(1, ${HISTORY_DAYS}) AS d`);
  await db.execute(sql`
    INSERT INTO streak_states (user_id, current_streak, best_streak, freeze_days_remaining, checkpoint, last_completed_date,
                               last_processed_date, next_rollover_at, timezone)
    SELECT 'b' || i, ${HISTORY_DAYS}, ${HISTORY_DAYS}, 0, 30, ${BENCH_TODAY}::date - 1, ${BENCH_TODAY}::date - 1,
           ${now}::timestamptz + interval '3 hours', (${zones})[1 + i % ${BENCH_ZONES.length}]
    FROM generate_series(${from}::int, ${to}::int) AS i`);
}

