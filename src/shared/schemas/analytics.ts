import { z } from 'zod';

/** The analytics ranges (spec part 2 §7): the current quarter is shown as Q1–Q4 and sent as 90d. */
export const TIME_RANGES = ['7d', '30d', '90d', 'all'] as const;
export type TimeRange = (typeof TIME_RANGES)[number];

export const timeRangeQuerySchema = z.object({
  timeRange: z.enum(TIME_RANGES, { error: 'timeRange must be one of 7d, 30d, 90d, all' }).default('30d'),
});

const count = z.number().int().nonnegative();
/** A percentage 0..100 (one decimal). */
const pct = z.number();
/** US dollars (two decimals). */
const usd = z.number();

export const registrationMethodsSchema = z.object({
  google: count,
  email: count,
  googlePercentage: pct,
  emailPercentage: pct,
});
export type RegistrationMethods = z.infer<typeof registrationMethodsSchema>;

/** GET /api/admin/business-metrics (spec part 2 §3). */
export const businessMetricsSchema = z.object({
  totalUsers: count,
  activeUsers: z.object({ daily: count, weekly: count, monthly: count }),
  revenue: z.object({ mrr: usd, arpu: usd, churnRate: pct }),
  engagement: z.object({ avgStreakLength: z.number(), avgCheckInsPerUser: z.number(), completionRate: pct }),
  registrationMethods: registrationMethodsSchema,
  /** Users by effective tier (a trial counts under its tier). */
  subscriptions: z.record(z.string(), count),
});
export type BusinessMetrics = z.infer<typeof businessMetricsSchema>;

/** One background job that ended failed after its retries (or at once on a permanent error). */
export const failedJobSchema = z.object({
  id: z.number().int(),
  /** The job kind (jobs/kinds.ts), e.g. mail.send, stripe.cancel-subscription. */
  kind: z.string(),
  /** Its unique key within the kind (an e-mail token id, a Stripe subscription, a reminder…). */
  key: z.string(),
  attempts: count,
  maxAttempts: count,
  lastError: z.string().nullable(),
  /** When it was given up (ISO). */
  failedAt: z.string().nullable(),
  createdAt: z.string(),
});
export type FailedJob = z.infer<typeof failedJobSchema>;

/** GET /api/admin/jobs/failed (admin only): how many jobs are failed, and the latest of them. */
export const failedJobsSchema = z.object({ total: count, jobs: z.array(failedJobSchema) });
export type FailedJobs = z.infer<typeof failedJobsSchema>;

export const failedJobsQuerySchema = z.object({
  limit: z.coerce.number({ error: 'limit must be a whole number from 1 to 200' }).int().min(1).max(200).default(50),
});

export const READINESS_CATEGORIES = ['infrastructure', 'database', 'userGrowth', 'revenue', 'engagement', 'retention'] as const;
export type ReadinessCategory = (typeof READINESS_CATEGORIES)[number];

/** GET /api/admin/scaling-readiness (spec part 2 §3). */
export const scalingReadinessSchema = z.object({
  overallReadiness: z.number(),
  progressToTarget: z.string(),
  currentUsers: count,
  targetUsers: count,
  readinessScore: z.object({
    infrastructure: z.number(),
    database: z.number(),
    userGrowth: z.number(),
    revenue: z.number(),
    engagement: z.number(),
    retention: z.number(),
  }),
  recommendations: z.array(z.string()),
});
export type ScalingReadiness = z.infer<typeof scalingReadinessSchema>;

export const AGE_RANGES = ['13-17', '18-24', '25-34', '35-44', '45-54', '55-64', '65+', 'Not specified'] as const;
export type AgeRange = (typeof AGE_RANGES)[number];

const purchaseTotals = z.object({ count, revenue: usd });

/** GET /api/analytics/business-metrics?timeRange= (spec part 2 §3). */
export const analyticsMetricsSchema = z.object({
  timeRange: z.enum(TIME_RANGES),
  users: z.object({ active: count, new: count, deleted: count, total: count, growth: pct }),
  demographics: z.object({
    totalUsers: count,
    gender: z.object({ male: count, female: count, other: count, unspecified: count }),
    ageRanges: z.array(z.object({ range: z.enum(AGE_RANGES), count, percentage: pct })),
  }),
  purchases: z.object({ shieldPurchases: purchaseTotals, recoveryPurchases: purchaseTotals }),
  subscriptions: z.object({ revenue: usd, adFree: count, premium: count, aiCoach: count, free: count }),
  trials: z.object({ adFree: count, premium: count, aiCoach: count }),
  couponUsers: z.object({ total: count, premium: count, aiCoach: count }),
  freezeDays: count,
  registrationMethods: registrationMethodsSchema,
  engagement: z.object({ dailyCheckIns: z.number(), streakAverage: z.number(), retentionRate: pct, completionRate: pct }),
  projections: z.object({
    monthlyGrowth: pct,
    revenueGrowthRate: pct,
    targetUsers: count,
    monthlyRevenue: usd,
    yearlyRevenue: usd,
    ltv: usd,
    /** Null while there is no revenue per user to recover the acquisition cost from. */
    breakEvenMonths: z.number().nullable(),
    marketReadiness: z.number(),
    valuationEstimate: usd,
    churnPrediction: pct,
  }),
});
export type AnalyticsMetrics = z.infer<typeof analyticsMetricsSchema>;
