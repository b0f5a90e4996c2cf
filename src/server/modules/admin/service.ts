/**
 * Owner analytics (spec part 2 §3, §4; decision 019): the admin business metrics, the scaling readiness and
 * the analytics metrics by range, assembled from SQL aggregates (repo.ts, revenue-queries.ts) by the pure rules
 * of shared/domain/analytics.ts.
 */
import type { DataContext, ServiceContext } from '@server/context';
import { sql } from 'drizzle-orm';
import {
  ageDistribution,
  churnRate,
  growthRate,
  monthlyRecurringRevenue,
  overallReadiness,
  percent,
  priorityActions,
  progressToTarget,
  projections,
  rangeDays,
  readinessScores,
  round1,
  round2,
  TARGET_USERS,
} from '@shared/domain/analytics';
import { TIERS } from '@shared/domain/tiers';
import type { AnalyticsMetrics, BusinessMetrics, FailedJobs, RegistrationMethods, ScalingReadiness, TimeRange } from '@shared/schemas/analytics';
import { accountDeletions } from '@server/db/schema/index';
import { healthReport } from '../health/report';
import * as repo from './repo';
import * as revenue from './revenue-queries';

type Ctx = ServiceContext;

/** The admin report and readiness look at the last 30 days. */
const REPORT_DAYS = 30;

/**
 * Records that an account was deleted (date only, nothing personal), for `users.deleted`. Call it in the
 * account deletion's transaction, beside the DELETE of the user row.
 */
export async function recordAccountDeletion(tx: DataContext): Promise<void> {
  await tx.db.insert(accountDeletions).values({ deletedOn: repo.utcDate(tx.now()) });
}

const registrationMethods = (u: repo.UserAggregates): RegistrationMethods => ({
  google: u.google,
  email: u.email,
  googlePercentage: percent(u.google, u.total),
  emailPercentage: percent(u.email, u.total),
});

/** Check-ins made / check-ins possible in the window (%), at most 100. */
const completionRate = (c: repo.CheckInAggregates, u: repo.UserAggregates) => Math.min(100, percent(c.inWindow, u.possibleCheckIns));

/** What the three reports share: one pass over users, the check-in roll-up, revenue. */
async function gather(ctx: Ctx, windowDays: number | null) {
  const now = ctx.now();
  const retentionDays = windowDays ?? REPORT_DAYS;
  const [users, trials, checkIns, streakAvg, paid, purchasesWindow, purchases30, purchasesPrev30] = await Promise.all([
    repo.userAggregates(ctx.db, now, windowDays, retentionDays),
    repo.runningTrials(ctx.db, now),
    repo.checkInAggregates(ctx.db, now, windowDays),
    repo.averageStreak(ctx.db),
    revenue.paidSubscribersByTier(ctx.db, now),
    revenue.purchaseTotals(ctx.db, windowDays === null ? null : repo.daysBefore(now, windowDays), now),
    revenue.purchaseTotals(ctx.db, repo.daysBefore(now, 30), now),
    revenue.purchaseTotals(ctx.db, repo.daysBefore(now, 60), repo.daysBefore(now, 30)),
  ]);
  const mrr = monthlyRecurringRevenue(paid);
  // ARPU = MRR / all users (monthly revenue per user)
  const arpu = users.total > 0 ? round2(mrr / users.total) : 0;
  const churn = churnRate(users.lapsed30d, users.activeMonthly);
  // retention = users who signed up before the window and checked in within it / users who signed up before it
  const retention = percent(users.cohortActive, users.cohort);
  // the readiness always looks at the last 30 days, whatever the range
  const retention30d = percent(users.cohortActive30d, users.cohort30d);
  const completion30d = Math.min(100, percent(checkIns.in30d, users.possibleCheckIns30d));
  return { now, users, trials, checkIns, streakAvg, paid, mrr, arpu, churn, retention, retention30d, completion30d, purchasesWindow, purchases30, purchasesPrev30 };
}

type Gathered = Awaited<ReturnType<typeof gather>>;

async function readiness(ctx: Ctx, g: Gathered): Promise<ScalingReadiness & { marketReadiness: number }> {
  const health = await healthReport(ctx.db);
  const scores = readinessScores({
    engine: ctx.dbEngine,
    dbResponseMs: health.database.responseTime,
    memoryPercentage: health.memory.percentage,
    monthlyGrowth: growthRate(g.users.new30d, g.users.total),
    mrr: g.mrr,
    completionRate: g.completion30d,
    retentionRate: g.retention30d,
  });
  const overall = overallReadiness(scores);
  // AI Coach adoption = AI Coach users (paid or trial) / every user on a paid tier or trial
  const subscribers = g.users.byTier['ad-free'] + g.users.byTier.premium + g.users.byTier['ai-coach'];
  const recommendations = priorityActions({
    users: g.users.total,
    retentionRate: g.retention30d,
    subscriptionRevenue: g.mrr,
    shieldPurchases: g.purchases30.shield.count,
    aiCoachAdoption: percent(g.users.byTier['ai-coach'], subscribers),
    marketReadiness: overall,
  });
  return {
    overallReadiness: overall,
    marketReadiness: overall,
    progressToTarget: progressToTarget(g.users.total),
    currentUsers: g.users.total,
    targetUsers: TARGET_USERS,
    readinessScore: scores,
    recommendations,
  };
}

