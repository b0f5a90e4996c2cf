import { describe, expect, test } from 'vitest';
import { parseDays } from './developer-tools';

describe('developer day inputs', () => {
  test('lost streak days are 1 to 365, manual streak 0 to 365', () => {
    expect(parseDays('1', 1, 365)).toEqual({ value: 1 });
    expect(parseDays(' 365 ', 1, 365)).toEqual({ value: 365 });
    expect(parseDays('0', 0, 365)).toEqual({ value: 0 });
    for (const bad of ['0', '366', '', '  ', '-3', '2.5', 'ten', '1e2']) {
      expect(parseDays(bad, 1, 365)).toEqual({ error: 'Enter a whole number of days from 1 to 365' });
    }
  });
});
