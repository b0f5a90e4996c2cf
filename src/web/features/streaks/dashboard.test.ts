import { describe, expect, test } from 'vitest';
import { ApiError } from '../../lib/api-client';
import { isSessionFailure } from './dashboard';

describe('dashboard session failures (spec part 1 §4.1)', () => {
  test('401 and 429 answers, or their words, end the session; other errors do not', () => {
    expect(isSessionFailure(new ApiError(401, 'Session expired - redirecting...', 'Unauthorized', {}))).toBe(true);
    expect(isSessionFailure(new ApiError(429, '429: Too Many Requests', 'Too Many Requests', {}))).toBe(true);
    expect(isSessionFailure(new Error('Unauthorized'))).toBe(true);
    expect(isSessionFailure(new ApiError(500, '500: boom', 'boom', {}))).toBe(false);
    expect(isSessionFailure(null)).toBe(false);
  });
});
