import { describe, expect, test } from 'vitest';
import fc from 'fast-check';
import { easeOutCubic, formatCountdown } from './countdown';

describe('formatCountdown', () => {
  test('Expired at zero or below', () => {
    expect(formatCountdown(0)).toBe('Expired');
    expect(formatCountdown(-5)).toBe('Expired');
    expect(formatCountdown(Number.NaN)).toBe('Expired');
  });
  test('hours, minutes and seconds under 24 hours', () => {
    expect(formatCountdown(1_000)).toBe('0h 00m 01s');
    expect(formatCountdown((3 * 3600 + 4 * 60 + 5) * 1000 + 999)).toBe('3h 04m 05s');
    expect(formatCountdown(24 * 3600 * 1000 - 1)).toBe('23h 59m 59s');
  });
  test('days from 24 hours on', () => {
    expect(formatCountdown(24 * 3600 * 1000)).toBe('1 day');
    expect(formatCountdown(50 * 3600 * 1000)).toBe('2 days');
  });
  test('never shows days under 24 h and never h/m/s from 24 h', () => {
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 10 * 24 * 3600 * 1000 }), (ms) => {
        const s = formatCountdown(ms);
        if (ms < 24 * 3600 * 1000) expect(s).toMatch(/^\d{1,2}h \d\dm \d\ds$/);
        else expect(s).toMatch(/^\d+ days?$/);
      }),
    );
  });
});

describe('easeOutCubic', () => {
  test('starts at 0, ends at 1, front-loaded and monotonic', () => {
    expect(easeOutCubic(0)).toBe(0);
    expect(easeOutCubic(1)).toBe(1);
    expect(easeOutCubic(0.5)).toBeCloseTo(0.875);
    fc.assert(fc.property(fc.double({ min: 0, max: 1, noNaN: true }), fc.double({ min: 0, max: 1, noNaN: true }), (a, b) => {
      if (a <= b) expect(easeOutCubic(a)).toBeLessThanOrEqual(easeOutCubic(b));
    }));
  });
});
