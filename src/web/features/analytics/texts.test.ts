import { describe, expect, it } from 'vitest';
import { rangeOptions, usd } from './texts';

describe('analytics texts', () => {
  it('the range selector shows the current quarter for 90d', () => {
    expect(rangeOptions(new Date(2026, 10, 25)).map((o) => [o.value, o.label])).toEqual([
      ['7d', '7D'],
      ['30d', '30D'],
      ['90d', 'Q4'],
      ['all', 'All'],
    ]);
    expect(rangeOptions(new Date(2026, 3, 1))[2]!.label).toBe('Q2');
  });
  it('dollars', () => {
    expect(usd(1234.5)).toBe('$1,234.50');
    expect(usd(0)).toBe('$0.00');
  });
});
