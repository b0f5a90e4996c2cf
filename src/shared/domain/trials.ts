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

// ---------------------------------------------------------------------------------------------------------
// Trial and paid-period expiry, as a pure rule (the server persists its result; reads only compute it)
// ---------------------------------------------------------------------------------------------------------

/**
 * A renewing subscription whose renewal has not been reported keeps its tier this long after the period's end
 * (Stripe retries and webhooks take a while); a cancelled or failed one ends exactly at the period's end.
 */
export const RENEWAL_GRACE_MS = 3 * 24 * 60 * 60 * 1000;

/** What expiry looks at: the user's trials and paid period. */
export interface TierTimes {
  premiumExpiresAt: Date | null;
  aiCoachExpiresAt: Date | null;
  /** The tier a trial returns to. */
  previousTier: Tier | null;
  paidTier: Tier | null;
  paidUntil: Date | null;
  autoRenew: boolean;
  /** A lower paid tier that starts at the end of the paid period. */
  scheduledTier: Tier | null;
}

/** When the paid tier changes by itself: a scheduled downgrade at the period's end, else its end (plus grace while renewing). */
export function paidChangeAt(s: Pick<TierTimes, 'paidTier' | 'paidUntil' | 'autoRenew' | 'scheduledTier'>): Date | null {
  if (!s.paidTier || !s.paidUntil) return null;
  if (s.scheduledTier || !s.autoRenew) return s.paidUntil;
  return new Date(s.paidUntil.getTime() + RENEWAL_GRACE_MS);
}

const earliest = (...dates: (Date | null)[]): Date | null =>
  dates.filter((d): d is Date => d !== null).reduce<Date | null>((a, b) => (a === null || b < a ? b : a), null);

/** The earliest change due: a trial's end or the paid period's (what the server indexes as next_expiry_at). */
export const nextTierChangeAt = (s: TierTimes): Date | null => earliest(s.premiumExpiresAt, s.aiCoachExpiresAt, paidChangeAt(s));

export interface ExpiryOutcome {
  /** The tier the user holds at `now`. */
  tier: Tier;
  /** The times once what ended by `now` is applied. */
  times: TierTimes;
  /** The trial whose end moved the user off it (the notice shown once), or null. */
  expired: TrialTier | null;
  /** true when the tier changed because the paid period ended (not a trial). */
  paidEnded: boolean;
}

/**
 * Applies every trial end and paid-period end due at `now` to a user holding `tier`: an ended AI Coach trial
 * returns to a still-running Premium trial or to the tier before the trials; an ended Premium trial to the tier
 * before it; a paid period past its change time moves to the scheduled tier (renewing) or ends (free), and a
 * trial running on top of it then returns to that instead. Expiry never raises the tier. Pure: the GETs answer
 * with it, the write paths and the rollover job persist it.
 */
export function applyExpiry(tier: Tier, s: TierTimes, now: Date): ExpiryOutcome {
  let premium = s.premiumExpiresAt;
  let aiCoach = s.aiCoachExpiresAt;
  let newTier: Tier = tier;
  let expired: TrialTier | null = null;
  if (aiCoach && aiCoach <= now) {
    aiCoach = null;
    if (tier === 'ai-coach') {
      expired = 'ai-coach';
      newTier = premium && premium > now ? 'premium' : (s.previousTier ?? 'free');
    }
  }
  if (premium && premium <= now) {
    premium = null;
    if (newTier === 'premium') {
      expired = expired ?? 'premium';
      newTier = s.previousTier ?? 'free';
    }
  }
  let previousTier = s.previousTier;
  let paid: Pick<TierTimes, 'paidTier' | 'paidUntil' | 'autoRenew' | 'scheduledTier'> = s;
  let paidEnded = false;
  const paidDue = paidChangeAt(s);
  if (s.paidTier && paidDue && paidDue <= now) {
    const oldPaid = s.paidTier;
    const target: Tier = s.scheduledTier && s.autoRenew ? s.scheduledTier : 'free';
    paid =
      target === 'free'
        ? { paidTier: null, paidUntil: null, autoRenew: false, scheduledTier: null }
        : { paidTier: target, paidUntil: s.paidUntil, autoRenew: s.autoRenew, scheduledTier: null };
    if (newTier === oldPaid) {
      newTier = target;
      paidEnded = true;
    } else if (previousTier === oldPaid) {
      previousTier = target; // a trial runs on top of the paid tier: it now returns to the new one
    }
  }
  if (tierRank(newTier) > tierRank(tier)) newTier = tier;
  return {
    tier: newTier,
    times: { ...paid, previousTier, premiumExpiresAt: premium, aiCoachExpiresAt: aiCoach },
    expired,
    paidEnded,
  };
}
