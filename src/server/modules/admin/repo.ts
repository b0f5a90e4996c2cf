/**
 * Cross-user aggregates for the owner analytics (admin only; decision 019). Every figure is computed by the
 * database (counts, sums, filtered aggregates); no query returns per-user rows. Check-in figures read the
 * trigger-kept roll-ups (user_check_in_stats, check_in_daily_counts) instead of scanning every check-in.
 */
import { sql } from 'drizzle-orm';
import type { AgeRange } from '@shared/schemas/analytics';
import type { Tier } from '@shared/domain/tiers';
import type { Db } from '@server/db/client';
import { num, rowsOf } from './sql';

const DAY_MS = 86_400_000;
const iso = (d: Date) => sql`${d.toISOString()}::timestamptz`;
/** YYYY-MM-DD of an instant in UTC. */
export const utcDate = (d: Date): string => d.toISOString().slice(0, 10);
export const daysBefore = (d: Date, days: number): Date => new Date(d.getTime() - days * DAY_MS);

export interface UserAggregates {
  total: number;
  google: number;
  email: number;
  /** Signed up in the window (all of them without a window) / in the last 30 days. */
  newInWindow: number;
  new30d: number;
  /** Last check-in within 24 h / 7 days / 30 days / the window. */
  activeDaily: number;
  activeWeekly: number;
  activeMonthly: number;
  activeInWindow: number;
  /** Last check-in 30–59 days ago (lapsed this month). */
  lapsed30d: number;
  /** Retention: users who signed up before the retention window started, and those of them active in it. */
  cohort: number;
  cohortActive: number;
  /** Σ over users of the dates in the window they could check in on (from their signup date to today). */
  possibleCheckIns: number;
  /** The same three over the last 30 days whatever the window (the readiness uses them). */
  cohort30d: number;
  cohortActive30d: number;
  possibleCheckIns30d: number;
  gender: { male: number; female: number; other: number; unspecified: number };
  ages: Record<AgeRange, number>;
  byTier: Record<Tier, number>;
}

/**
 * One pass over users and one over their check-in roll-up.
 * windowDays: the window (the analytics range; null = all time; 30 days for the admin report), which the
 * completion figures use too; retentionDays: the retention window (the range, 30 days for all time).
 */
