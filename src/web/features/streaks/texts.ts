import { PRICES_CENTS, formatUsd } from '@shared/domain/prices';
import { DEVELOPER_FREEZE_DAYS } from '@shared/domain/tiers';
import { countText } from '@shared/domain/streak-engine';
import { REST_DAYS_MAX_AHEAD, REST_DAYS_PER_YEAR } from '@shared/domain/rest-days';

/** Every text of the streak feature the spec fixes, once. */
export const STREAK_TEXTS = {
  protectedTitle: 'Streak Protected!',
  protectedBody: 'You have used one freeze day, so your streak is safe.',
  recoverTitle: 'Recover Your Streak',
  recoverButton: `Recover for ${formatUsd(PRICES_CENTS.streakRecovery)}`,
  noThanks: 'No, Thanks',
  noThanksFinal: '“No, Thanks” is final: the offer closes and your streak starts fresh from today.',
  declinedTitle: 'Recovery Declined',
  declinedBody: 'You have a fresh start',
  declineFailed: 'Failed to record your choice. Please try again.',
  recoveredTitle: 'Streak Recovered!',
  recoveredBody: 'Your streak has been restored using a freeze day.',
  recoveryFailedTitle: 'Recovery Failed',
  recoveryFailedBody: 'Unable to recover your streak. Please try again.',
  unauthorizedTitle: 'Unauthorized',
  unauthorizedBody: 'You are logged out. Logging in again...',
  howProtectionWorks: 'How Streak Protection Works',
  restDaysIntro: `Plan days off ahead (up to ${REST_DAYS_PER_YEAR} a year): a rest day neither counts nor breaks your streak and uses no shield.`,
  restDaysVsShields: `Rest days are planned ahead (up to ${REST_DAYS_PER_YEAR} a year, at most ${REST_DAYS_MAX_AHEAD} days ahead): a rest day without a check-in keeps your streak as it was and uses no shield. Shields cover the days you did not plan.`,
  paymentCancelledTitle: 'Payment Cancelled',
  paymentCancelledBody: 'Your payment was cancelled. No charges were made.',
} as const;

/** Timings of spec part 1 §9 / part 2 §9 (ms). */
export const STREAK_TIMINGS = {
  relogin: 500,
} as const;

/** Shields left as shown to people: the developer value (999+) reads as unlimited. */
export const shieldText = (n: number): string => (n >= DEVELOPER_FREEZE_DAYS ? 'Unlimited (developer)' : String(n));

/** Shields as a count ('1 shield', '5 shields'); the developer value (999+) reads as unlimited. */
export const shieldCountText = (n: number): string => (n >= DEVELOPER_FREEZE_DAYS ? 'Unlimited shields (developer)' : countText(n, 'shield'));

/** The totals a history entry left behind: '1 day · 0 shields'. */
export const ledgerTotalsText = (streak: number, shields: number): string => `${countText(streak, 'day')} · ${shieldCountText(shields)}`;
