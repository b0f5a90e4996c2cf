import { describe, expect, it } from 'vitest';
import { initialStreakState, type StreakEvent } from '@shared/domain/streak-engine';
import { ledgerRows } from './persist';

describe('streak texts', () => {
  it('ledger descriptions say "a 1-day streak", never "1 days streak"', () => {
    const before = { ...initialStreakState(), currentStreak: 0, lastProcessedDate: '2026-03-09' };
    const events: StreakEvent[] = [
      { type: 'check-in', date: '2026-03-10', streakDelta: 1, milestone: null },
      { type: 'break', date: '2026-03-11', lostValue: 1, resetTo: 0, recoverable: false },
    ];
    const rows = ledgerRows(before, events, { userId: 'u', now: new Date('2026-03-12T00:00:00Z') });
    expect(rows.map((r) => r.description)).toEqual([
      'Checked in: 1-day streak',
      'Missed 2026-03-11 with no shields: 1-day streak ended',
    ]);
  });
});
