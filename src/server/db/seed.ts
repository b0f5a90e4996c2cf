/**
 * Synthetic data (users, check-ins, streaks, trials, coupons, paid subscriptions, payments, shields, feedback,
 * deletions) for demos and the analytics benchmark (`npm run seed -- --users N [--days D] [--force]`).
 * Everything is generated inside the database (INSERT … SELECT over generate_series, in batches of users), so
 * 100,000 users with 3,000,000 check-ins take seconds, on PGlite and PostgreSQL alike. Seeded e-mails end in
 * SEED_EMAIL_DOMAIN; a database holding any other user is refused unless `force`.
 */
import { randomBytes } from 'node:crypto';
import { inTx, type DataContext } from '../context';
import { bulkLoad } from './bulk-load';
import { rowsOf } from './rows';
import { sql } from 'drizzle-orm';
import type { Db } from './client';
import { systemClock } from '../context';
import { rebuildCheckInRollups } from '../modules/admin/service';
import { seedCoupons } from '../modules/coupons/service';
import { AREA_SCORE_KEYS } from '@shared/domain/scoring';
import { checkIns } from './schema';

export const SEED_EMAIL_DOMAIN = 'seed.big7.invalid';

export interface SeedOptions {
  users: number;
  /** Days of history (check-ins from up to this many days ago; sign-ups spread over 1.5× as long). */
  days: number;
  /** The seed's "today" (default: now). */
  now?: Date;
  /** Seed even when the database holds users not made by the seed. */
  force?: boolean;
  /** Users per INSERT batch. */
  batch?: number;
  log?: (line: string) => void;
}

export interface SeedResult {
  users: number;
  checkIns: number;
  ms: number;
  steps: { step: string; ms: number }[];
}

export class SeedRefused extends Error {}

/** Payments are recorded in `purchases` when the payments module is installed (its migration applied). */
async function hasPurchases(db: Db): Promise<boolean> {
  const [r] = await rowsOf<{ ok: boolean }>(db, sql`SELECT to_regclass('public.purchases') IS NOT NULL AS ok`);
  return r?.ok === true;
}

/** Users whose e-mail is not the seed's: real people, whom the seed must not mix with. */
export async function countRealUsers(db: Db): Promise<number> {
  const [r] = await rowsOf<{ n: number }>(db, sql`SELECT count(*)::int AS n FROM users WHERE email NOT LIKE ${`%@${SEED_EMAIL_DOMAIN}`}`);
  return Number(r?.n ?? 0);
}

const FIRST_NAMES = ['Ava', 'Ben', 'Chloe', 'Dev', 'Elif', 'Finn', 'Grace', 'Hiro', 'Isla', 'Jon', 'Kemi', 'Liam', 'Mia', 'Noah', 'Omar', 'Priya', 'Quinn', 'Rosa', 'Sam', 'Tara'];
const ZONES = ['UTC', 'America/New_York', 'America/Chicago', 'America/Los_Angeles', 'Europe/London', 'Europe/Berlin', 'Asia/Kolkata', 'Asia/Tokyo', 'Australia/Sydney'];
const FEEDBACK = [
  'Love the streak calendar!',
  'Could the reminder come a bit earlier?',
  'The dark mode is great.',
  'Please add more tips for sleep.',
  'Shields saved my streak twice, thank you.',
];
/** The seven area columns, named by the table; the seed rolls one score per area (`r1`…). */
const AREA_COLUMNS = AREA_SCORE_KEYS.map((key) => checkIns[key].name);
const ROLLS = AREA_COLUMNS.map((_, i) => `r${i + 1}`);
const arr = (xs: string[]) => sql.raw(`ARRAY[${xs.map((x) => `'${x.replace(/'/g, "''")}'`).join(',')}]`);