export async function userAggregates(db: Db, now: Date, windowDays: number | null, retentionDays: number): Promise<UserAggregates> {
  const windowStart = windowDays === null ? null : daysBefore(now, windowDays);
  const inWindow = (col: ReturnType<typeof sql>) => (windowStart === null ? sql`${col} IS NOT NULL` : sql`${col} > ${iso(windowStart)}`);
  const today = utcDate(now);
  const windowFromDate = windowDays === null ? '0001-01-01' : utcDate(daysBefore(now, windowDays - 1));
  const from30 = utcDate(daysBefore(now, 29));
  const possibleFrom = (from: string) => sql`coalesce(sum(greatest(0, ${today}::date - greatest((u.created_at AT TIME ZONE 'UTC')::date, ${from}::date) + 1)), 0)::float8`;
  // Two passes that run side by side: users (sign-ups, demographics, tiers) and the per-user check-in roll-up
  // (activity, retention), which carries the sign-up instant so that no join is needed.
  const [[r], [a]] = await Promise.all([
    rowsOf<Record<string, unknown>>(
      db,
      sql`SELECT
      count(*)::int AS total,
      count(*) FILTER (WHERE u.provider = 'google')::int AS google,
      count(*) FILTER (WHERE ${inWindow(sql`u.created_at`)})::int AS new_in_window,
      count(*) FILTER (WHERE u.created_at > ${iso(daysBefore(now, 30))})::int AS new_30d,
      count(*) FILTER (WHERE u.created_at <= ${iso(daysBefore(now, retentionDays))})::int AS cohort,
      count(*) FILTER (WHERE u.created_at <= ${iso(daysBefore(now, 30))})::int AS cohort_30d,
      ${possibleFrom(windowFromDate)} AS possible,
      ${possibleFrom(from30)} AS possible_30d,
      count(*) FILTER (WHERE u.gender = 'male')::int AS male,
      count(*) FILTER (WHERE u.gender = 'female')::int AS female,
      count(*) FILTER (WHERE u.gender = 'other')::int AS other,
      count(*) FILTER (WHERE u.gender IS NULL OR u.gender = 'prefer-not-to-say')::int AS unspecified,
      count(*) FILTER (WHERE u.age < 18)::int AS a13,
      count(*) FILTER (WHERE u.age BETWEEN 18 AND 24)::int AS a18,
      count(*) FILTER (WHERE u.age BETWEEN 25 AND 34)::int AS a25,
      count(*) FILTER (WHERE u.age BETWEEN 35 AND 44)::int AS a35,
      count(*) FILTER (WHERE u.age BETWEEN 45 AND 54)::int AS a45,
      count(*) FILTER (WHERE u.age BETWEEN 55 AND 64)::int AS a55,
      count(*) FILTER (WHERE u.age >= 65)::int AS a65,
      count(*) FILTER (WHERE u.age IS NULL)::int AS ana,
      count(*) FILTER (WHERE u.tier = 'free')::int AS t_free,
      count(*) FILTER (WHERE u.tier = 'ad-free')::int AS t_adfree,
      count(*) FILTER (WHERE u.tier = 'premium')::int AS t_premium,
      count(*) FILTER (WHERE u.tier = 'ai-coach')::int AS t_aicoach,
      count(*) FILTER (WHERE u.tier = 'therapy')::int AS t_therapy
    FROM users u`,
    ),
    rowsOf<Record<string, unknown>>(
      db,
      sql`SELECT
      count(*) FILTER (WHERE s.last_check_in_at > ${iso(daysBefore(now, 1))})::int AS active_daily,
      count(*) FILTER (WHERE s.last_check_in_at > ${iso(daysBefore(now, 7))})::int AS active_weekly,
      count(*) FILTER (WHERE s.last_check_in_at > ${iso(daysBefore(now, 30))})::int AS active_monthly,
      count(*) FILTER (WHERE ${inWindow(sql`s.last_check_in_at`)})::int AS active_in_window,
      count(*) FILTER (WHERE s.last_check_in_at <= ${iso(daysBefore(now, 30))} AND s.last_check_in_at > ${iso(daysBefore(now, 60))})::int AS lapsed_30d,
      count(*) FILTER (WHERE s.user_created_at <= ${iso(daysBefore(now, retentionDays))} AND s.last_check_in_at > ${iso(daysBefore(now, retentionDays))})::int AS cohort_active,
      count(*) FILTER (WHERE s.user_created_at <= ${iso(daysBefore(now, 30))} AND s.last_check_in_at > ${iso(daysBefore(now, 30))})::int AS cohort_active_30d
    FROM user_check_in_stats s`,
    ),
  ]);
  const n = (k: string) => num(r?.[k] ?? a?.[k]);
  return {
    total: n('total'),
    google: n('google'),
    email: n('total') - n('google'),
    newInWindow: n('new_in_window'),
    new30d: n('new_30d'),
    activeDaily: n('active_daily'),
    activeWeekly: n('active_weekly'),
    activeMonthly: n('active_monthly'),
    activeInWindow: n('active_in_window'),
    lapsed30d: n('lapsed_30d'),
    cohort: n('cohort'),
    cohortActive: n('cohort_active'),
    possibleCheckIns: n('possible'),
    cohort30d: n('cohort_30d'),
    cohortActive30d: n('cohort_active_30d'),
    possibleCheckIns30d: n('possible_30d'),
    gender: { male: n('male'), female: n('female'), other: n('other'), unspecified: n('unspecified') },
    ages: {
      '13-17': n('a13'),
      '18-24': n('a18'),
      '25-34': n('a25'),
      '35-44': n('a35'),
      '45-54': n('a45'),
      '55-64': n('a55'),
      '65+': n('a65'),
      'Not specified': n('ana'),
    },
    byTier: { free: n('t_free'), 'ad-free': n('t_adfree'), premium: n('t_premium'), 'ai-coach': n('t_aicoach'), therapy: n('t_therapy') },
  };
}

