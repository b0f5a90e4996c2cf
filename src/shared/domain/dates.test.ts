import fc from 'fast-check';
import { tzOffset } from '@date-fns/tz';
import { describe, expect, it } from 'vitest';
import {
  addLocalDays,
  addLocalMonths,
  formatLocalDateTime,
  endOfLocalDay,
  instantOfLocalTime,
  isLocalDate,
  lastLocalDays,
  localMonthOf,
  localDateOf,
  localDaysBetween,
  localMinutesOf,
  offsetMinutes,
  isKnownTimeZone,
  zoneOrUtc,
  startOfLocalDay,
  weekdayOf,
  weekdayShortOf,
} from './dates';

const ZONES = ['UTC', 'Europe/London', 'America/New_York', 'Australia/Lord_Howe', 'Asia/Kolkata', 'Pacific/Chatham', 'America/Sao_Paulo', 'Pacific/Kiritimati', 'America/Santiago', 'America/Nuuk'];
const dateArb = fc
  .integer({ min: Date.UTC(2000, 0, 1), max: Date.UTC(2039, 11, 31) })
  .map((ms) => new Date(ms).toISOString().slice(0, 10));

describe('dates', () => {
  it('months, weekdays and the last days', () => {
    expect(addLocalMonths('2026-01', -1)).toBe('2025-12');
    expect(addLocalMonths('2026-12', 1)).toBe('2027-01');
    expect(addLocalMonths('2026-03', -14)).toBe('2025-01');
    expect(localMonthOf('2026-03-09')).toBe('2026-03');
    expect(weekdayOf('2026-11-22')).toBe(0); // a Sunday
    expect(weekdayShortOf('2026-11-23')).toBe('Mon');
    expect(lastLocalDays('2026-03-02', 3)).toEqual(['2026-02-28', '2026-03-01', '2026-03-02']);
    expect(lastLocalDays('2024-03-01', 2)).toEqual(['2024-02-29', '2024-03-01']);
    fc.assert(
      fc.property(dateArb, (d) => {
        // The short weekday is the one the platform's own formatter gives for that calendar date.
        expect(weekdayShortOf(d)).toBe(new Date(`${d}T12:00:00Z`).toLocaleDateString('en-US', { weekday: 'short', timeZone: 'UTC' }));
        const week = lastLocalDays(d, 7);
        expect(week).toHaveLength(7);
        expect(week[6]).toBe(d);
        expect(localDaysBetween(week[0]!, d)).toBe(6);
      }),
    );
  });
  it('local date arithmetic', () => {
    expect(addLocalDays('2026-02-28', 1)).toBe('2026-03-01');
    expect(addLocalDays('2024-02-28', 1)).toBe('2024-02-29');
    expect(addLocalDays('2026-01-01', -1)).toBe('2025-12-31');
    expect(localDaysBetween('2026-03-01', '2026-03-10')).toBe(9);
    expect(isLocalDate('2026-02-29')).toBe(false);
    expect(isLocalDate('2024-02-29')).toBe(true);
    expect(isLocalDate('2026-3-1')).toBe(false);
    fc.assert(
      fc.property(dateArb, fc.integer({ min: -800, max: 800 }), (d, n) => {
        expect(localDaysBetween(d, addLocalDays(d, n))).toBe(n);
      }),
    );
  });

  it('every existing wall time maps back to itself; days start and end on their own date', () => {
    fc.assert(
      fc.property(dateArb, fc.integer({ min: 0, max: 95 }), fc.constantFrom(...ZONES), (date, q, tz) => {
        const time = `${String(Math.floor(q / 4)).padStart(2, '0')}:${String((q % 4) * 15).padStart(2, '0')}`;
        const at = instantOfLocalTime(date, time, tz);
        const start = startOfLocalDay(date, tz);
        const end = endOfLocalDay(date, tz);
        expect(localDateOf(start, tz)).toBe(date);
        expect(localDateOf(end, tz)).toBe(date);
        expect(localDateOf(start.getTime() - 1, tz)).not.toBe(date);
        expect(localDateOf(end.getTime() + 1, tz)).not.toBe(date);
        // Either the clock reads exactly the wall time, or the wall time was skipped and this is the jump.
        if (localDateOf(at, tz) === date && localMinutesOf(at, tz) === q * 15) {
          expect(localMinutesOf(at.getTime() - 60_000, tz) === q * 15 && localDateOf(at.getTime() - 60_000, tz) === date).toBe(false);
        } else {
          const before = at.getTime() - 1;
          expect(localDateOf(before, tz) < date || localMinutesOf(before, tz) < q * 15).toBe(true);
        }
      }),
      { numRuns: 2000 },
    );
  });
});

