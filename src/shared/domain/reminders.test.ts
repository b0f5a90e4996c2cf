import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { CHECK_IN_TIMES } from './check-in-rules';
import { localDateOf, localMinutesOf } from './dates';
import { REMINDER_KINDS, nextReminder, reminderDueAt } from './reminders';

const at = (iso: string) => new Date(iso);

describe('reminderDueAt', () => {
  it('daily at the check-in time and last chance at 23:50, in the user\'s zone', () => {
    expect(reminderDueAt('daily', '2026-06-01', 'Europe/London', '20:00')!.toISOString()).toBe('2026-06-01T19:00:00.000Z');
    expect(reminderDueAt('last-chance', '2026-06-01', 'Europe/London', '20:00')!.toISOString()).toBe('2026-06-01T22:50:00.000Z');
    expect(reminderDueAt('daily', '2026-06-01', 'Asia/Tokyo', '21:30')!.toISOString()).toBe('2026-06-01T12:30:00.000Z');
    expect(reminderDueAt('last-chance', '2026-06-01', 'Asia/Kolkata', '20:00')!.toISOString()).toBe('2026-06-01T18:20:00.000Z');
    expect(reminderDueAt('daily', '2026-06-01', 'America/Los_Angeles', '23:45')!.toISOString()).toBe('2026-06-02T06:45:00.000Z');
  });

  it('follows DST: 20:00 New York is 01:00Z before the March change and 00:00Z after', () => {
    expect(reminderDueAt('daily', '2026-03-07', 'America/New_York', '20:00')!.toISOString()).toBe('2026-03-08T01:00:00.000Z');
    expect(reminderDueAt('daily', '2026-03-08', 'America/New_York', '20:00')!.toISOString()).toBe('2026-03-09T00:00:00.000Z');
    expect(reminderDueAt('last-chance', '2026-10-25', 'Europe/Berlin', '20:00')!.toISOString()).toBe('2026-10-25T22:50:00.000Z');
    expect(reminderDueAt('last-chance', '2026-10-24', 'Europe/Berlin', '20:00')!.toISOString()).toBe('2026-10-24T21:50:00.000Z');
  });

  it('none on a calendar date the zone skips', () => {
    expect(reminderDueAt('daily', '2011-12-30', 'Pacific/Apia', '20:00')).toBeNull();
  });
});

describe('nextReminder', () => {
  it('the next one strictly after the instant: today\'s while ahead, else tomorrow\'s', () => {
    expect(nextReminder('daily', at('2026-03-10T19:59:59Z'), 'UTC', '20:00')).toEqual({ at: at('2026-03-10T20:00:00Z'), localDate: '2026-03-10' });
    expect(nextReminder('daily', at('2026-03-10T20:00:00Z'), 'UTC', '20:00')).toEqual({ at: at('2026-03-11T20:00:00Z'), localDate: '2026-03-11' });
    expect(nextReminder('last-chance', at('2026-03-10T21:00:00Z'), 'UTC', '20:00')).toEqual({ at: at('2026-03-10T23:50:00Z'), localDate: '2026-03-10' });
    // Across the DST change: 23 hours between two New York reminders.
    const a = nextReminder('daily', at('2026-03-07T12:00:00Z'), 'America/New_York', '20:00');
    const b = nextReminder('daily', a.at, 'America/New_York', '20:00');
    expect(b.at.getTime() - a.at.getTime()).toBe(23 * 3_600_000);
    expect(b.localDate).toBe('2026-03-08');
  });

  const zones = ['UTC', 'America/New_York', 'Europe/London', 'Europe/Berlin', 'Asia/Tokyo', 'Asia/Kolkata', 'Australia/Sydney', 'Pacific/Auckland', 'America/Nuuk', 'Australia/Lord_Howe', 'Pacific/Chatham'];
  const arb = fc.record({
    t: fc.date({ min: new Date('2025-01-01T00:00:00Z'), max: new Date('2028-12-31T00:00:00Z'), noInvalidDate: true }),
    tz: fc.constantFrom(...zones),
    time: fc.constantFrom(...CHECK_IN_TIMES),
    kind: fc.constantFrom(...REMINDER_KINDS),
  });

  it('is after the instant, within about a day, on its own local date, and nothing is skipped in between', () => {
    fc.assert(
      fc.property(arb, ({ t, tz, time, kind }) => {
        const n = nextReminder(kind, t, tz, time);
        expect(n.at.getTime()).toBeGreaterThan(t.getTime());
        expect(n.at.getTime() - t.getTime()).toBeLessThanOrEqual(26 * 3_600_000);
        expect(localDateOf(n.at, tz)).toBe(n.localDate);
        expect(reminderDueAt(kind, n.localDate, tz, time)!.getTime()).toBe(n.at.getTime());
        // No reminder between t and n.at: asking again from any instant before n.at gives n.at.
        const mid = new Date(t.getTime() + Math.floor((n.at.getTime() - t.getTime()) / 2));
        expect(nextReminder(kind, mid, tz, time).at.getTime()).toBe(n.at.getTime());
        // The following one is on a later local date (one per date).
        expect(nextReminder(kind, n.at, tz, time).localDate > n.localDate).toBe(true);
      }),
      { numRuns: 400 },
    );
  });

  it('the last chance is at 23:50 local and the daily reminder at the check-in time, except on DST-shortened evenings', () => {
    fc.assert(
      fc.property(arb, ({ t, tz, time, kind }) => {
        const n = nextReminder(kind, t, tz, time);
        const minutes = localMinutesOf(n.at, tz);
        const [h, m] = time.split(':').map(Number) as [number, number];
        const want = kind === 'last-chance' ? 23 * 60 + 50 : h * 60 + m;
        // A DST jump in the evening can move the local wall time; only then may it differ, by at most an hour.
        expect(Math.abs(minutes - want)).toBeLessThanOrEqual(60);
      }),
      { numRuns: 400 },
    );
  });
});