export async function seedDatabase(db: Db, opts: SeedOptions): Promise<SeedResult> {
  const log = opts.log ?? (() => {});
  const now = opts.now ?? systemClock.now();
  // The services the seed calls take a context: the database and the seed's instant.
  const ctx = { db, now: () => now };
  const batch = opts.batch ?? 20_000;
  const steps: SeedResult['steps'] = [];
  const t0 = performance.now();
  // Each step is one transaction without change notifications (db/bulk-load.ts): its rows are all new. It gets
  // that transaction's context (and its db).
  const step = async (name: string, fn: (ctx: DataContext) => Promise<unknown>) => {
    const s = performance.now();
    await bulkLoad(ctx, fn);
    const ms = Math.round(performance.now() - s);
    steps.push({ step: name, ms });
    log(`  ${name}: ${ms} ms`);
  };

  if (!opts.force) {
    const real = await countRealUsers(db);
    if (real > 0) throw new SeedRefused(`the database holds ${real} user(s) not made by the seed; pass --force to seed it anyway`);
  }
  const run = randomBytes(3).toString('hex');
  const nowIso = now.toISOString();
  const nowTs = sql`${nowIso}::timestamptz`;
  const today = sql`(${nowIso}::timestamptz AT TIME ZONE 'UTC')::date`;
  const days = opts.days;
  const signupSpan = Math.ceil(days * 1.5);

  await step('users, subscriptions, coupons', async (ctx) => {
    const { db } = ctx;
    await seedCoupons(ctx);
    for (let from = 1; from <= opts.users; from += batch) {
      const to = Math.min(opts.users, from + batch - 1);
      // h: a stable pseudo-random number 0..1 per user and purpose, so the tables agree with each other.
      await db.execute(sql`
        INSERT INTO users (id, email, first_name, provider, gender, age, tier, timezone, check_in_time, email_verified_at, first_check_in_completed, created_at, updated_at)
        SELECT 'seed-' || ${run} || '-' || i,
               'user' || i || '.' || ${run} || '@' || ${SEED_EMAIL_DOMAIN},
               (${arr(FIRST_NAMES)})[1 + i % ${FIRST_NAMES.length}],
               CASE WHEN h1 < 0.35 THEN 'google' ELSE 'email' END,
               CASE WHEN h2 < 0.44 THEN 'female' WHEN h2 < 0.80 THEN 'male' WHEN h2 < 0.85 THEN 'other' WHEN h2 < 0.90 THEN 'prefer-not-to-say' ELSE NULL END,
               CASE WHEN h3 < 0.15 THEN NULL ELSE 13 + floor(power(h4, 1.6) * 60)::int END,
               CASE WHEN h5 < 0.70 THEN 'free' WHEN h5 < 0.75 THEN 'ad-free' WHEN h5 < 0.90 THEN 'premium' ELSE 'ai-coach' END,
               (${arr(ZONES)})[1 + i % ${ZONES.length}],
               '20:00', ${nowTs}, true,
               ${nowTs} - make_interval(secs => (power(h6, 0.7) * ${signupSpan} * 86400)::int),
               ${nowTs}
        FROM (SELECT i, random() h1, random() h2, random() h3, random() h4, random() h5, random() h6
              FROM generate_series(${from}::int, ${to}::int) AS i) g`);
    }
    // A third of the premium and ai-coach users are on a 30-day trial (half of those from a coupon); every other
    // ad-free, premium and ai-coach user pays: a paid tier in force for the rest of the month.
    await db.execute(sql`
      INSERT INTO subscriptions (user_id, premium_expires_at, ai_coach_expires_at, previous_tier, paid_tier, paid_until, auto_renew, next_expiry_at, updated_at)
      SELECT id,
             CASE WHEN trial AND tier = 'premium' THEN e END, CASE WHEN trial AND tier = 'ai-coach' THEN e END,
             CASE WHEN trial THEN 'free' END,
             CASE WHEN NOT trial THEN tier END, CASE WHEN NOT trial THEN e END, NOT trial, e, ${nowTs}
      FROM (SELECT id, tier, tier <> 'ad-free' AND random() < 0.33 AS trial,
                   ${nowTs} + make_interval(secs => (3600 + random() * 28 * 86400)::int) AS e
            FROM users WHERE id LIKE ${`seed-${run}-%`} AND tier IN ('ad-free', 'premium', 'ai-coach')) t`);
    await db.execute(sql`
      INSERT INTO coupon_redemptions (user_id, code, redeemed_at)
      SELECT s.user_id, CASE WHEN s.premium_expires_at IS NOT NULL THEN 'OFFERPREMIUM30' ELSE 'OFFERAI30' END,
             coalesce(s.premium_expires_at, s.ai_coach_expires_at) - interval '30 days'
      FROM subscriptions s
      WHERE s.user_id LIKE ${`seed-${run}-%`} AND s.paid_tier IS NULL AND random() < 0.5`);
  });

  let checkInCount = 0;
  await step('check-ins', async (ctx) => {
    const { db } = ctx;
    // The roll-up of inserted rows is off during the bulk load (the table is locked for it) and the roll-ups rebuilt after.
    await inTx(ctx, async (txCtx) => {
      const tx = txCtx.db;
      await tx.execute(sql`ALTER TABLE check_ins DISABLE TRIGGER check_ins_rollup_inserted`);
      for (let from = 1; from <= opts.users; from += batch) {
        const to = Math.min(opts.users, from + batch - 1);
        // Each user checks in on a share of the days since sign-up (their own engagement level, 0.15..0.85).
        await tx.execute(sql`
          INSERT INTO check_ins (id, user_id, local_date, ${sql.raw(AREA_COLUMNS.join(', '))},
                                 score, answers, subscription_tier_at_check_in, timezone, created_at, updated_at)
          SELECT gen_random_uuid()::text, u.id, to_char(d, 'YYYY-MM-DD'), ${sql.raw(ROLLS.join(', '))}, (${sql.raw(ROLLS.join(' + '))}) / ${sql.raw(String(ROLLS.length))},
                 '[true, true, false, true, true, false, true]'::jsonb, u.tier, u.timezone,
                 (d AT TIME ZONE 'UTC') + interval '20 hours' + make_interval(mins => (random() * 239)::int), (d AT TIME ZONE 'UTC') + interval '20 hours'
          FROM (SELECT id, tier, timezone, created_at, 0.15 + 0.7 * random() AS p FROM users
                WHERE id IN (SELECT 'seed-' || ${run} || '-' || i FROM generate_series(${from}::int, ${to}::int) i)) u
          CROSS JOIN LATERAL generate_series(greatest((u.created_at AT TIME ZONE 'UTC')::date, ${today} - ${days - 1}::int), ${today}, interval '1 day') AS d
          -- one roll and seven scores per user and date (the lateral refers to d, so it runs for each row; a bare
          -- random() < u.p in WHERE would be pushed down to the users scan and keep or drop whole users)
          CROSS JOIN LATERAL (SELECT random() AS roll, ${sql.raw(ROLLS.map((r) => `round(random()::numeric * 4) / 4 AS ${r}`).join(', '))}
                              WHERE d IS NOT NULL OFFSET 0) r
          WHERE r.roll < u.p AND (d AT TIME ZONE 'UTC') + interval '20 hours' <= ${nowTs}`);
      }
      await tx.execute(sql`ALTER TABLE check_ins ENABLE TRIGGER check_ins_rollup_inserted`);
      await rebuildCheckInRollups(txCtx);
    });
    const [counted] = await rowsOf<{ n: number }>(db, sql`SELECT count(*)::int AS n FROM check_ins WHERE user_id LIKE ${`seed-${run}-%`}`);
    checkInCount = Number(counted?.n ?? 0);
  });

  await step('streaks, shields', async (ctx) => {
    const { db } = ctx;
    // Current streak: the run of consecutive dates ending at the last check-in, if that was today or yesterday.
    // Batches of users, read in the (user_id, local_date) index's order.
    for (let from = 1; from <= opts.users; from += batch) {
      const to = Math.min(opts.users, from + batch - 1);
      const ids = sql`(SELECT 'seed-' || ${run} || '-' || i FROM generate_series(${from}::int, ${to}::int) i)`;
      await db.execute(sql`
        INSERT INTO streak_states (user_id, current_streak, best_streak, freeze_days_remaining, last_completed_date, last_processed_date, timezone, updated_at)
        SELECT u.id, coalesce(st.cur, 0), coalesce(st.best, 0),
               CASE u.tier WHEN 'ad-free' THEN 1 WHEN 'premium' THEN 5 WHEN 'ai-coach' THEN 10 ELSE 0 END,
               st.last, st.last, u.timezone, ${nowTs}
        FROM users u LEFT JOIN (
          SELECT user_id, max(len) AS best, max(last) AS last,
                 max(len) FILTER (WHERE last = user_last AND last >= ${today} - 1) AS cur
          FROM (SELECT user_id, count(*) AS len, max(d) AS last, max(max(d)) OVER (PARTITION BY user_id) AS user_last
                FROM (SELECT user_id, local_date::date AS d, local_date::date - (row_number() OVER (PARTITION BY user_id ORDER BY local_date))::int AS grp
                      FROM check_ins WHERE user_id IN ${ids}) x
                GROUP BY user_id, grp) islands
          GROUP BY user_id) st ON st.user_id = u.id
        WHERE u.id IN ${ids}`);
    }
    // Shields used: a missed date of a paying or trial user, now and then.
    await db.execute(sql`
      INSERT INTO streak_frozen_days (user_id, date, created_at)
      SELECT u.id, ${today} - (1 + floor(random() * ${Math.max(1, days - 1)}))::int, ${nowTs}
      FROM users u WHERE u.id LIKE ${`seed-${run}-%`} AND u.tier <> 'free' AND random() < 0.3
      ON CONFLICT DO NOTHING`);
  });

  await step('payments', async (ctx) => {
    const { db } = ctx;
    if (!(await hasPurchases(db))) return;
    const price = sql.raw(`CASE s.paid_tier WHEN 'ad-free' THEN 99 WHEN 'premium' THEN 499 ELSE 999 END`);
    // Monthly subscription payments (the latest period start, and the one before when the user was there).
    await db.execute(sql`
      INSERT INTO purchases (id, user_id, type, description, amount_cents, status, provider, provider_id, created_at, updated_at)
      SELECT gen_random_uuid()::text, s.user_id, 'subscription', 'Subscription: ' || s.paid_tier, ${price}, 'completed', 'test',
             'seed_' || ${run} || '_' || s.user_id || '_' || k, at, at
      FROM subscriptions s JOIN users u ON u.id = s.user_id
      CROSS JOIN LATERAL (SELECT k, s.paid_until - make_interval(days => 30 * (k + 1)) AS at FROM generate_series(0, 1) k) p
      WHERE s.user_id LIKE ${`seed-${run}-%`} AND s.paid_tier IS NOT NULL AND p.at >= u.created_at AND p.at <= ${nowTs}`);
    // Shields (6% of users, $0.99, a few failed) and streak recoveries (1%, $9.99).
    await db.execute(sql`
      INSERT INTO purchases (id, user_id, type, description, amount_cents, status, provider, provider_id, created_at, updated_at)
      SELECT gen_random_uuid()::text, u.id, kind, CASE kind WHEN 'shield' THEN 'Streak shield' ELSE 'Streak recovery' END,
             CASE kind WHEN 'shield' THEN 99 ELSE 999 END, CASE WHEN random() < 0.03 THEN 'failed' ELSE 'completed' END, 'test',
             'seed_' || ${run} || '_' || u.id || '_' || kind, at, at
      FROM users u
      CROSS JOIN LATERAL (SELECT CASE WHEN random() < 0.06 THEN 'shield' WHEN random() < 0.01 THEN 'streak_recovery' END AS kind,
                                 u.created_at + (${nowTs} - u.created_at) * random() AS at WHERE u.id IS NOT NULL OFFSET 0) p
      WHERE u.id LIKE ${`seed-${run}-%`} AND p.kind IS NOT NULL`);
  });

  await step('feedback, deletions', async (ctx) => {
    const { db } = ctx;
    await db.execute(sql`
      INSERT INTO feedback (id, user_id, name, email, message, read, created_at)
      SELECT gen_random_uuid()::text, u.id, u.first_name, u.email, (${arr(FEEDBACK)})[1 + floor(random() * ${FEEDBACK.length})::int], random() < 0.5,
             ${nowTs} - make_interval(secs => (random() * ${days} * 86400)::int)
      FROM users u WHERE u.id LIKE ${`seed-${run}-%`} AND random() < 0.01`);
    await db.execute(sql`
      INSERT INTO account_deletions (id, deleted_on)
      SELECT gen_random_uuid()::text, ${today} - floor(random() * ${days})::int FROM generate_series(1, ${Math.ceil(opts.users * 0.02)}::int)`);
  });

  const analyzeStarted = performance.now();
  await db.execute(sql`ANALYZE`); // not in a transaction
  const analyzeMs = Math.round(performance.now() - analyzeStarted);
  steps.push({ step: 'analyze', ms: analyzeMs });
  log(`  analyze: ${analyzeMs} ms`);
  const ms = Math.round(performance.now() - t0);
  return { users: opts.users, checkIns: checkInCount, ms, steps };
}
