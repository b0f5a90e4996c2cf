import { describe, expect, test } from 'vitest';
import { MILESTONES, countText, streakLengthText } from './streak-engine';

describe('streak wording', () => {
  test('counts are singular only for exactly one', () => {
    expect(countText(1, 'day')).toBe('1 day');
    expect(countText(0, 'day')).toBe('0 days');
    expect(countText(2, 'shield')).toBe('2 shields');
  });
  test('a length reads as an adjective: every milestone ("a 2-year streak" at 730) and any streak', () => {
    expect(MILESTONES.map((m) => `a ${streakLengthText(m.days, m.label)} streak`)).toEqual([
      'a 30-day streak',
      'a 100-day streak',
      'a 365-day streak',
      'a 2-year streak',
    ]);
    expect(streakLengthText(1)).toBe('1-day');
    expect(streakLengthText(12)).toBe('12-day');
  });
});
