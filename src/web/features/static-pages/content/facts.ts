import { REST_DAYS_MAX_AHEAD, REST_DAYS_PER_YEAR } from '@shared/domain/rest-days';
import {
  CHECK_IN_TIME_MAX,
  CHECK_IN_TIME_MIN,
  CHECK_IN_TIME_STEP_MINUTES,
  DEFAULT_CHECK_IN_TIME,
  LAST_CHANCE_MINUTES_BEFORE_CLOSE,
  OFFLINE_SYNC_HOURS,
  ORIENTATION_WINDOW_MS,
} from '@shared/domain/check-in-rules';
import { formatWallTime12h } from '@shared/domain/dates';
import { PRICES_CENTS, formatUsd } from '@shared/domain/prices';
import { RECOVERY_MIN_STREAK, RECOVERY_WINDOW_DAYS, MILESTONES, countText } from '@shared/domain/streak-engine';
import { FREEZE_DAYS_BY_TIER, TIER_LABELS } from '@shared/domain/tiers';
import { MILESTONE_REWARDS, TRIAL_DAYS } from '@shared/domain/trials';
import { FEEDBACK_MAX_LENGTH } from '@shared/schemas/feedback';

/**
 * The product facts the FAQ, privacy policy and terms quote, read from the constants the app itself runs on
 * (prices, shields, the window, trials), so a text never disagrees with the product.
 */
export const PRODUCT_NAME = 'Big 7';

/** Texts of the static pages that have no home in shared/domain (they are only said, not enforced, here). */
export const LEGAL_FACTS = {
  /** Days after an account deletion by which its data is gone from every system, backups included. */
  dataRemovalDays: 30,
  /** Days ahead a price change is announced. */
  priceChangeNoticeDays: 30,
  /** Months of payments the liability cap counts. */
  liabilityMonths: 12,
  minimumAge: 13,
  /** Hours support takes to reply, about. */
  supportReplyHours: 24,
  /** Days a signed-in browser stays signed in. */
  sessionDays: 7,
  exportFormats: ['PDF', 'JSON', 'CSV'] as const,
} as const;

export const price = {
  adFree: formatUsd(PRICES_CENTS.adFreeMonthly),
  premium: formatUsd(PRICES_CENTS.premiumMonthly),
  aiCoach: formatUsd(PRICES_CENTS.aiCoachMonthly),
  therapy: formatUsd(PRICES_CENTS.therapySession),
  shield: formatUsd(PRICES_CENTS.shield),
  recovery: formatUsd(PRICES_CENTS.streakRecovery),
};

export const shields = {
  adFree: countText(FREEZE_DAYS_BY_TIER['ad-free'], 'shield'),
  premium: countText(FREEZE_DAYS_BY_TIER.premium, 'shield'),
  aiCoach: countText(FREEZE_DAYS_BY_TIER['ai-coach'], 'shield'),
};

export const labels = TIER_LABELS;

export const checkInWindow = {
  defaultOpens: formatWallTime12h(DEFAULT_CHECK_IN_TIME),
  earliest: formatWallTime12h(CHECK_IN_TIME_MIN),
  latest: formatWallTime12h(CHECK_IN_TIME_MAX),
  stepMinutes: CHECK_IN_TIME_STEP_MINUTES,
  closes: '11:59:59 PM',
  orientationHours: ORIENTATION_WINDOW_MS / 3_600_000,
  lastChanceMinutes: LAST_CHANCE_MINUTES_BEFORE_CLOSE,
  offlineHours: OFFLINE_SYNC_HOURS,
};

export const streakFacts = {
  recoveryMinStreak: RECOVERY_MIN_STREAK,
  recoveryWindowDays: RECOVERY_WINDOW_DAYS,
  trialDays: TRIAL_DAYS,
  milestones: MILESTONES,
  rewards: MILESTONE_REWARDS,
  restDaysPerYear: REST_DAYS_PER_YEAR,
  restDaysMaxAhead: REST_DAYS_MAX_AHEAD,
};

export const feedbackMax = FEEDBACK_MAX_LENGTH;

/** 'PDF, JSON or CSV'. */
export const orList = (items: readonly string[]) =>
  items.length <= 1 ? (items[0] ?? '') : `${items.slice(0, -1).join(', ')} or ${items[items.length - 1]}`;
