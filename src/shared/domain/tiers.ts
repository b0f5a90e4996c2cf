/** Subscription tiers, in upgrade order (therapy is shown as Coming Soon and cannot be bought). */
export const TIERS = ['free', 'ad-free', 'premium', 'ai-coach', 'therapy'] as const;
export type Tier = (typeof TIERS)[number];

export const TIER_LABELS: Record<Tier, string> = {
  free: 'Free',
  'ad-free': 'Ad-Free',
  premium: 'Premium',
  'ai-coach': 'AI Coach',
  therapy: 'Therapy',
};

export const tierRank = (t: Tier): number => TIERS.indexOf(t);

/** Shields (freeze days) granted when a tier or trial starts. */
export const FREEZE_DAYS_BY_TIER: Record<Tier, number> = {
  free: 0,
  'ad-free': 1,
  premium: 5,
  'ai-coach': 10,
  therapy: 10,
};

/** Tiers a person can be on today (therapy is Coming Soon): the rows of the shields-by-plan table. */
export const OPEN_TIERS: readonly Tier[] = TIERS.filter((t) => t !== 'therapy');

/** The shields each paid plan includes, in words: 'Ad-Free includes 1 shield, Premium 5 and AI Coach 10.' */
export function shieldsByPlanText(): string {
  const [first, ...rest] = OPEN_TIERS.filter((t) => FREEZE_DAYS_BY_TIER[t] > 0);
  if (!first) return '';
  const n = FREEZE_DAYS_BY_TIER[first];
  const items = [`${TIER_LABELS[first]} includes ${n} ${n === 1 ? 'shield' : 'shields'}`, ...rest.map((t) => `${TIER_LABELS[t]} ${FREEZE_DAYS_BY_TIER[t]}`)];
  const last = items.pop()!;
  return `${items.length ? `${items.join(', ')} and ${last}` : last}.`;
}

/** A freeze-day count at or above this is the developer-mode value. */
export const DEVELOPER_FREEZE_DAYS = 999;

/** Tiers that answer on the 5-point scale and get tips and weekly insights. */
export const usesScale = (t: Tier): boolean => t === 'premium' || t === 'ai-coach' || t === 'therapy';
/** Tiers with journaling and the AI coach. */
export const hasAiCoach = (t: Tier): boolean => t === 'ai-coach' || t === 'therapy';
/** Tiers that never see the free tier's promotion card. */
export const isAdFree = (t: Tier): boolean => t !== 'free';

/**
 * True when a tier change is due at `now`: the stored next_expiry_at (trials.ts `nextTierChangeAt`, a trial's or the
 * paid period's end) has come, so `applyExpiry` has something to do. Here, beside the tiers, so every read can ask it.
 */
export const tierChangeDue = <T extends { nextExpiryAt: Date | null }>(s: T | null | undefined, now: Date): s is T =>
  !!s?.nextExpiryAt && s.nextExpiryAt <= now;
