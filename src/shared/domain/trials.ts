import { tierRank, type Tier } from './tiers';

/** Every trial (milestone reward or coupon) lasts this long. Trial start = expiry − TRIAL_DAYS. */
export const TRIAL_DAYS = 30;
export const TRIAL_MS = TRIAL_DAYS * 24 * 60 * 60 * 1000;

/** Tiers a trial can be of. */
export const TRIAL_TIERS = ['premium', 'ai-coach'] as const;
export type TrialTier = (typeof TRIAL_TIERS)[number];

export type RewardType = TrialTier;

export interface MilestoneReward {
  /** Streak length that earns it. */
  milestone: number;
  rewardType: RewardType;
  tier: TrialTier;
  /** The reward text shown on the claim card. */
  reward: string;
  /** What the celebration lists. */
  features: readonly string[];
}

/** 30 days → 30-day Premium trial; 100 days → 30-day AI Coach trial. Each once per user. */
export const MILESTONE_REWARDS: readonly MilestoneReward[] = [
  {
    milestone: 30,
    rewardType: 'premium',
    tier: 'premium',
    reward: '30 days of Premium free',
    features: ['Advanced answering system', 'Personalized wellness tips', '5 freeze days'],
  },
  {
    milestone: 100,
    rewardType: 'ai-coach',
    tier: 'ai-coach',
    reward: '30 days of AI Coach free',
    features: ['AI-powered wellness coaching', 'All Premium features', '10 freeze days'],
  },
];

export const rewardFor = (type: RewardType): MilestoneReward => MILESTONE_REWARDS.find((r) => r.rewardType === type)!;
export const rewardAtMilestone = (days: number): MilestoneReward | undefined =>
  MILESTONE_REWARDS.find((r) => r.milestone === days);

export const TRIAL_LABELS: Record<TrialTier, string> = { premium: 'Premium', 'ai-coach': 'AI Coach' };

/** Tiers a trial of `trial` can start from (a trial never lowers the tier). */
export function trialIsUpgrade(current: Tier, trial: TrialTier): boolean {
  return tierRank(current) < tierRank(trial);
}

/**
 * The milestone rewards a tier can still earn, as the streak screen lists them (the server grants by the same
 * rule): free and ad-free both, premium only the 100-day AI Coach trial, AI Coach and therapy none.
 */
export const milestoneRewardsFor = (tier: Tier): readonly MilestoneReward[] => MILESTONE_REWARDS.filter((r) => trialIsUpgrade(tier, r.tier));
