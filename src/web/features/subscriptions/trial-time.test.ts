import { describe, expect, test } from 'vitest';
import { trialRemaining, trialStart } from './trial-time';

describe('trial time', () => {
  const expiry = new Date('2026-12-31T12:00:00Z');
  test('trial start is expiry minus 30 days', () => {
    expect(trialStart(expiry).toISOString()).toBe('2026-12-01T12:00:00.000Z');
  });
  test('under 24 h the countdown is hours and minutes, otherwise days', () => {
    expect(trialRemaining(expiry, new Date('2026-12-31T06:47:30Z'))).toBe('5h 12m left');
    expect(trialRemaining(expiry, new Date('2026-12-29T12:00:00Z'))).toBe('2 days left');
    expect(trialRemaining(expiry, new Date('2026-12-31T12:00:00Z'))).toBe('Ended');
  });
});
