import { PRICES_CENTS, TIER_MONTHLY_CENTS, formatUsd } from '@shared/domain/prices';
import { FREEZE_DAYS_BY_TIER, TIER_LABELS, tierRank, type Tier } from '@shared/domain/tiers';

export interface Plan {
  tier: Tier;
  name: string;
  price: string;
  period: string;
  includes: string[];
  comingSoon?: boolean;
}

const shields = (t: Tier) => `${FREEZE_DAYS_BY_TIER[t]} streak ${FREEZE_DAYS_BY_TIER[t] === 1 ? 'shield' : 'shields'} (freeze days)`;

/** The plan cards of /upgrade, in tier order (prices from shared/domain/prices). */
export const PLANS: readonly Plan[] = [
  {
    tier: 'free',
    name: TIER_LABELS.free,
    price: formatUsd(0),
    period: 'forever',
    includes: ['7 daily questions with yes/no answers', 'Streaks and milestone rewards', 'Daily check-in reminders'],
  },
  {
    tier: 'ad-free',
    name: TIER_LABELS['ad-free'],
    price: formatUsd(TIER_MONTHLY_CENTS['ad-free']),
    period: 'per month',
    includes: ['Everything in Free', 'No promotions', shields('ad-free')],
  },
  {
    tier: 'premium',
    name: TIER_LABELS.premium,
    price: formatUsd(TIER_MONTHLY_CENTS.premium),
    period: 'per month',
    includes: ['Advanced answering system (5-point scale)', 'Personalized wellness tips', 'Weekly insights', shields('premium')],
  },
  {
    tier: 'ai-coach',
    name: TIER_LABELS['ai-coach'],
    price: formatUsd(TIER_MONTHLY_CENTS['ai-coach']),
    period: 'per month',
    includes: ['All Premium features', 'AI-powered wellness coaching', 'Daily journal', shields('ai-coach')],
  },
  {
    tier: 'therapy',
    name: TIER_LABELS.therapy,
    price: formatUsd(PRICES_CENTS.therapySession),
    period: 'per session',
    includes: ['Sessions with a licensed therapist', 'Everything in AI Coach'],
    comingSoon: true,
  },
];

/**
 * The one plan Membership recommends (issue 30): Premium — the 5-point answers, tips and shields are what most people
 * come for — until the person has it; then AI Coach; nothing above that.
 */
export function recommendedTier(current: Tier): Tier | null {
  if (tierRank(current) < tierRank('premium')) return 'premium';
  if (tierRank(current) < tierRank('ai-coach')) return 'ai-coach';
  return null;
}
