import { describe, expect, test } from 'vitest';
import { addDays, addMonths, lastDays, monthOf, weekdayOf } from './calendar-grid';
import { trialRemaining, trialStart } from './trial-time';
import { greetingName } from './components/reward-modal';
import { ledgerTotalsText } from './texts';

describe('calendar grid helpers', () => {
  test('months move across year ends', () => {
    expect(addMonths('2026-01', -1)).toBe('2025-12');
    expect(addMonths('2026-12', 1)).toBe('2027-01');
    expect(monthOf('2026-03-09')).toBe('2026-03');
  });
  test('weekday and the last seven days', () => {
    expect(weekdayOf('2026-11-22')).toBe(0); // a Sunday
    expect(lastDays('2026-03-02', 3)).toEqual(['2026-02-28', '2026-03-01', '2026-03-02']);
    expect(addDays('2024-02-28', 1)).toBe('2024-02-29');
  });
});

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

describe('reward greeting', () => {
  test('first name uppercased, else the e-mail local part, else USER', () => {
    expect(greetingName({ firstName: 'Ana', email: 'a@b.c' })).toBe('ANA');
    expect(greetingName({ firstName: ' ', email: 'bob.smith@example.com' })).toBe('bob.smith');
    expect(greetingName({ firstName: '', email: '' })).toBe('USER');
    expect(greetingName(null)).toBe('USER');
  });
});

describe('streak texts', () => {
  test('a usage-history entry reads "1 day · 0 shields"', () => {
    expect(ledgerTotalsText(1, 0)).toBe('1 day · 0 shields');
    expect(ledgerTotalsText(12, 1)).toBe('12 days · 1 shield');
    expect(ledgerTotalsText(0, 999)).toBe('0 days · Unlimited shields (developer)');
  });
});
