import { describe, expect, it } from 'vitest';
import { calendarDays } from './calendar';
import { firstYearOf, yearAverage, yearDays, yearProblem, yearsOf, YEAR_MESSAGES } from './year-in-pixels';

const base = {
  timezone: 'UTC',
  checkInTime: '20:00',
  registeredAt: new Date('2028-01-10T00:00:00Z'),
  frozen: ['2028-02-02'],
  recovered: ['2028-02-03'],
  rest: ['2028-02-04', '2028-02-10'],
  firstCheckIn: '2028-02-01',
};

describe('the year in pixels', () => {
  it('gives every date of a leap year one state, the calendar’s folded into eight', () => {
    const days = yearDays({ ...base, year: 2028, now: new Date('2028-02-06T10:00:00Z'), checkIns: [{ date: '2028-02-01', score: 0.5 }, { date: '2028-02-05', score: 1 }] });
    expect(days).toHaveLength(366);
    expect(days[59]!.date).toBe('2028-02-29');
    const state = (d: string) => days.find((x) => x.date === d);
    expect(state('2028-01-31')).toEqual({ date: '2028-01-31', state: 'before-start', score: null });
    expect(state('2028-02-01')).toEqual({ date: '2028-02-01', state: 'checked-in', score: 0.5 });
    expect(state('2028-02-02')!.state).toBe('frozen');
    expect(state('2028-02-03')!.state).toBe('recovered');
    expect(state('2028-02-04')!.state).toBe('rest');
    expect(state('2028-02-05')!.score).toBe(1);
    expect(state('2028-02-06')!.state).toBe('today');
    expect(state('2028-02-10')!.state).toBe('rest');
    expect(state('2028-02-11')!.state).toBe('future');
  });

  it('agrees with the month calendar on every day (one rule)', () => {
    const now = new Date('2028-02-20T21:00:00Z');
    const month = calendarDays({ ...base, month: '2028-02', now, checkIns: [{ date: '2028-02-01', streak: 30 }] }).days;
    const year = yearDays({ ...base, year: 2028, now, checkIns: [{ date: '2028-02-01', score: 0.9 }] }).filter((d) => d.date.startsWith('2028-02'));
    const fold: Record<string, string> = { completed: 'checked-in', milestone: 'checked-in', 'before-registration': 'before-start', 'today-open': 'today', 'today-waiting': 'today' };
    expect(year.map((d) => d.state)).toEqual(month.map((d) => fold[d.state] ?? d.state));
  });

  it('knows the account’s years and says why a year cannot be shown', () => {
    expect(firstYearOf('2026-06-20', null)).toBe(2026);
    expect(firstYearOf('2026-06-20', '2024-12-31')).toBe(2024);
    expect(firstYearOf('2026-06-20', '2026-07-01')).toBe(2026);
    expect(yearsOf(2024, 2026)).toEqual([2026, 2025, 2024]);
    expect(yearProblem(2023, 2024, 2026)).toBe(YEAR_MESSAGES.beforeAccount(2023, 2024));
    expect(yearProblem(2027, 2024, 2026)).toBe(YEAR_MESSAGES.future(2027, 2026));
    expect(yearProblem(2025, 2024, 2026)).toBeNull();
  });

  it('averages the checked-in days only', () => {
    expect(yearAverage([{ score: 0.5 }, { score: null }, { score: 1 }])).toBe(0.75);
    expect(yearAverage([{ score: null }])).toBeNull();
  });
});
