import { describe, expect, test } from 'vitest';
import { hasEnoughForLevels, MIN_CHECK_INS_FOR_LEVELS, MIN_DAYS_FOR_TRENDS, moreNeededText } from './early-days';

describe('early days: levels and trends wait for enough data', () => {
  test('levels need three check-ins', () => {
    expect(MIN_CHECK_INS_FOR_LEVELS).toBe(3);
    expect(hasEnoughForLevels(1)).toBe(false);
    expect(hasEnoughForLevels(2)).toBe(false);
    expect(hasEnoughForLevels(3)).toBe(true);
  });
  test('says how many more', () => {
    expect(moreNeededText(1, MIN_CHECK_INS_FOR_LEVELS, 'level')).toBe('2 more check-ins to see your level');
    expect(moreNeededText(2, MIN_CHECK_INS_FOR_LEVELS, 'level')).toBe('1 more check-in to see your level');
    expect(moreNeededText(1, MIN_DAYS_FOR_TRENDS, 'trend')).toBe('Check in 2 more days this week to see a trend');
    expect(moreNeededText(2, MIN_DAYS_FOR_TRENDS, 'trend')).toBe('Check in 1 more day this week to see a trend');
  });
});