describe('offsetMinutes (cached per zone and hour)', () => {
  // Zones with transitions on the hour, on the half hour (Lord Howe: 30-minute DST at 02:00), at 00:00 local
  // (Santiago, Sao Paulo's former rule) and with 45-minute offsets (Chatham).
  const instantArb = fc.integer({ min: Date.UTC(1990, 0, 1), max: Date.UTC(2039, 11, 31) });

  it("equals the zone database's offset at any instant, next to transitions too", () => {
    fc.assert(
      fc.property(instantArb, fc.constantFrom(...ZONES), (ms, tz) => {
        expect(offsetMinutes(tz, ms)).toBe(tzOffset(tz, new Date(ms)));
      }),
      { numRuns: 3000 },
    );
    // Every millisecond-precise neighbourhood of the 2026 transitions of each zone, read after the hour was cached.
    for (const tz of ZONES) {
      for (let h = Date.UTC(2026, 0, 1) / 3_600_000; h < Date.UTC(2027, 0, 1) / 3_600_000; h++) {
        const ms = h * 3_600_000;
        if (tzOffset(tz, new Date(ms)) === tzOffset(tz, new Date(ms + 3_600_000))) continue;
        for (const at of [ms, ms + 1, ms + 1_799_999, ms + 1_800_000, ms + 1_800_001, ms + 3_599_999, ms + 3_600_000]) {
          expect(offsetMinutes(tz, at)).toBe(tzOffset(tz, new Date(at)));
        }
      }
    }
  });

  it('treats an unknown zone as UTC and knows the real ones', () => {
    expect(offsetMinutes('Not/AZone', Date.UTC(2026, 5, 1))).toBe(0);
    expect(isKnownTimeZone('Not/AZone')).toBe(false);
    expect(isKnownTimeZone('Europe/Berlin')).toBe(true);
    expect(isKnownTimeZone('Europe/Berlin')).toBe(true); // cached
    expect(isKnownTimeZone('')).toBe(false);
    expect(zoneOrUtc('Not/AZone')).toBe('UTC');
    expect(zoneOrUtc('')).toBe('UTC');
    expect(zoneOrUtc('America/St_Johns')).toBe('America/St_Johns');
  });
});

describe('formatLocalDateTime', () => {
  it('reads the local clock of the zone, across a DST change and at midnight', () => {
    expect(formatLocalDateTime(Date.UTC(2026, 2, 8, 6, 59), 'America/New_York')).toBe('1:59 AM on Sun, Mar 8');
    expect(formatLocalDateTime(Date.UTC(2026, 2, 8, 7, 0), 'America/New_York')).toBe('3:00 AM on Sun, Mar 8');
    expect(formatLocalDateTime(Date.UTC(2026, 10, 26, 6, 0), 'Pacific/Kiritimati')).toBe('8:00 PM on Thu, Nov 26');
    expect(formatLocalDateTime(Date.UTC(2026, 11, 31, 23, 5), 'UTC')).toBe('11:05 PM on Thu, Dec 31');
    expect(formatLocalDateTime(Date.UTC(2027, 0, 1, 0, 5), 'UTC')).toBe('12:05 AM on Fri, Jan 1');
  });
});
