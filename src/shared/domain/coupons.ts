/** Coupon answers, without zod (the client imports them from here; the schemas re-export them). */
export const COUPON_MESSAGES = {
  alreadyUsed: 'You have already used this coupon code',
  invalid: 'This coupon code is not valid or has expired',
} as const;
