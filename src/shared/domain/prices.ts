/** Every price in the product, in US cents. One place (DECISIONS: recovery is $9.99 everywhere). */
export const PRICES_CENTS = {
  shield: 99,
  streakRecovery: 999,
  adFreeMonthly: 99,
  premiumMonthly: 499,
  aiCoachMonthly: 999,
  therapySession: 19999,
} as const;

export const formatUsd = (cents: number): string => `$${(cents / 100).toFixed(2)}`;

/** Monthly price of each paid tier, in cents (free costs nothing; therapy is Coming Soon and cannot be bought). */
export const TIER_MONTHLY_CENTS = {
  'ad-free': PRICES_CENTS.adFreeMonthly,
  premium: PRICES_CENTS.premiumMonthly,
  'ai-coach': PRICES_CENTS.aiCoachMonthly,
} as const;
export type PaidTier = keyof typeof TIER_MONTHLY_CENTS;
export const PAID_TIERS = Object.keys(TIER_MONTHLY_CENTS) as PaidTier[];
export const isPaidTier = (t: string): t is PaidTier => t in TIER_MONTHLY_CENTS;

/** Cents as dollars for the API (0.99, 4.99). */
export const centsToDollars = (cents: number): number => Math.round(cents) / 100;
