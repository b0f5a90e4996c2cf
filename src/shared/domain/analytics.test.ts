import { describe, expect, it } from 'vitest';
import {
  ACTIONS, abbreviateNumber, ageDistribution, ageRangeOf, churnRate, growthRate, isSaleReady,
  isStrongAiCoachAdoption, monthlyRecurringRevenue, overallReadiness, percent, priorityActions, progressToTarget,
  projections, quarterLabel, rangeDays, readinessLevel, readinessScores
} from './analytics';

const base = { users: 50, retentionRate: 90, subscriptionRevenue: 2000, shieldPurchases: 0, aiCoachAdoption: 10, marketReadiness: 40 };

describe('priority actions (spec part 2 §4)', () => {
  it('fewer than 100 users → reach the first 100; 100 or more → growth; 1000 or more → scale', () => {
    expect(priorityActions({ ...base, users: 99 })).toEqual([ACTIONS.earlyStage]);
    expect(priorityActions({ ...base, users: 100 })).toEqual([ACTIONS.growthStage]);
    expect(priorityActions({ ...base, users: 999 })).toEqual([ACTIONS.growthStage]);
    expect(priorityActions({ ...base, users: 1000 })).toEqual([ACTIONS.growthStage, ACTIONS.scaleStage]);
  });
  it('retention under 70% (69.9 yes, 70 no)', () => {
    expect(priorityActions({ ...base, users: 100, retentionRate: 69.9 })).toContain(ACTIONS.retention(69.9));
    expect(priorityActions({ ...base, users: 100, retentionRate: 70 })).toEqual([ACTIONS.growthStage]);
  });
  it('subscription revenue under 1000', () => {
    expect(priorityActions({ ...base, users: 100, subscriptionRevenue: 999.99 })).toContain(ACTIONS.revenue);
    expect(priorityActions({ ...base, users: 100, subscriptionRevenue: 1000 })).not.toContain(ACTIONS.revenue);
  });
  it('shield purchases above 0', () => {
    expect(priorityActions({ ...base, users: 100, shieldPurchases: 1 })).toContain(ACTIONS.shields);
    expect(priorityActions({ ...base, users: 100, shieldPurchases: 0 })).not.toContain(ACTIONS.shields);
  });
  it('AI Coach adoption above 50% is strong; sale-ready at market readiness 85', () => {
    expect(isStrongAiCoachAdoption(50)).toBe(false);
    expect(isStrongAiCoachAdoption(50.1)).toBe(true);
    expect(priorityActions({ ...base, users: 100, aiCoachAdoption: 60 })).toContain(ACTIONS.aiCoachStrong(60));
    expect(isSaleReady(84.9)).toBe(false);
    expect(isSaleReady(85)).toBe(true);
    expect(priorityActions({ ...base, users: 100, marketReadiness: 85 })).toContain(ACTIONS.saleReady);
  });
  it('keeps the spec order when several apply', () => {
    expect(priorityActions({ users: 5, retentionRate: 10, subscriptionRevenue: 0, shieldPurchases: 2, aiCoachAdoption: 0, marketReadiness: 0 })).toEqual([
      ACTIONS.earlyStage,
      ACTIONS.retention(10),
      ACTIONS.revenue,
      ACTIONS.shields,
    ]);
  });
});

describe('readiness', () => {
  it('colours at 80 and 60, always with a word', () => {
    expect(readinessLevel(80)).toEqual({ level: 'green', label: 'Ready' });
    expect(readinessLevel(79.9)).toEqual({ level: 'yellow', label: 'On track' });
    expect(readinessLevel(60)).toEqual({ level: 'yellow', label: 'On track' });
    expect(readinessLevel(59)).toEqual({ level: 'red', label: 'Needs work' });
  });
  it('scores each category by its formula and averages them', () => {
    const s = readinessScores({ engine: 'postgres', dbResponseMs: 5, memoryPercentage: 50, monthlyGrowth: 10, mrr: 2500, completionRate: 62.4, retentionRate: 42.5 });
    expect(s).toEqual({ infrastructure: 100, database: 90, userGrowth: 50, revenue: 25, engagement: 62, retention: 50 });
    expect(overallReadiness(s)).toBe(63); // 377 / 6 = 62.8
    const slow = readinessScores({ engine: 'pglite', dbResponseMs: 600, memoryPercentage: 96, monthlyGrowth: 40, mrr: 20_000, completionRate: 100, retentionRate: 90 });
    expect(slow).toEqual({ infrastructure: 0, database: 20, userGrowth: 100, revenue: 100, engagement: 100, retention: 100 });
  });
  it('progress toward 2M as text', () => {
    expect(progressToTarget(1000)).toBe('0.05%');
    expect(progressToTarget(2_000_000)).toBe('100.00%');
  });
});