/** Users whose effective tier is a running trial of it (read from the subscription rows with a future expiry). */
export async function runningTrials(db: Db, now: Date): Promise<{ premium: number; aiCoach: number }> {
  const [r] = await rowsOf<Record<string, unknown>>(
    db,
    sql`SELECT
      count(*) FILTER (WHERE u.tier = 'premium' AND sub.premium_expires_at > ${iso(now)})::int AS premium,
      count(*) FILTER (WHERE u.tier = 'ai-coach' AND sub.ai_coach_expires_at > ${iso(now)})::int AS ai_coach
    FROM subscriptions sub JOIN users u ON u.id = sub.user_id
    WHERE sub.premium_expires_at > ${iso(now)} OR sub.ai_coach_expires_at > ${iso(now)}`,
  );
  return { premium: num(r?.premium), aiCoach: num(r?.ai_coach) };
}

export interface CheckInAggregates {
  total: number;
  /** Check-ins dated in the window (from its first date; all of them without a window). */
  inWindow: number;
  /** Check-ins dated in the last 30 days. */
  in30d: number;
  /** The earliest check-in date, or null with none. */
  firstDate: string | null;
}

/** Check-in counts by local date, from the daily roll-up. */
export async function checkInAggregates(db: Db, now: Date, windowDays: number | null): Promise<CheckInAggregates> {
  const windowFrom = windowDays === null ? '0000-01-01' : utcDate(daysBefore(now, windowDays - 1));
  const [r] = await rowsOf<Record<string, unknown>>(
    db,
    sql`SELECT coalesce(sum(check_ins), 0)::int AS total,
      coalesce(sum(check_ins) FILTER (WHERE local_date >= ${windowFrom}), 0)::int AS in_window,
      coalesce(sum(check_ins) FILTER (WHERE local_date >= ${utcDate(daysBefore(now, 29))}), 0)::int AS in_30d,
      min(local_date) FILTER (WHERE check_ins > 0) AS first_date
    FROM (SELECT local_date, sum(check_ins) AS check_ins FROM check_in_daily_counts GROUP BY local_date) AS by_date`,
  );
  return { total: num(r?.total), inWindow: num(r?.in_window), in30d: num(r?.in_30d), firstDate: (r?.first_date as string | null) ?? null };
}

/** Mean current streak of the users who have checked in at least once. */
export async function averageStreak(db: Db): Promise<number> {
  const [r] = await rowsOf<{ avg: unknown }>(db, sql`SELECT coalesce(avg(current_streak), 0)::float8 AS avg FROM streak_states WHERE last_completed_date IS NOT NULL`);
  return num(r?.avg);
}

export interface WindowCounts {
  couponUsers: { total: number; premium: number; aiCoach: number };
  /** Shields used on dates in the window. */
  freezeDays: number;
  /** Accounts deleted in the window. */
  deleted: number;
}

/** Coupon users, shields used and deletions in the window (null = all time). */
export async function windowCounts(db: Db, now: Date, windowDays: number | null): Promise<WindowCounts> {
  const fromDate = windowDays === null ? '0001-01-01' : utcDate(daysBefore(now, windowDays - 1));
  const fromInstant = windowDays === null ? null : daysBefore(now, windowDays);
  const [r] = await rowsOf<Record<string, unknown>>(
    db,
    sql`SELECT
      (SELECT count(DISTINCT cr.user_id) FROM coupon_redemptions cr WHERE ${fromInstant === null ? sql`true` : sql`cr.redeemed_at > ${iso(fromInstant)}`})::int AS coupon_total,
      (SELECT count(DISTINCT cr.user_id) FROM coupon_redemptions cr JOIN coupons c ON c.code = cr.code
        WHERE c.tier = 'premium' AND ${fromInstant === null ? sql`true` : sql`cr.redeemed_at > ${iso(fromInstant)}`})::int AS coupon_premium,
      (SELECT count(DISTINCT cr.user_id) FROM coupon_redemptions cr JOIN coupons c ON c.code = cr.code
        WHERE c.tier = 'ai-coach' AND ${fromInstant === null ? sql`true` : sql`cr.redeemed_at > ${iso(fromInstant)}`})::int AS coupon_ai,
      (SELECT count(*) FROM streak_frozen_days WHERE date >= ${fromDate}::date)::int AS freeze_days,
      (SELECT count(*) FROM account_deletions WHERE deleted_on >= ${fromDate}::date)::int AS deleted`,
  );
  return {
    couponUsers: { total: num(r?.coupon_total), premium: num(r?.coupon_premium), aiCoach: num(r?.coupon_ai) },
    freezeDays: num(r?.freeze_days),
    deleted: num(r?.deleted),
  };
}
