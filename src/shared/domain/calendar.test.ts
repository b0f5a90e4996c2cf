import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { calendarDays, monthBounds } from './calendar';
import { CHECK_IN_TIMES, checkInWindow } from './check-in-rules';
import { localDateOf } from './dates';

const base = {
  timezone: 'UTC',
  checkInTime: '20:00',
  registeredAt: new Date('2026-01-01T00:00:00Z'),
  checkIns: [] as { date: string; streak: number }[],
  frozen: [] as string[],
  recovered: [] as string[],
  firstCheckIn: null as string | null,
};

const todayState = (now: Date, timezone: string, checkInTime: string) => {
  const month = localDateOf(now, timezone).slice(0, 7);
  const r = calendarDays({ ...base, month, now, timezone, checkInTime });
  return r.days.find((d) => d.date === r.today)!.state;
};

describe('calendarDays', () => {
  it('month bounds, leap years included', () => {
    expect(monthBounds('2028-02')).toEqual({ first: '2028-02-01', last: '2028-02-29' });
    expect(monthBounds('2026-12')).toEqual({ first: '2026-12-01', last: '2026-12-31' });
  });

  it('gives each day its state', () => {
    const r = calendarDays({
      ...base,
      month: '2026-03',
      now: new Date('2026-03-10T12:00:00Z'),
      registeredAt: new Date('2026-03-02T10:00:00Z'),
      checkIns: [
        { date: '2026-03-03', streak: 1 },
        { date: '2026-03-04', streak: 2 },
        { date: '2026-03-08', streak: 30 },
      ],
      frozen: ['2026-03-05'],
      recovered: ['2026-03-06'],
      firstCheckIn: '2026-03-03',
    });
    const at = (d: string) => r.days.find((x) => x.date === d)?.state;
    expect(r.today).toBe('2026-03-10');
    expect(r.days).toHaveLength(31);
    expect([at('2026-03-01'), at('2026-03-02'), at('2026-03-03'), at('2026-03-05'), at('2026-03-06')]).toEqual([
      'before-registration',
      'before-registration',
      'completed',
      'frozen',
      'recovered',
    ]);
    expect([at('2026-03-07'), at('2026-03-08'), at('2026-03-09'), at('2026-03-10'), at('2026-03-11')]).toEqual([
      'missed',
      'milestone',
      'missed',
      'today-waiting',
      'future',
    ]);
  });

  it('DST: Nuuk skips 23:00–24:00 on 2026-03-28; with a 23:30 check-in the window opens at 22:30 and the calendar says so', () => {
    // 22:45 local: the clock never reads 23:30 that day. The old server copy compared wall minutes and said "waiting".
    const now = new Date('2026-03-29T00:45:00Z');
    expect(localDateOf(now, 'America/Nuuk')).toBe('2026-03-28');
    expect(todayState(now, 'America/Nuuk', '23:30')).toBe('today-open');
    expect(todayState(new Date('2026-03-29T00:15:00Z'), 'America/Nuuk', '23:30')).toBe('today-waiting');
  });

  it('agrees with the check-in window on every instant near DST changes: today-open exactly when the window is open', () => {
    const zones = ['America/Nuuk', 'America/Santiago', 'America/New_York', 'Europe/London', 'Australia/Lord_Howe', 'Pacific/Apia', 'UTC'];
    // Around the 2026 transitions of these zones (and anywhere in the year).
    const centres = ['2026-03-08T07:00:00Z', '2026-03-28T23:00:00Z', '2026-03-29T01:00:00Z', '2026-04-05T03:00:00Z', '2026-04-04T14:00:00Z', '2026-09-06T04:00:00Z', '2026-10-03T15:30:00Z', '2026-10-25T01:00:00Z', '2026-11-01T06:00:00Z'].map((s) => Date.parse(s));
    const instant = fc.oneof(
      fc.tuple(fc.constantFrom(...centres), fc.integer({ min: -36 * 60, max: 36 * 60 })).map(([c, m]) => new Date(c + m * 60_000)),
      fc.integer({ min: Date.parse('2026-01-01T00:00:00Z'), max: Date.parse('2027-01-01T00:00:00Z') }).map((t) => new Date(t)),
    );
    fc.assert(
      fc.property(instant, fc.constantFrom(...zones), fc.constantFrom(...CHECK_IN_TIMES), (now, tz, time) => {
        const w = checkInWindow({
          now,
          timezone: tz,
          checkInTime: time,
          createdAt: new Date('2025-01-01T00:00:00Z'),
          hasAnyCheckIn: true,
          firstCheckInCompleted: true,
          hasCheckInToday: false,
        });
        const state = todayState(now, tz, time);
        expect(state === 'today-open').toBe(w.windowState.isOpen);
      }),
      { numRuns: 500 },
    );
  });
});
