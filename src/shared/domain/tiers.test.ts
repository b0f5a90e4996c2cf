import { describe, expect, test } from 'vitest';
import { FREEZE_DAYS_BY_TIER, OPEN_TIERS, TIERS, shieldsByPlanText, tierChangeDue } from './tiers';
import { MILESTONE_REWARDS, milestoneRewardsFor, trialIsUpgrade } from './trials';

describe('tier rules of the streak screen', () => {
  test('milestone rewards listed per tier: free and ad-free both, premium the 100-day one, higher tiers none', () => {
    const milestones = (t: (typeof TIERS)[number]) => milestoneRewardsFor(t).map((r) => r.milestone);
    expect(milestones('free')).toEqual([30, 100]);
    expect(milestones('ad-free')).toEqual([30, 100]);
    expect(milestones('premium')).toEqual([100]);
    expect(milestones('ai-coach')).toEqual([]);
    expect(milestones('therapy')).toEqual([]);
  });

  test('a listed reward is exactly one the server would grant (its trial is an upgrade)', () => {
    for (const t of TIERS) for (const r of MILESTONE_REWARDS) expect(milestoneRewardsFor(t).includes(r)).toBe(trialIsUpgrade(t, r.tier));
  });

  test('the shields each plan includes, in words, from the same numbers the server grants', () => {
    expect(shieldsByPlanText()).toBe('Ad-Free includes 1 shield, Premium 5 and AI Coach 10.');
    expect(OPEN_TIERS).toEqual(['free', 'ad-free', 'premium', 'ai-coach']);
    expect(FREEZE_DAYS_BY_TIER.free).toBe(0);
  });
});

describe('tierChangeDue', () => {
  const now = new Date('2026-03-10T12:00:00Z');
  test('is due from the stored change time on, never without one', () => {
    expect(tierChangeDue({ nextExpiryAt: new Date('2026-03-10T12:00:00Z') }, now)).toBe(true);
    expect(tierChangeDue({ nextExpiryAt: new Date('2026-03-10T11:59:59Z') }, now)).toBe(true);
    expect(tierChangeDue({ nextExpiryAt: new Date('2026-03-10T12:00:01Z') }, now)).toBe(false);
    expect(tierChangeDue({ nextExpiryAt: null }, now)).toBe(false);
    expect(tierChangeDue(null, now)).toBe(false);
    expect(tierChangeDue(undefined, now)).toBe(false);
  });
});
