import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { RENEWAL_GRACE_MS, applyExpiry, nextTierChangeAt, paidChangeAt, type TierTimes } from './trials';
import { TIERS, tierRank, type Tier } from './tiers';

const at = (s: string) => new Date(s);
const none: TierTimes = {
  premiumExpiresAt: null,
  aiCoachExpiresAt: null,
  previousTier: null,
  paidTier: null,
  paidUntil: null,
  autoRenew: false,
  scheduledTier: null,
};

describe('applyExpiry', () => {
  it('an ended Premium trial returns to the tier before it, noticed once', () => {
    const out = applyExpiry('premium', { ...none, premiumExpiresAt: at('2026-03-01T00:00:00Z'), previousTier: 'ad-free' }, at('2026-03-01T00:00:00Z'));
    expect(out).toMatchObject({ tier: 'ad-free', expired: 'premium', paidEnded: false });
    expect(out.times.premiumExpiresAt).toBeNull();
  });

  it('an ended AI Coach trial returns to a Premium trial still running', () => {
    const s = { ...none, premiumExpiresAt: at('2026-04-01T00:00:00Z'), aiCoachExpiresAt: at('2026-03-01T00:00:00Z'), previousTier: 'free' as Tier };
    expect(applyExpiry('ai-coach', s, at('2026-03-02T00:00:00Z'))).toMatchObject({ tier: 'premium', expired: 'ai-coach' });
  });

  it('a paid period: renewing ones keep the tier through the grace; cancelled ones end at the period end; a scheduled tier starts', () => {
    const paid = { ...none, paidTier: 'premium' as Tier, paidUntil: at('2026-03-01T00:00:00Z'), autoRenew: true };
    expect(paidChangeAt(paid)?.getTime()).toBe(at('2026-03-01T00:00:00Z').getTime() + RENEWAL_GRACE_MS);
    expect(applyExpiry('premium', paid, at('2026-03-02T00:00:00Z')).tier).toBe('premium');
    expect(applyExpiry('premium', paid, at('2026-03-04T00:00:00Z'))).toMatchObject({ tier: 'free', paidEnded: true });
    expect(applyExpiry('premium', { ...paid, autoRenew: false }, at('2026-03-01T00:00:00Z')).tier).toBe('free');
    expect(applyExpiry('premium', { ...paid, scheduledTier: 'ad-free' }, at('2026-03-01T00:00:00Z')).tier).toBe('ad-free');
  });

  it('never raises the tier, and ends every trial that is over', () => {
    const date = fc.option(fc.integer({ min: 0, max: 100 }).map((d) => new Date(Date.UTC(2026, 0, 1) + d * 86_400_000)), { nil: null });
    const tier = fc.constantFrom(...TIERS);
    const times = fc.record({
      premiumExpiresAt: date,
      aiCoachExpiresAt: date,
      previousTier: fc.option(tier, { nil: null }),
      paidTier: fc.option(tier, { nil: null }),
      paidUntil: date,
      autoRenew: fc.boolean(),
      scheduledTier: fc.option(tier, { nil: null }),
    });
    const now = fc.integer({ min: 0, max: 100 }).map((d) => new Date(Date.UTC(2026, 0, 1) + d * 86_400_000 + 3_600_000));
    fc.assert(
      fc.property(tier, times, now, (t, s, n) => {
        const once = applyExpiry(t, s, n);
        expect(tierRank(once.tier)).toBeLessThanOrEqual(tierRank(t));
        for (const end of [once.times.premiumExpiresAt, once.times.aiCoachExpiresAt]) expect(end === null || end > n).toBe(true);
        const next = nextTierChangeAt(once.times);
        expect(next === null || next > n || once.times.paidTier !== null).toBe(true);
      }),
    );
  });
});
