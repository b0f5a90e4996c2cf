/**
 * Owner analytics: the pure rules behind the business metrics, scaling readiness and the business dashboards
 * (spec part 2 §3, §4; decision 019 defines every metric). The server feeds them SQL aggregates; the client
 * uses the same rules for the Growth Strategy card, number abbreviations and readiness colours.
 */
import { AGE_RANGES, type AgeRange, type ReadinessCategory, type TimeRange } from '../schemas/analytics';
import { PRICES_CENTS } from './prices';
import type { Tier } from './tiers';

/** The goal the readiness is measured against: 2M subscribers. */
export const TARGET_USERS = 2_000_000;
/** Sale-ready when market readiness is at least this. */
export const SALE_READY_MARKET_READINESS = 85;
/** The retention the product aims for (%); the readiness retention score is 100 at this value. */
export const RETENTION_TARGET = 85;
/** Priority-action thresholds (spec part 2 §4). */
export const EARLY_STAGE_USERS = 100;
export const GROWTH_STAGE_USERS = 1000;
export const RETENTION_ACTION_BELOW = 70;
export const SUBSCRIPTION_REVENUE_ACTION_BELOW = 1000;
/** AI Coach adoption above this share (%) of subscribers counts as strong. */
export const AI_COACH_STRONG_ADOPTION = 50;
/** Readiness colours: green at 80 or above, yellow at 60 or above, otherwise red. */
export const READINESS_GREEN = 80;
export const READINESS_YELLOW = 60;

/** Assumptions of the projections (decision 019), stated once. */
export const PROJECTION_ASSUMPTIONS = {
  /** Cost to acquire one user, for break-even months (US dollars). */
  acquisitionCostUsd: 5,
  /** Valuation = yearly revenue × this multiple. */
  revenueMultiple: 5,
  /** Lifetime used for LTV when nobody churns (months). */
  maxLifetimeMonths: 36,
} as const;

/** Days in a range; 'all' has no start. */
export const rangeDays = (r: TimeRange): number | null => (r === 'all' ? null : Number.parseInt(r, 10));

/** Monthly price in dollars of a paid tier (therapy is per session, never a subscription). */
export const MONTHLY_PRICE_USD: Record<Tier, number> = {
  free: 0,
  'ad-free': PRICES_CENTS.adFreeMonthly / 100,
  premium: PRICES_CENTS.premiumMonthly / 100,
  'ai-coach': PRICES_CENTS.aiCoachMonthly / 100,
  therapy: 0,
};

export const round1 = (n: number): number => Math.round(n * 10) / 10;
export const round2 = (n: number): number => Math.round(n * 100) / 100;

/** part / whole as a percentage with one decimal; 0 when the whole is 0. */
export const percent = (part: number, whole: number): number => (whole > 0 ? round1((part / whole) * 100) : 0);

/** The age range of an age; no age is 'Not specified'. Ages under 13 (never stored) fall in 13-17. */
export function ageRangeOf(age: number | null | undefined): AgeRange {
  if (age === null || age === undefined) return 'Not specified';
  if (age < 18) return '13-17';
  if (age < 25) return '18-24';
  if (age < 35) return '25-34';
  if (age < 45) return '35-44';
  if (age < 55) return '45-54';
  if (age < 65) return '55-64';
  return '65+';
}

/** Every age range in order with its count and share of `total` (missing ranges are 0). */
export function ageDistribution(counts: Partial<Record<AgeRange, number>>, total: number) {
  return AGE_RANGES.map((range) => ({ range, count: counts[range] ?? 0, percentage: percent(counts[range] ?? 0, total) }));
}

/** MRR: Σ paid subscribers of a tier × its monthly price. Trials and coupons are not paid, so not counted. */
export function monthlyRecurringRevenue(paidByTier: Partial<Record<Tier, number>>): number {
  let sum = 0;
  for (const [tier, n] of Object.entries(paidByTier) as [Tier, number][]) sum += n * MONTHLY_PRICE_USD[tier];
  return round2(sum);
}

/** Growth over a period: new users / users there were before it × 100; 0 when there were none before. */
export const growthRate = (newUsers: number, totalNow: number): number => percent(newUsers, totalNow - newUsers);

/** Churn: of the users active in the last 60 days, the share whose last check-in is 30–59 days old. */
export const churnRate = (lapsed: number, monthlyActive: number): number => percent(lapsed, lapsed + monthlyActive);

