import type { PublicUser } from '@shared/schemas/auth';

/** Every text of the milestone rewards the spec fixes (part 1 §4.8), once. */
export const REWARD_TEXTS = {
  claimedTitle: 'Reward Claimed!',
  claimFailedTitle: 'Error',
  claimFailedBody: 'Failed to claim reward. Please try again.',
  awesome: 'AWESOME!',
  claiming: 'CLAIMING...',
} as const;

/** Timings of spec part 1 §9 / part 2 §9 (ms). */
export const REWARD_TIMINGS = {
  rewardAutoClose: 8_000,
  claimToast: 3_000,
} as const;

/** First name uppercased, else the e-mail's part before the @, else 'USER' (spec part 1 §4.8). */
export function greetingName(user: Pick<PublicUser, 'firstName' | 'email'> | null | undefined): string {
  const first = user?.firstName?.trim();
  if (first) return first.toUpperCase();
  const local = user?.email?.split('@')[0]?.trim();
  if (local) return local;
  return 'USER';
}
