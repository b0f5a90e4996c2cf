import { describe, expect, test } from 'vitest';
import { AREAS } from '@shared/domain/scoring';
import { CHECK_IN_ERRORS, checkInErrorText, QUESTIONS, SCALE_OPTIONS } from './questions';

describe('check-in error texts (spec part 2 §8)', () => {
  test('the server message is shown as is', () => {
    expect(checkInErrorText('Check-in is closed right now. Check-in opens at 8:00 PM.')).toBe(
      'Check-in is closed right now. Check-in opens at 8:00 PM.',
    );
  });
  test('no message → Failed to update check-in', () => {
    expect(checkInErrorText('')).toBe(CHECK_IN_ERRORS.fallback);
    expect(checkInErrorText(undefined)).toBe('Failed to update check-in');
    expect(checkInErrorText('   ')).toBe('Failed to update check-in');
  });
  test('an invalid time value becomes the friendly text', () => {
    expect(checkInErrorText('RangeError: Invalid time value')).toBe('There was an issue processing your check-in. Please try again.');
  });
});

describe('questions and the scale', () => {
  test('one yes/no and one scale question per area, in the fixed order', () => {
    expect(Object.keys(QUESTIONS)).toEqual([...AREAS]);
    for (const a of AREAS) {
      expect(QUESTIONS[a].yesNo).toMatch(/\?$/);
      expect(QUESTIONS[a].scale).toMatch(/\?$/);
    }
  });
  test('five options 0..4, each with a spoken label', () => {
    expect(SCALE_OPTIONS.map((o) => o.value)).toEqual([0, 1, 2, 3, 4]);
    expect(new Set(SCALE_OPTIONS.map((o) => o.label)).size).toBe(5);
  });
});