export interface ProjectionInput {
  totalUsers: number;
  /** Users who signed up in the last 30 days. */
  newUsers30d: number;
  mrr: number;
  arpu: number;
  /** One-off purchase revenue (shields, recoveries) in the last 30 days, and in the 30 days before. */
  purchaseRevenue30d: number;
  revenueLast30d: number;
  revenuePrevious30d: number;
  churnRate: number;
  marketReadiness: number;
}

/** Business projections; each formula is written beside its field. */
export function projections(p: ProjectionInput) {
  const { acquisitionCostUsd, revenueMultiple, maxLifetimeMonths } = PROJECTION_ASSUMPTIONS;
  // monthlyGrowth = new users in the last 30 days / users before them × 100
  const monthlyGrowth = growthRate(p.newUsers30d, p.totalUsers);
  // revenueGrowthRate = (revenue last 30 days − previous 30 days) / previous 30 days × 100 (0 with no previous revenue)
  const revenueGrowthRate = p.revenuePrevious30d > 0 ? round1(((p.revenueLast30d - p.revenuePrevious30d) / p.revenuePrevious30d) * 100) : 0;
  // monthlyRevenue = MRR + one-off purchases of the last 30 days
  const monthlyRevenue = round2(p.mrr + p.purchaseRevenue30d);
  // yearlyRevenue = monthlyRevenue × 12
  const yearlyRevenue = round2(monthlyRevenue * 12);
  // ltv = ARPU × expected lifetime in months (1 / monthly churn, at most maxLifetimeMonths)
  const lifetime = p.churnRate > 0 ? Math.min(maxLifetimeMonths, 100 / p.churnRate) : maxLifetimeMonths;
  const ltv = round2(p.arpu * lifetime);
  // breakEvenMonths = acquisition cost / ARPU, rounded up; null without revenue per user
  const breakEvenMonths = p.arpu > 0 ? Math.ceil(acquisitionCostUsd / p.arpu) : null;
  // valuationEstimate = yearlyRevenue × revenue multiple
  const valuationEstimate = round2(yearlyRevenue * revenueMultiple);
  // churnPrediction = the current 30-day churn carried forward one month
  const churnPrediction = p.churnRate;
  return {
    monthlyGrowth,
    revenueGrowthRate,
    targetUsers: TARGET_USERS,
    monthlyRevenue,
    yearlyRevenue,
    ltv,
    breakEvenMonths,
    marketReadiness: p.marketReadiness,
    valuationEstimate,
    churnPrediction,
  };
}

export interface ReadinessInput {
  engine: 'pglite' | 'postgres';
  /** Database round trip (ms) and memory use (%) from the health report. */
  dbResponseMs: number;
  memoryPercentage: number;
  monthlyGrowth: number;
  mrr: number;
  /** 30-day completion and retention (%). */
  completionRate: number;
  retentionRate: number;
}

const clamp = (n: number) => Math.max(0, Math.min(100, Math.round(n)));

/** Readiness 0–100 per category (decision 019). */
export function readinessScores(r: ReadinessInput): Record<ReadinessCategory, number> {
  // infrastructure: 100, −30 when the database round trip is over 100 ms (−60 over 500 ms), −20 when memory is over 80% (−40 over 95%)
  const infrastructure = clamp(
    100 - (r.dbResponseMs > 500 ? 60 : r.dbResponseMs > 100 ? 30 : 0) - (r.memoryPercentage > 95 ? 40 : r.memoryPercentage > 80 ? 20 : 0),
  );
  // database: PostgreSQL (shared by many instances) 90, embedded PGlite (one process) 40; −20 when slow (> 100 ms)
  const database = clamp((r.engine === 'postgres' ? 90 : 40) - (r.dbResponseMs > 100 ? 20 : 0));
  // userGrowth: 20% monthly growth or more is 100
  const userGrowth = clamp(r.monthlyGrowth * 5);
  // revenue: $10,000 MRR or more is 100
  const revenue = clamp((r.mrr / 10_000) * 100);
  // engagement: the 30-day completion rate
  const engagement = clamp(r.completionRate);
  // retention: 100 at the 85% target
  const retention = clamp((r.retentionRate / RETENTION_TARGET) * 100);
  return { infrastructure, database, userGrowth, revenue, engagement, retention };
}

