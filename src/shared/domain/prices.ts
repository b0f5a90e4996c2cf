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
