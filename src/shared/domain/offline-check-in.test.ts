import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { TEST_ZONES } from '@test/helpers/time-zones';
import { CHECK_IN_TIMES, officialWindow } from './check-in-window';
import { addLocalDays, localDateOf } from './dates';
import { checkMadeAt, MADE_AT_MAX_SKEW_MS, OFFLINE_CHECK_IN_MESSAGES, OFFLINE_SYNC_MS } from './offline-check-in';

const ZONES = TEST_ZONES;
const OLD = new Date('2000-01-01T00:00:00Z');
const base = (timezone: string, checkInTime = '20:00') => ({
  timezone,
  checkInTime,
  createdAt: OLD,
  hasAnyCheckIn: true,
  firstCheckInCompleted: true,
  hasCheckInToday: false,
});
const H = 3_600_000;

describe('checkMadeAt (decision 022)', () => {
  it('made at 23:30, arriving at 00:10: counts for the day before, late', () => {
    const r = checkMadeAt(new Date('2026-11-24T23:30:00Z'), new Date('2026-11-25T00:10:00Z'), base('UTC'));
    expect(r).toEqual({ ok: true, localDate: '2026-11-24', late: true });
  });
  it('refuses the future (beyond the skew), more than 48 hours, and outside the window', () => {
    const now = new Date('2026-11-25T00:10:00Z');
    const at = (iso: string) => checkMadeAt(new Date(iso), now, base('UTC'));
    expect(at('2026-11-25T00:20:00Z')).toEqual({ ok: false, message: OFFLINE_CHECK_IN_MESSAGES.future });
    expect(at('2026-11-22T23:00:00Z')).toEqual({ ok: false, message: OFFLINE_CHECK_IN_MESSAGES.tooOld });
    expect(at('2026-11-24T19:59:59Z')).toEqual({ ok: false, message: OFFLINE_CHECK_IN_MESSAGES.outsideWindow });
    // A device clock a minute ahead is judged as now (here outside the 00:11 window → refused as outside).
    expect(at('2026-11-25T00:11:00Z')).toEqual({ ok: false, message: OFFLINE_CHECK_IN_MESSAGES.outsideWindow });
    expect(at('2026-11-23T20:30:00Z')).toMatchObject({ ok: true, localDate: '2026-11-23' });
  });
  it('orientation: a new user may have made it at any time of their first 24 hours', () => {
    const created = new Date('2026-11-24T09:00:00Z');
    const r = checkMadeAt(new Date('2026-11-24T10:00:00Z'), new Date('2026-11-25T08:00:00Z'), {
      ...base('UTC'),
      createdAt: created,
      hasAnyCheckIn: false,
      firstCheckInCompleted: false,
    });
    expect(r).toEqual({ ok: true, localDate: '2026-11-24', late: true });
  });

  it('property, across zones and DST: inside a date\'s window and at most 48 h old ⇔ accepted, for that date', () => {
    fc.assert(
      fc.property(
        fc.constantFrom(...ZONES),
        fc.constantFrom(...CHECK_IN_TIMES),
        fc.integer({ min: Date.UTC(2024, 0, 1), max: Date.UTC(2030, 11, 31) }),
        fc.integer({ min: -MADE_AT_MAX_SKEW_MS - 60_000, max: OFFLINE_SYNC_MS + H }),
        (tz, time, madeAtMs, delay) => {
          const madeAt = new Date(madeAtMs);
          const now = new Date(madeAtMs + delay);
          const r = checkMadeAt(madeAt, now, base(tz, time));
          if (delay < -MADE_AT_MAX_SKEW_MS) {
            expect(r).toEqual({ ok: false, message: OFFLINE_CHECK_IN_MESSAGES.future });
            return;
          }
          if (delay > OFFLINE_SYNC_MS) {
            expect(r).toEqual({ ok: false, message: OFFLINE_CHECK_IN_MESSAGES.tooOld });
            return;
          }
          const judged = delay < 0 ? now : madeAt;
          const date = localDateOf(judged, tz);
          const w = officialWindow(date, tz, time);
          const inside = !!w && judged >= w.opensAt && judged <= w.closesAt;
          if (!inside) {
            expect(r).toEqual({ ok: false, message: OFFLINE_CHECK_IN_MESSAGES.outsideWindow });
            return;
          }
          expect(r).toEqual({ ok: true, localDate: date, late: date < localDateOf(now, tz) });
          // Never more than two dates late.
          expect(date >= addLocalDays(localDateOf(now, tz), -3)).toBe(true);
        },
      ),
      { numRuns: 3000 },
    );
  });
});
