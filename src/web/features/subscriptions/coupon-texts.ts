import { COUPON_MESSAGES } from '@shared/domain/coupons';
import { ApiError } from '@web/lib/api-client';

/** Spec part 2 §8: coupon failure texts. */
export const COUPON_TEXTS = {
  failedTitle: 'Redemption Failed',
  defaultFailure: COUPON_MESSAGES.invalid,
  alreadyUsedShown: 'You already used this coupon code',
  successTitle: 'Coupon Applied!',
} as const;

/** The text a failed redemption shows: the server's words, 'already used' reworded, else the default. */
export function couponFailureText(err: unknown): string {
  const server = err instanceof ApiError ? err.serverMessage : '';
  if (server.includes(COUPON_MESSAGES.alreadyUsed)) return COUPON_TEXTS.alreadyUsedShown;
  if (err instanceof ApiError && err.status >= 400 && err.status < 500 && err.status !== 401 && server) return server;
  return COUPON_TEXTS.defaultFailure;
}