describe('metric arithmetic', () => {
  it('percent, growth and churn', () => {
    expect(percent(1, 3)).toBe(33.3);
    expect(percent(1, 0)).toBe(0);
    expect(growthRate(2, 10)).toBe(25); // 2 new on top of 8
    expect(growthRate(3, 3)).toBe(0); // nobody before
    expect(churnRate(1, 3)).toBe(25);
    expect(churnRate(0, 0)).toBe(0);
  });
  it('MRR counts paid tiers at their monthly price', () => {
    expect(monthlyRecurringRevenue({ 'ad-free': 1, premium: 2, 'ai-coach': 1, free: 10 })).toBe(20.96);
  });
  it('age ranges, with Not specified', () => {
    expect([null, 13, 17, 18, 24, 25, 34, 35, 44, 45, 54, 55, 64, 65, 100].map(ageRangeOf)).toEqual([
      'Not specified', '13-17', '13-17', '18-24', '18-24', '25-34', '25-34', '35-44', '35-44', '45-54', '45-54', '55-64', '55-64', '65+', '65+',
    ]);
    const d = ageDistribution({ '18-24': 1, 'Not specified': 3 }, 4);
    expect(d).toHaveLength(8);
    expect(d[1]).toEqual({ range: '18-24', count: 1, percentage: 25 });
    expect(d[7]).toEqual({ range: 'Not specified', count: 3, percentage: 75 });
  });
  it('projections follow their formulas', () => {
    const p = projections({ totalUsers: 10, newUsers30d: 2, mrr: 14.97, arpu: 1.5, purchaseRevenue30d: 0.99, revenueLast30d: 30, revenuePrevious30d: 20, churnRate: 25, marketReadiness: 40 });
    expect(p).toEqual({
      monthlyGrowth: 25,
      revenueGrowthRate: 50,
      targetUsers: 2_000_000,
      monthlyRevenue: 15.96,
      yearlyRevenue: 191.52,
      ltv: 6, // 1.5 × (100 / 25 = 4 months)
      breakEvenMonths: 4, // ceil(5 / 1.5)
      marketReadiness: 40,
      valuationEstimate: 957.6,
      churnPrediction: 25,
    });
    const none = projections({ totalUsers: 0, newUsers30d: 0, mrr: 0, arpu: 0, purchaseRevenue30d: 0, revenueLast30d: 0, revenuePrevious30d: 0, churnRate: 0, marketReadiness: 0 });
    expect(none.breakEvenMonths).toBeNull();
    expect(none.revenueGrowthRate).toBe(0);
    expect(none.ltv).toBe(0);
  });
  it('range days', () => {
    expect([rangeDays('7d'), rangeDays('30d'), rangeDays('90d'), rangeDays('all')]).toEqual([7, 30, 90, null]);
  });
});

describe('display helpers', () => {
  it('abbreviates at 1,000 (K) and 1,000,000 (M)', () => {
    expect(abbreviateNumber(999)).toBe('999');
    expect(abbreviateNumber(1000)).toBe('1K');
    expect(abbreviateNumber(1234)).toBe('1.2K');
    expect(abbreviateNumber(999_999)).toBe('1M');
    expect(abbreviateNumber(2_000_000)).toBe('2M');
    expect(abbreviateNumber(1_250_000)).toBe('1.3M');
    expect(abbreviateNumber(12.34)).toBe('12.3');
  });
  it('quarter label', () => {
    expect(quarterLabel(new Date(2026, 10, 25))).toBe('Q4');
    expect(quarterLabel(new Date(2026, 0, 1))).toBe('Q1');
    expect(quarterLabel(new Date(2026, 5, 30))).toBe('Q2');
  });
});