/** GET /api/admin/business-metrics: the last 30 days. */
export async function businessMetrics(ctx: Ctx): Promise<BusinessMetrics> {
  const g = await gather(ctx, REPORT_DAYS);
  return {
    totalUsers: g.users.total,
    activeUsers: { daily: g.users.activeDaily, weekly: g.users.activeWeekly, monthly: g.users.activeMonthly },
    revenue: { mrr: g.mrr, arpu: g.arpu, churnRate: g.churn },
    engagement: {
      avgStreakLength: round1(g.streakAvg),
      // all check-ins ever / all users
      avgCheckInsPerUser: g.users.total > 0 ? round1(g.checkIns.total / g.users.total) : 0,
      completionRate: completionRate(g.checkIns, g.users),
    },
    registrationMethods: registrationMethods(g.users),
    subscriptions: Object.fromEntries(TIERS.map((t) => [t, g.users.byTier[t]])),
  };
}

/** GET /api/admin/scaling-readiness. */
export async function scalingReadiness(ctx: Ctx): Promise<ScalingReadiness> {
  const g = await gather(ctx, REPORT_DAYS);
  const { marketReadiness: _m, ...report } = await readiness(ctx, g);
  return report;
}

/** GET /api/analytics/business-metrics?timeRange=. */
export async function analyticsMetrics(ctx: Ctx, timeRange: TimeRange): Promise<AnalyticsMetrics> {
  const days = rangeDays(timeRange);
  const g = await gather(ctx, days);
  const [r, w] = await Promise.all([readiness(ctx, g), repo.windowCounts(ctx.db, g.now, days)]);
  const { users, checkIns } = g;
  // days the range spans: its length, or from the first check-in date to today for all time
  const spanDays =
    days ?? (checkIns.firstDate ? Math.max(1, Math.round((Date.parse(repo.utcDate(g.now)) - Date.parse(checkIns.firstDate)) / 86_400_000) + 1) : 1);
  return {
    timeRange,
    users: {
      active: users.activeInWindow,
      new: users.newInWindow,
      deleted: w.deleted,
      total: users.total,
      // growth = new in the range / users before it × 100
      growth: growthRate(users.newInWindow, users.total),
    },
    demographics: {
      totalUsers: users.total,
      gender: users.gender,
      ageRanges: ageDistribution(users.ages, users.total),
    },
    purchases: {
      shieldPurchases: g.purchasesWindow.shield,
      recoveryPurchases: g.purchasesWindow.recovery,
    },
    subscriptions: {
      revenue: g.mrr,
      adFree: users.byTier['ad-free'],
      premium: users.byTier.premium,
      aiCoach: users.byTier['ai-coach'],
      free: users.byTier.free,
    },
    trials: { adFree: 0, premium: g.trials.premium, aiCoach: g.trials.aiCoach },
    couponUsers: w.couponUsers,
    freezeDays: w.freezeDays,
    registrationMethods: registrationMethods(users),
    engagement: {
      // check-ins dated in the range / days in the range
      dailyCheckIns: round1(checkIns.inWindow / spanDays),
      streakAverage: round1(g.streakAvg),
      retentionRate: g.retention,
      completionRate: completionRate(checkIns, users),
    },
    projections: projections({
      totalUsers: users.total,
      newUsers30d: users.new30d,
      mrr: g.mrr,
      arpu: g.arpu,
      purchaseRevenue30d: round2(g.purchases30.shield.revenue + g.purchases30.recovery.revenue),
      revenueLast30d: g.purchases30.totalRevenue,
      revenuePrevious30d: g.purchasesPrev30.totalRevenue,
      churnRate: g.churn,
      marketReadiness: r.marketReadiness,
    }),
  };
}

/**
 * GET /api/admin/jobs/failed: the background jobs that ended failed (decision 012: after their attempts, or at once
 * on a permanent error), newest first, with how many there are. No payload (it may hold an e-mail's text).
 */
export async function failedJobs(ctx: Ctx, limit: number): Promise<FailedJobs> {
  const [total, rows] = await Promise.all([ctx.jobs.countFailed(), ctx.jobs.listFailed(limit)]);
  return {
    total,
    jobs: rows.map((j) => ({
      id: j.id,
      kind: j.kind,
      key: j.key,
      attempts: j.attempts,
      maxAttempts: j.maxAttempts,
      lastError: j.lastError,
      failedAt: j.finishedAt?.toISOString() ?? null,
      createdAt: j.createdAt.toISOString(),
    })),
  };
}

/**
 * Recomputes the check-in roll-ups from check_ins (after a bulk load made with the trigger off). Call inside a
 * transaction: it locks check_ins against writes while it counts.
 */
export async function rebuildCheckInRollups({ db: tx }: DataContext): Promise<void> {
  await tx.execute(sql`LOCK TABLE check_ins IN SHARE MODE`);
  await tx.execute(sql`DELETE FROM user_check_in_stats`);
  await tx.execute(sql`DELETE FROM check_in_daily_counts`);
  await tx.execute(sql`INSERT INTO user_check_in_stats (user_id, check_ins, last_check_in_at, user_created_at)
    SELECT c.user_id, count(*), max(c.created_at), min(u.created_at) FROM check_ins c JOIN users u ON u.id = c.user_id GROUP BY c.user_id`);
  await tx.execute(sql`INSERT INTO check_in_daily_counts (local_date, shard, check_ins)
    SELECT local_date, hashtext(user_id) & 15, count(*) FROM check_ins GROUP BY 1, 2`);
}