/** Overall readiness: the mean of the category scores, rounded. */
export const overallReadiness = (s: Record<ReadinessCategory, number>): number =>
  Math.round(Object.values(s).reduce((a, b) => a + b, 0) / Object.values(s).length);

/** Progress toward the 2M target as text, e.g. '0.05%'. */
export const progressToTarget = (users: number): string => `${((users / TARGET_USERS) * 100).toFixed(2)}%`;

export const isSaleReady = (marketReadiness: number): boolean => marketReadiness >= SALE_READY_MARKET_READINESS;
export const isStrongAiCoachAdoption = (adoptionPct: number): boolean => adoptionPct > AI_COACH_STRONG_ADOPTION;

export interface ActionInput {
  users: number;
  retentionRate: number;
  subscriptionRevenue: number;
  shieldPurchases: number;
  /** AI Coach subscribers (paid or trial) / all subscribers (%). */
  aiCoachAdoption: number;
  marketReadiness: number;
}

export const ACTIONS = {
  earlyStage: 'Reach the first 100 users: invite friends, family and early testers and ask each for feedback.',
  retention: (r: number) => `Improve retention (${r}%, target ${RETENTION_TARGET}%): strengthen reminders, streak rewards and onboarding.`,
  revenue: 'Grow subscription revenue past $1,000/month: promote Premium trials and the upgrade path.',
  shields: 'Shield purchases are happening: offer shield bundles and remind users before a streak is at risk.',
  growthStage: 'Past 100 users: run referral campaigns and measure which channel brings users who stay.',
  scaleStage: 'Past 1,000 users: plan for scale (PostgreSQL with several app instances, read replicas, monitoring).',
  aiCoachStrong: (a: number) => `AI Coach adoption is strong (${a}% of subscribers): feature it in marketing.`,
  saleReady: `Market readiness is at or above ${SALE_READY_MARKET_READINESS}: the business is sale-ready.`,
} as const;

/** The priority actions that apply, in the spec's order (part 2 §4). Each rule is one line. */
export function priorityActions(a: ActionInput): string[] {
  const out: string[] = [];
  if (a.users < EARLY_STAGE_USERS) out.push(ACTIONS.earlyStage);
  if (a.retentionRate < RETENTION_ACTION_BELOW) out.push(ACTIONS.retention(a.retentionRate));
  if (a.subscriptionRevenue < SUBSCRIPTION_REVENUE_ACTION_BELOW) out.push(ACTIONS.revenue);
  if (a.shieldPurchases > 0) out.push(ACTIONS.shields);
  if (a.users >= EARLY_STAGE_USERS) out.push(ACTIONS.growthStage);
  if (a.users >= GROWTH_STAGE_USERS) out.push(ACTIONS.scaleStage);
  if (isStrongAiCoachAdoption(a.aiCoachAdoption)) out.push(ACTIONS.aiCoachStrong(a.aiCoachAdoption));
  if (isSaleReady(a.marketReadiness)) out.push(ACTIONS.saleReady);
  return out;
}

export type ReadinessLevel = 'green' | 'yellow' | 'red';
/** The colour of a readiness score, with a word for it (colour is never the only signal). */
export function readinessLevel(score: number): { level: ReadinessLevel; label: string } {
  if (score >= READINESS_GREEN) return { level: 'green', label: 'Ready' };
  if (score >= READINESS_YELLOW) return { level: 'yellow', label: 'On track' };
  return { level: 'red', label: 'Needs work' };
}

/** 1,234 → '1.2K'; 2,000,000 → '2M'; below 1,000 as is. */
export function abbreviateNumber(n: number): string {
  const fmt = (x: number) => (Math.round(x * 10) / 10).toString();
  const abs = Math.abs(n);
  if (abs >= 1_000_000) return `${fmt(n / 1_000_000)}M`;
  if (abs >= 1_000) {
    const k = Math.round((n / 1_000) * 10) / 10;
    return Math.abs(k) >= 1000 ? `${fmt(n / 1_000_000)}M` : `${fmt(n / 1_000)}K`;
  }
  return fmt(n);
}

/** The current quarter's label ('Q1'..'Q4') of a date, in local time. */
export const quarterLabel = (d: Date): string => `Q${Math.floor(d.getMonth() / 3) + 1}`;
