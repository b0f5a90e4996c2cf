import { describe, expect, test } from 'vitest';
import { ledgerTotalsText } from './texts';

describe('streak texts', () => {
  test('a usage-history entry reads "1 day · 0 shields"', () => {
    expect(ledgerTotalsText(1, 0)).toBe('1 day · 0 shields');
    expect(ledgerTotalsText(12, 1)).toBe('12 days · 1 shield');
    expect(ledgerTotalsText(0, 999)).toBe('0 days · Unlimited shields (developer)');
  });
});
