import { describe, expect, test } from 'vitest';
import { ApiError } from '@web/lib/api-client';
import { couponFailureText } from './coupon-texts';

describe('coupon failure text', () => {
  test("the server's 'already used' is shown as 'You already used this coupon code'", () => {
    const err = new ApiError(409, '409: You have already used this coupon code', 'You have already used this coupon code', {});
    expect(couponFailureText(err)).toBe('You already used this coupon code');
  });
  test('other client errors show the server text; anything else the default', () => {
    expect(couponFailureText(new ApiError(400, 'x', 'This coupon code is not valid or has expired', {}))).toBe(
      'This coupon code is not valid or has expired',
    );
    expect(couponFailureText(new ApiError(500, 'x', 'Internal Server Error', {}))).toBe('This coupon code is not valid or has expired');
    expect(couponFailureText(new Error('offline'))).toBe('This coupon code is not valid or has expired');
  });
});
