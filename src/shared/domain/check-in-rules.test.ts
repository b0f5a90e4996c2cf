import fc from 'fast-check';
import { beforeAll, describe, expect, it } from 'vitest';
import { TEST_ZONES } from '@test/helpers/time-zones';
import {
  acceptsSubmission,
  BUTTON_LABELS,
  canChangeCheckInTime,
  CHECK_IN_MESSAGES,
  CHECK_IN_TIMES,
  checkInWindow,
  checkMadeAt,
  COUNTDOWN_LABELS,
  decideCheckIn,
  hasJournalText,
  IDEMPOTENCY_MESSAGES,
  isValidCheckInTime,
  journalFieldsFrom,
  MADE_AT_MAX_SKEW_MS,
  OFFLINE_CHECK_IN_MESSAGES,
  OFFLINE_SYNC_MS,
  officialWindow,
  WINDOW_MESSAGES,
  windowHoldsUntil,
  type SubmissionInput,
  type WindowInput,
} from './check-in-rules';
import { addLocalDays, formatLocalDateTime, formatWallTime12h, instantOfLocalTime, localDateOf, offsetMinutes } from './dates';
import { ANSWER_MESSAGES } from './scoring';

/* ------------------------------------------------------------------------------------------------------------
 * Reference model, written independently of the engine: it reads local clocks with Intl.DateTimeFormat only and
 * finds the window by scanning a 15-minute grid of instants (every zone offset, every modern DST transition and
 * every valid check-in time is a multiple of 15 minutes, so the true answers lie on that grid).
 * ---------------------------------------------------------------------------------------------------------- */
const Q = 15 * 60_000;
const H = 3_600_000;
const formatters = new Map<string, Intl.DateTimeFormat>();
function refLocal(ms: number, tz: string): { date: string; minutes: number } {
  let f = formatters.get(tz);
  if (!f) {
    f = new Intl.DateTimeFormat('en-US', {
      timeZone: tz,
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      hourCycle: 'h23',
    });
    formatters.set(tz, f);
  }
  const p = Object.fromEntries(f.formatToParts(new Date(ms)).map((x) => [x.type, x.value]));
  return { date: `${p.year}-${p.month}-${p.day}`, minutes: Number(p.hour) * 60 + Number(p.minute) };
}
const refMinutes = (hhmm: string) => Number(hhmm.slice(0, 2)) * 60 + Number(hhmm.slice(3));

/** Reference window of local date `date`: [open, close] per the documented rule. */
function refWindow(date: string, tz: string, checkInTime: string): { open: number; close: number } {
  const t = refMinutes(checkInTime);
  let g = Date.parse(`${date}T00:00:00Z`) - 15 * H;
  let dayStart: number | null = null;
  let open: number | null = null;
  for (; ; g += Q) {
    const l = refLocal(g, tz);
    if (l.date > date) break;
    if (l.date !== date) continue;
    dayStart ??= g;
    if (open === null && l.minutes >= t) open = g;
  }
  const close = g - 1;
  if (open === null) open = Math.max(dayStart!, close + 1 - (24 * 60 - t) * 60_000);
  return { open, close };
}
function refNextDate(date: string): string {
  return new Date(Date.parse(`${date}T00:00:00Z`) + 24 * H).toISOString().slice(0, 10);
}

const ZONES = TEST_ZONES;

const instantArb = fc.integer({ min: Date.UTC(2000, 0, 1), max: Date.UTC(2040, 0, 1) });
const checkInTimeArb = fc.constantFrom(...CHECK_IN_TIMES);

/** DST transitions of the zones in 2024–2030, found with the reference clock (6-hour steps, then bisection). */
const transitions: { tz: string; at: number }[] = [];
beforeAll(() => {
  const offset = (ms: number, tz: string) => {
    const l = refLocal(ms, tz);
    return Date.parse(`${l.date}T00:00:00Z`) + l.minutes * 60_000 - Math.floor(ms / 60_000) * 60_000;
  };
  for (const tz of ZONES) {
    let prev = offset(Date.UTC(2024, 0, 1), tz);
    for (let t = Date.UTC(2024, 0, 1); t < Date.UTC(2031, 0, 1); t += 6 * H) {
      const o = offset(t + 6 * H, tz);
      if (o !== prev) {
        let lo = t;
        let hi = t + 6 * H;
        while (hi - lo > 60_000) {
          const mid = Math.floor((lo + hi) / 120_000) * 60_000;
          if (offset(mid, tz) === prev) lo = mid;
          else hi = mid;
        }
        transitions.push({ tz, at: hi });
        prev = o;
      }
    }
  }
});

function baseInput(now: number, tz: string, checkInTime: string, hasCheckInToday: boolean): WindowInput {
  return {
    now: new Date(now),
    timezone: tz,
    checkInTime,
    createdAt: new Date(Date.UTC(1999, 0, 1)),
    hasAnyCheckIn: true,
    firstCheckInCompleted: true,
    hasCheckInToday,
  };
}

function checkAgainstReference(now: number, tz: string, checkInTime: string, hasCheckInToday: boolean) {
  const { windowState: w, orientationState: o } = checkInWindow(baseInput(now, tz, checkInTime, hasCheckInToday));
  const date = refLocal(now, tz).date;
  const ref = refWindow(date, tz, checkInTime);
  const open = now >= ref.open && now <= ref.close;
  const refNext = now < ref.open ? ref.open : refWindow(refNextDate(date), tz, checkInTime).open;

  expect(w.localDate).toBe(date);
  expect(w.opensAt).toBe(new Date(ref.open).toISOString());
  expect(w.closesAt).toBe(new Date(ref.close).toISOString());
  expect(w.isOpen).toBe(open);
  expect(w.canCheckIn).toBe(open && !hasCheckInToday);
  expect(w.canEdit).toBe(open && hasCheckInToday);
  expect(w.windowType).toBe(open ? (hasCheckInToday ? 'edit-only' : 'official-checkin') : null);
  expect(w.buttonLabel).toBe(hasCheckInToday ? BUTTON_LABELS.update : BUTTON_LABELS.checkIn);
  expect(w.nextOpensAt).toBe(new Date(refNext).toISOString());
  if (open) {
    expect(w.countdown).toEqual({
      target: new Date(ref.close).toISOString(),
      label: hasCheckInToday ? COUNTDOWN_LABELS.updateEnds : COUNTDOWN_LABELS.checkInEnds,
    });
  } else {
    // Before today's window with today's check-in made (a first check-in in the morning), it can only update.
    const untilLabel = hasCheckInToday && now < ref.open ? COUNTDOWN_LABELS.untilUpdateOpens : COUNTDOWN_LABELS.untilOpens;
    expect(w.countdown).toEqual({ target: new Date(refNext).toISOString(), label: untilLabel });
    expect(w.message).toBe(`Check-in opens at ${formatWallTime12h(checkInTime)}`);
  }
  expect(o).toEqual({ mode: 'regular', shouldShowFirstTimeCheckIn: false, endsAt: null });
}

describe('check-in window engine against the Intl reference model', () => {
  it('agrees on the local date of any instant in any zone', () => {
    fc.assert(
      fc.property(instantArb, fc.constantFrom(...ZONES), (now, tz) => {
        expect(localDateOf(now, tz)).toBe(refLocal(now, tz).date);
      }),
      { numRuns: 3000 },
    );
  });

  it('agrees on the whole window state at random instants, zones and check-in times', () => {
    fc.assert(
      fc.property(instantArb, fc.constantFrom(...ZONES), checkInTimeArb, fc.boolean(), (now, tz, time, today) =>
        checkAgainstReference(now, tz, time, today),
      ),
      { numRuns: 600 },
    );
  });

  it('agrees near every DST transition (±36 h) for every check-in time', () => {
    expect(transitions.length).toBeGreaterThan(50);
    fc.assert(
      fc.property(
        fc.constantFrom(...transitions),
        fc.integer({ min: -36 * 60, max: 36 * 60 }),
        fc.integer({ min: 0, max: 59_999 }),
        checkInTimeArb,
        fc.boolean(),
        ({ tz, at }, minutes, ms, time, today) => checkAgainstReference(at + minutes * 60_000 + ms, tz, time, today),
      ),
      { numRuns: 1200 },
    );
  });

  it('agrees at the exact edges of the window (opening instant, one ms before, closing instant, one ms after)', () => {
    fc.assert(
      fc.property(
        fc.constantFrom(...transitions.map((t) => t.at), Date.UTC(2026, 5, 1), Date.UTC(2031, 0, 1)),
        fc.constantFrom(...ZONES),
        checkInTimeArb,
        fc.constantFrom(-1, 0, 1),
        fc.boolean(),
        (day, tz, time, delta, today) => {
          const ref = refWindow(refLocal(day, tz).date, tz, time);
          checkAgainstReference(ref.open + delta, tz, time, today);
          checkAgainstReference(ref.close + delta, tz, time, today);
        },
      ),
      { numRuns: 300 },
    );
  });

  it('every instant of a local date is in exactly one place: before, inside or after that date’s window', () => {
    fc.assert(
      fc.property(instantArb, fc.constantFrom(...ZONES), checkInTimeArb, (now, tz, time) => {
        const w = officialWindow(localDateOf(now, tz), tz, time)!;
        expect(w.opensAt.getTime()).toBeLessThanOrEqual(w.closesAt.getTime());
        expect(localDateOf(w.opensAt, tz)).toBe(localDateOf(now, tz));
        expect(localDateOf(w.closesAt, tz)).toBe(localDateOf(now, tz));
        expect(localDateOf(w.closesAt.getTime() + 1, tz)).not.toBe(localDateOf(now, tz));
      }),
      { numRuns: 1000 },
    );
  });

  it('orientation: open exactly for the first 24 h after sign-up while there is no check-in', () => {
    fc.assert(
      fc.property(
        instantArb,
        fc.integer({ min: -48 * H, max: 48 * H }),
        fc.constantFrom(...ZONES),
        checkInTimeArb,
        fc.boolean(),
        fc.boolean(),
        (now, age, tz, time, anyCheckIn, completed) => {
          const input: WindowInput = {
            now: new Date(now),
            timezone: tz,
            checkInTime: time,
            createdAt: new Date(now - age),
            hasAnyCheckIn: anyCheckIn,
            firstCheckInCompleted: completed,
            hasCheckInToday: false,
          };
          const { windowState: w, orientationState: o } = checkInWindow(input);
          const orientation = !anyCheckIn && !completed && age >= 0 && age < 24 * H;
          expect(o.shouldShowFirstTimeCheckIn).toBe(orientation);
          expect(o.mode).toBe(orientation ? 'orientation' : 'regular');
          if (orientation) {
            expect(w.windowType).toBe('orientation-first-time');
            expect(w.canCheckIn).toBe(true);
            expect(w.buttonLabel).toBe(BUTTON_LABELS.firstTime);
            expect(w.message).toBe(WINDOW_MESSAGES.orientation);
            expect(o.endsAt).toBe(new Date(now - age + 24 * H).toISOString());
          } else {
            expect(w.windowType === 'orientation-first-time').toBe(false);
            expect(w.canCheckIn).toBe(w.isOpen);
          }
        },
      ),
      { numRuns: 1000 },
    );
  });
});

describe('check-in window examples', () => {
  const at = (iso: string, extra: Partial<WindowInput> = {}) =>
    checkInWindow({ ...baseInput(Date.parse(iso), 'Europe/London', '20:00', false), ...extra });

  it('is closed before the check-in time with the opening text and countdown', () => {
    const { windowState: w } = at('2026-03-10T19:59:59.999Z');
    expect(w).toMatchObject({
      localDate: '2026-03-10',
      canCheckIn: false,
      canEdit: false,
      windowType: null,
      message: 'Check-in opens at 8:00 PM',
      buttonLabel: 'CHECK-IN',
      countdown: { target: '2026-03-10T20:00:00.000Z', label: 'Until check-in window opens' },
    });
  });

  it('opens at the check-in time and closes at 23:59:59.999 local', () => {
    const { windowState: w } = at('2026-03-10T20:00:00Z');
    expect(w).toMatchObject({
      canCheckIn: true,
      windowType: 'official-checkin',
      buttonLabel: 'CHECK-IN',
      opensAt: '2026-03-10T20:00:00.000Z',
      closesAt: '2026-03-10T23:59:59.999Z',
      countdown: { target: '2026-03-10T23:59:59.999Z', label: 'Check-in window ends in' },
    });
    // In summer (BST) the same wall times are an hour earlier in UTC.
    expect(at('2026-07-01T19:30:00Z').windowState).toMatchObject({ isOpen: true, closesAt: '2026-07-01T22:59:59.999Z' });
  });

  it('offers an update once today is done, and counts down to the next opening after midnight', () => {
    expect(at('2026-03-10T21:00:00Z', { hasCheckInToday: true }).windowState).toMatchObject({
      canCheckIn: false,
      canEdit: true,
      windowType: 'edit-only',
      buttonLabel: 'UPDATE CHECK-IN',
      countdown: { label: 'Update window ends in' },
    });
    expect(at('2026-03-11T00:00:00Z').windowState).toMatchObject({
      localDate: '2026-03-11',
      isOpen: false,
      windowType: null,
      countdown: { target: '2026-03-11T20:00:00.000Z', label: 'Until check-in window opens' },
    });
  });

  it('writes the opening time in 12-hour form', () => {
    expect(checkInWindow({ ...baseInput(Date.parse('2026-03-10T12:00:00Z'), 'UTC', '23:45', false) }).windowState.message).toBe(
      'Check-in opens at 11:45 PM',
    );
    expect(formatWallTime12h('20:15')).toBe('8:15 PM');
    expect(formatWallTime12h('00:30')).toBe('12:30 AM');
    expect(formatWallTime12h('12:00')).toBe('12:00 PM');
  });

  it('orientation: first-time check-in at any hour for 24 h, then the normal window', () => {
    const createdAt = new Date('2026-03-10T09:00:00Z');
    const fresh = { createdAt, hasAnyCheckIn: false, firstCheckInCompleted: false };
    expect(at('2026-03-10T10:00:00Z', fresh)).toMatchObject({
      windowState: { canCheckIn: true, windowType: 'orientation-first-time', buttonLabel: 'FIRST TIME CHECK-IN', message: "It's time for your first check-in" },
      orientationState: { mode: 'orientation', shouldShowFirstTimeCheckIn: true, endsAt: '2026-03-11T09:00:00.000Z' },
    });
    expect(at('2026-03-11T08:59:59.999Z', fresh).windowState.canCheckIn).toBe(true);
    expect(at('2026-03-11T09:00:00Z', fresh).windowState).toMatchObject({ canCheckIn: false, windowType: null });
    expect(at('2026-03-10T10:00:00Z', { ...fresh, hasAnyCheckIn: true }).windowState.canCheckIn).toBe(false);
    expect(at('2026-03-10T10:00:00Z', { ...fresh, firstCheckInCompleted: true }).windowState.canCheckIn).toBe(false);
  });

  it('after a first check-in in the morning the countdown runs to the update window, not a check-in window', () => {
    // Signed up at 09:00 UTC (London), first check-in at 10:00; the window opens at 20:00 the same day.
    const done = { createdAt: new Date('2026-03-10T09:00:00Z'), hasAnyCheckIn: true, firstCheckInCompleted: true, hasCheckInToday: true };
    expect(at('2026-03-10T10:00:00Z', done).windowState).toMatchObject({
      isOpen: false,
      buttonLabel: 'UPDATE CHECK-IN',
      countdown: { target: '2026-03-10T20:00:00.000Z', label: 'Until update window opens' },
    });
    // In the window it is the update window that ends; the next morning, a new day's check-in window opens.
    expect(at('2026-03-10T21:00:00Z', done).windowState.countdown.label).toBe('Update window ends in');
    expect(at('2026-03-11T10:00:00Z', { ...done, hasCheckInToday: false }).windowState.countdown).toEqual({
      target: '2026-03-11T20:00:00.000Z',
      label: 'Until check-in window opens',
    });
  });

  it('DST: a skipped wall time opens when the clocks jump; a repeated one at its first occurrence', () => {
    expect(instantOfLocalTime('2026-03-08', '02:30', 'America/New_York').toISOString()).toBe('2026-03-08T07:00:00.000Z');
    expect(instantOfLocalTime('2026-11-01', '01:30', 'America/New_York').toISOString()).toBe('2026-11-01T05:30:00.000Z');
    // Lord Howe moves by 30 minutes.
    expect(instantOfLocalTime('2026-10-04', '02:15', 'Australia/Lord_Howe').toISOString()).toBe('2026-10-03T15:30:00.000Z');
    expect(instantOfLocalTime('2026-04-05', '01:45', 'Australia/Lord_Howe').toISOString()).toBe('2026-04-04T14:45:00.000Z');
  });

  it('DST at night: Santiago repeats 23:00–24:00 (25-hour Saturday); Nuuk skips 23:00–24:00 (window keeps its length)', () => {
    expect(officialWindow('2026-04-04', 'America/Santiago', '23:00')).toEqual({
      opensAt: new Date('2026-04-05T02:00:00.000Z'),
      closesAt: new Date('2026-04-05T03:59:59.999Z'),
    });
    expect(officialWindow('2026-03-28', 'America/Nuuk', '23:30')).toEqual({
      opensAt: new Date('2026-03-29T00:30:00.000Z'),
      closesAt: new Date('2026-03-29T00:59:59.999Z'),
    });
  });

  it('validates check-in times: 20:00–23:45 in 15-minute steps', () => {
    expect(CHECK_IN_TIMES).toHaveLength(16);
    expect(CHECK_IN_TIMES[0]).toBe('20:00');
    expect(CHECK_IN_TIMES.at(-1)).toBe('23:45');
    for (const ok of ['20:00', '20:15', '21:30', '23:45']) expect(isValidCheckInTime(ok)).toBe(true);
    for (const bad of ['19:45', '20:10', '24:00', '8:00', '20:0', '00:00', '23:59', '', 'abc', '20:00:00'])
      expect(isValidCheckInTime(bad)).toBe(false);
  });

  it('allows changing the check-in time only before the check-in hour (local)', () => {
    const tz = 'America/New_York';
    // 19:59 EST
    expect(canChangeCheckInTime(new Date('2026-01-10T00:59:00Z'), tz, '20:00')).toBe(true);
    // 20:00 EST
    expect(canChangeCheckInTime(new Date('2026-01-10T01:00:00Z'), tz, '20:00')).toBe(false);
    // 20:10 with a 20:30 check-in: the hour is already reached.
    expect(canChangeCheckInTime(new Date('2026-01-10T01:10:00Z'), tz, '20:30')).toBe(false);
    // 22:59 with 23:00, 23:30 with 23:00, and after midnight again.
    expect(canChangeCheckInTime(new Date('2026-01-10T03:59:00Z'), tz, '23:00')).toBe(true);
    expect(canChangeCheckInTime(new Date('2026-01-10T04:30:00Z'), tz, '23:00')).toBe(false);
    expect(canChangeCheckInTime(new Date('2026-01-10T05:30:00Z'), tz, '23:00')).toBe(true);
  });
});

/* ------------------------------------------------------------------------------------------------------------
 * Decision 010: a timezone change cannot turn one evening into two days.
 * ---------------------------------------------------------------------------------------------------------- */

const MIN_GAP = 12 * H;

/** The window input of a user with history (orientation over), asking at `now` in `tz`. */
function historyInput(
  now: number,
  tz: string,
  time: string,
  last: { localDate: string; createdAt: number } | null,
  settledThrough: string | null,
  hasCheckInToday = last?.localDate === localDateOf(now, tz),
): WindowInput {
  return {
    ...baseInput(now, tz, time, hasCheckInToday),
    hasAnyCheckIn: last !== null,
    lastCheckIn: last ? { localDate: last.localDate, createdAt: new Date(last.createdAt) } : null,
    settledThrough,
  };
}

// Half the cases jump far east or west right after a check-in made inside its window: where the rule bites.
const WEST = ['Pacific/Pago_Pago', 'Pacific/Honolulu', 'America/Los_Angeles', 'America/Nuuk'];
const EAST = ['Pacific/Kiritimati', 'Pacific/Auckland', 'Pacific/Chatham', 'Asia/Tokyo', 'Australia/Lord_Howe'];
const historyArb = fc
  .oneof(
    fc.record({ madeTz: fc.constantFrom(...ZONES), tz: fc.constantFrom(...ZONES), after: fc.integer({ min: 0, max: 60 * H }) }),
    fc.record({ madeTz: fc.constantFrom(...WEST), tz: fc.constantFrom(...EAST), after: fc.integer({ min: 0, max: 20 * H }) }),
    fc.record({ madeTz: fc.constantFrom(...EAST), tz: fc.constantFrom(...WEST), after: fc.integer({ min: 0, max: 40 * H }) }),
  )
  .chain((p) =>
    fc.record({
      made: fc.tuple(instantArb, checkInTimeArb, fc.double({ min: 0, max: 1, noNaN: true })).map(([t, time, f]) => {
        const w = refWindow(refLocal(t, p.madeTz).date, p.madeTz, time);
        return w.open + Math.floor(f * (w.close - w.open));
      }),
      madeTz: fc.constant(p.madeTz),
      settledAhead: fc.constantFrom(null, 0, 1, 2),
      after: fc.constant(p.after),
      tz: fc.constant(p.tz),
      time: checkInTimeArb,
    }),
  );

describe('decision 010: a timezone change cannot turn one evening into two days', () => {
  const at = (iso: string) => Date.parse(iso);

  it('Honolulu → Kiritimati (24 h ahead): the same evening is not a second day; the next one opens a day later', () => {
    const made = at('2026-11-26T06:00:00Z'); // 20:00 on Wed 25 in Honolulu = 20:00 on Thu 26 in Kiritimati
    const last = { localDate: '2026-11-25', createdAt: made };
    const r = checkInWindow(historyInput(made + 60_000, 'Pacific/Kiritimati', '20:00', last, '2026-11-25'));
    expect(r.windowState).toMatchObject({ localDate: '2026-11-26', isOpen: true, canCheckIn: false, canEdit: false, windowType: null });
    expect(r.block?.reason).toBe('too-soon');
    // Thu 26's window (06:00–10:00 UTC) is over before 12 hours have passed: the next is Fri 27's.
    expect(r.windowState.message).toBe(
      'You checked in less than 12 hours ago in another timezone. Your next check-in opens at 8:00 PM on Fri, Nov 27.',
    );
    expect(r.windowState.nextOpensAt).toBe('2026-11-27T06:00:00.000Z');
    expect(r.windowState.countdown).toEqual({ target: '2026-11-27T06:00:00.000Z', label: COUNTDOWN_LABELS.untilOpens });
    expect(acceptsSubmission(historyInput(at('2026-11-27T06:00:00Z'), 'Pacific/Kiritimati', '20:00', last, '2026-11-25'))).toBe(true);
  });

  it('London → Auckland inside the window: refused until 12 hours after the last check-in, to the minute', () => {
    const made = at('2026-11-25T20:00:30Z');
    const last = { localDate: '2026-11-25', createdAt: made };
    const early = checkInWindow(historyInput(at('2026-11-26T07:30:00Z'), 'Pacific/Auckland', '20:00', last, '2026-11-25'));
    expect(early.windowState.canCheckIn).toBe(false);
    expect(early.block?.opensAt.toISOString()).toBe('2026-11-26T08:01:00.000Z'); // 12 h later, rounded up to the minute
    expect(early.windowState.message).toBe(
      'You checked in less than 12 hours ago in another timezone. Your next check-in opens at 9:01 PM on Thu, Nov 26.',
    );
    expect(acceptsSubmission(historyInput(at('2026-11-26T08:00:59Z'), 'Pacific/Auckland', '20:00', last, '2026-11-25'))).toBe(false);
    expect(acceptsSubmission(historyInput(at('2026-11-26T08:01:00Z'), 'Pacific/Auckland', '20:00', last, '2026-11-25'))).toBe(true);
  });

  it('a traveller from Los Angeles to London checks in the next evening as usual', () => {
    const last = { localDate: '2026-11-25', createdAt: at('2026-11-26T07:45:00Z') }; // 23:45 in Los Angeles
    const r = checkInWindow(historyInput(at('2026-11-26T20:00:00Z'), 'Europe/London', '20:00', last, '2026-11-25'));
    expect(r.block).toBeNull();
    expect(r.windowState).toMatchObject({ canCheckIn: true, windowType: 'official-checkin', message: WINDOW_MESSAGES.open });
  });

  it('going west over the date line cannot check in a date earlier than the last one', () => {
    const last = { localDate: '2026-11-25', createdAt: at('2026-11-25T06:00:00Z') }; // 20:00 in Kiritimati
    // 20 hours later it is 22:00 on Tue 24 in Pago Pago, inside that date's window.
    const r = checkInWindow(historyInput(at('2026-11-26T09:00:00Z'), 'Pacific/Pago_Pago', '20:00', last, '2026-11-25'));
    expect(r.windowState).toMatchObject({ localDate: '2026-11-25', isOpen: true, canCheckIn: false, canEdit: true });
    const before = checkInWindow(historyInput(at('2026-11-25T09:00:00Z'), 'Pacific/Pago_Pago', '20:00', last, '2026-11-25'));
    expect(before.windowState).toMatchObject({ localDate: '2026-11-24', isOpen: true, canCheckIn: false, canEdit: false });
    expect(before.block?.reason).toBe('checked-in');
    expect(before.windowState.message).toBe(
      'You already checked in for today in another timezone. Your next check-in opens at 8:00 PM on Thu, Nov 26.',
    );
  });

  it('a day the rollover settled in the previous zone cannot be checked in again further west', () => {
    // Wed 25 ended in London (settled as missed); at 20:30 on Wed 25 in Los Angeles it is that date again.
    const last = { localDate: '2026-11-24', createdAt: at('2026-11-24T20:00:00Z') };
    const r = checkInWindow(historyInput(at('2026-11-26T04:30:00Z'), 'America/Los_Angeles', '20:00', last, '2026-11-25'));
    expect(r.block?.reason).toBe('settled');
    expect(r.windowState.canCheckIn).toBe(false);
    expect(r.windowState.message).toBe(
      'This day already ended in your previous timezone. Your next check-in opens at 8:00 PM on Thu, Nov 26.',
    );
  });

  it('replacing today’s check-in is not affected, however recent', () => {
    const now = at('2026-11-25T20:30:00Z');
    const last = { localDate: '2026-11-25', createdAt: now - 60_000 };
    const r = checkInWindow(historyInput(now, 'Europe/London', '20:00', last, '2026-11-25'));
    expect(r.block).toBeNull();
    expect(r.windowState).toMatchObject({ canEdit: true, windowType: 'edit-only' });
  });

  it('a new check-in is accepted exactly inside the official window of a date after every settled one, 12 h after the last', () => {
    fc.assert(
      fc.property(historyArb, ({ made, madeTz, settledAhead, after, tz, time }) => {
        const lastDate = refLocal(made, madeTz).date;
        const settled = settledAhead === null ? null : refLocal(made + settledAhead * 24 * H, madeTz).date;
        const now = made + after;
        const date = refLocal(now, tz).date;
        const ref = refWindow(date, tz, time);
        const floor = settled !== null && settled > lastDate ? settled : lastDate;
        const expected =
          now >= ref.open && now <= ref.close && date > floor && now >= Math.ceil((made + MIN_GAP) / 60_000) * 60_000;
        const { windowState: w } = checkInWindow(
          historyInput(now, tz, time, { localDate: lastDate, createdAt: made }, settled, date === lastDate),
        );
        expect(w.canCheckIn).toBe(expected);
      }),
      { numRuns: 800 },
    );
  });

  it('when refused, the next opening it names is the first instant a new check-in is accepted', () => {
    fc.assert(
      fc.property(historyArb, fc.double({ min: 0, max: 1, noNaN: true }), ({ made, madeTz, settledAhead, after, tz, time }, f) => {
        const last = { localDate: localDateOf(made, madeTz), createdAt: made };
        const settled = settledAhead === null ? null : localDateOf(made + settledAhead * 24 * H, madeTz);
        const now = made + after;
        const canCheckInAt = (t: number) => checkInWindow(historyInput(t, tz, time, last, settled)).windowState.canCheckIn;
        const r = checkInWindow(historyInput(now, tz, time, last, settled));
        if (!r.block) return;
        const opens = r.block.opensAt.getTime();
        expect(opens).toBeGreaterThan(now);
        expect(r.windowState.nextOpensAt).toBe(r.block.opensAt.toISOString());
        expect(r.windowState.message).toContain(formatLocalDateTime(opens, tz));
        expect(canCheckInAt(opens)).toBe(true);
        expect(canCheckInAt(opens - 1)).toBe(false);
        expect(canCheckInAt(now + Math.floor(f * (opens - now - 1)))).toBe(false);
      }),
      { numRuns: 800 },
    );
  });

  it('staying put, going west, or going up to 7 hours east: the next evening’s whole window is open, DST included', () => {
    fc.assert(
      fc.property(
        fc.oneof(
          fc.constantFrom(...transitions).map(({ tz, at: t }) => ({ tz, t })),
          fc.record({ tz: fc.constantFrom(...ZONES), t: instantArb }),
        ),
        fc.integer({ min: -48, max: 24 }),
        fc.constantFrom(...ZONES),
        checkInTimeArb,
        checkInTimeArb,
        fc.double({ min: 0, max: 1, noNaN: true }),
        fc.double({ min: 0, max: 1, noNaN: true }),
        fc.boolean(),
        ({ tz: from, t }, hours, other, timeA, timeB, fa, fb, stay) => {
          const to = stay ? from : other;
          // A check-in at any instant of the window of a date in `from`, near a DST change or anywhere.
          const dateA = refLocal(t + hours * H, from).date;
          const wa = refWindow(dateA, from, timeA);
          const made = wa.open + Math.floor(fa * (wa.close - wa.open));
          const last = { localDate: dateA, createdAt: made };
          // The next evening in `to`: the first date after dateA whose window is still ahead.
          let dateB = refNextDate(dateA);
          while (refWindow(dateB, to, timeB).close <= made) dateB = refNextDate(dateB);
          const wb = refWindow(dateB, to, timeB);
          const east = offsetMinutes(to, wb.open) - offsetMinutes(from, made);
          fc.pre(east <= 7 * 60);
          for (const u of [wb.open, wb.open + Math.floor(fb * (wb.close - wb.open)), wb.close]) {
            const r = checkInWindow(historyInput(u, to, timeB, last, dateA));
            expect(r.block).toBeNull();
            expect(r.windowState.canCheckIn).toBe(true);
          }
        },
      ),
      { numRuns: 500 },
    );
  });
});

describe('windowHoldsUntil: how long a window state holds', () => {
  // Inputs of every kind: a history with zone changes (decision 010), a new user in the orientation's 24 hours, a
  // user with no history, near DST transitions or anywhere.
  const inputArb = () =>
    fc.oneof(
      historyArb.map(({ made, madeTz, settledAhead, after, tz, time }) =>
        historyInput(
          made + after,
          tz,
          time,
          { localDate: localDateOf(made, madeTz), createdAt: made },
          settledAhead === null ? null : localDateOf(made + settledAhead * 24 * H, madeTz),
        ),
      ),
      fc
        .record({
          t: fc.oneof(instantArb, fc.constantFrom(...transitions).chain(({ at }) => fc.integer({ min: at - 36 * H, max: at + 36 * H }))),
          age: fc.integer({ min: -6 * H, max: 30 * H }),
          tz: fc.constantFrom(...ZONES),
          time: checkInTimeArb,
          firstCheckInCompleted: fc.boolean(),
        })
        .map(({ t, age, tz, time, firstCheckInCompleted }) => ({
          ...baseInput(t, tz, time, false),
          createdAt: new Date(t - age),
          hasAnyCheckIn: false,
          firstCheckInCompleted,
        })),
    );

  it('the answer is the same at every later instant before it while the local date stays the same', () => {
    fc.assert(
      fc.property(inputArb(), fc.double({ min: 0, max: 1, maxExcluded: true, noNaN: true }), (input, f) => {
        const r = checkInWindow(input);
        const t = input.now.getTime();
        const until = windowHoldsUntil(input, r);
        expect(until).toBeGreaterThan(t);
        for (const later of [t + Math.floor(f * (until - t)), until - 1]) {
          if (localDateOf(later, input.timezone) !== r.windowState.localDate) continue;
          expect(checkInWindow({ ...input, now: new Date(later) })).toEqual(r);
        }
      }),
      { numRuns: 1500 },
    );
  });

  it('ends where the answer changes: at the opening, at the close, at midnight', () => {
    const tz = 'Europe/London';
    const input = (iso: string, hasCheckInToday = false) => baseInput(Date.parse(iso), tz, '20:00', hasCheckInToday);
    const holds = (i: WindowInput) => new Date(windowHoldsUntil(i, checkInWindow(i))).toISOString();
    // Morning: until the window opens at 20:00 local; then until it closes; after a check-in, still until the close.
    expect(holds(input('2026-11-27T09:00:00Z'))).toBe('2026-11-27T20:00:00.000Z');
    expect(holds(input('2026-11-27T20:30:00Z'))).toBe('2026-11-28T00:00:00.000Z');
    expect(holds(input('2026-11-27T20:30:00Z', true))).toBe('2026-11-28T00:00:00.000Z');
    // Summer time: 20:00 BST is 19:00 UTC.
    expect(holds(input('2026-06-01T09:00:00Z'))).toBe('2026-06-01T19:00:00.000Z');
    // Orientation: until its 24 hours end.
    const created = Date.parse('2026-11-27T10:00:00Z');
    const fresh = { ...input('2026-11-27T12:00:00Z'), createdAt: new Date(created), hasAnyCheckIn: false, firstCheckInCompleted: false };
    expect(holds(fresh)).toBe('2026-11-27T20:00:00.000Z');
    expect(holds({ ...fresh, now: new Date('2026-11-27T21:00:00Z') })).toBe('2026-11-28T00:00:00.000Z');
    expect(holds({ ...fresh, now: new Date('2026-11-28T06:00:00Z') })).toBe('2026-11-28T10:00:00.000Z');
  });
});

/* An offline check-in's made-at instant (decision 022). */

const OLD = new Date('2000-01-01T00:00:00Z');
const base = (timezone: string, checkInTime = '20:00') => ({
  timezone,
  checkInTime,
  createdAt: OLD,
  hasAnyCheckIn: true,
  firstCheckInCompleted: true,
  hasCheckInToday: false,
});

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

/* One submission (decision 030). */

const YES = [true, true, true, true, true, true, true];
const SCALE = [4, 3, 2, 1, 0, 4, 4];
const TZ = 'Europe/London';

/** A regular user (registered a month ago, first check-in done), checked in yesterday at 20:30, settled through the day before. */
function input(over: Partial<SubmissionInput> & { at?: string } = {}): SubmissionInput {
  const { at = '2026-03-10T20:30:00Z', ...rest } = over;
  return {
    now: new Date(at),
    user: { tier: 'free', timezone: TZ, checkInTime: '20:00', createdAt: new Date('2026-02-01T12:00:00Z'), firstCheckInCompleted: true },
    body: { answers: YES },
    latest: { localDate: '2026-03-09', createdAt: new Date('2026-03-09T20:30:00Z') },
    hasCheckInToday: false,
    settledThrough: '2026-03-08',
    ...rest,
  };
}

describe('decideCheckIn: one submission through the check-in rules', () => {
  it('accepts a new check-in inside the official window, for today in the user zone, scored by the tier mode', () => {
    const d = decideCheckIn(input());
    expect(d).toEqual({
      kind: 'accepted',
      localDate: '2026-03-10',
      timezone: TZ,
      areaScores: { rest: 1, exercise: 1, nutrition: 1, goals: 1, boundaries: 1, connection: 1, joy: 1 },
      score: 1,
      journal: undefined,
    });
  });

  it('counts the date in the user zone, not UTC (after UTC midnight, still the evening in New York)', () => {
    const d = decideCheckIn(
      input({ at: '2026-03-11T01:30:00Z', user: { ...input().user, timezone: 'America/New_York' }, latest: null, settledThrough: null }),
    );
    expect(d).toMatchObject({ kind: 'accepted', localDate: '2026-03-10', timezone: 'America/New_York' });
  });

  it('refuses a new check-in before the window opens with 409, saying when it opens and the window state', () => {
    const d = decideCheckIn(input({ at: '2026-03-10T12:00:00Z' }));
    expect(d.kind).toBe('refused');
    if (d.kind !== 'refused') return;
    expect(d.status).toBe(409);
    expect(d.message.startsWith('Check-in is closed right now.')).toBe(true);
    expect(d.message).toBe(CHECK_IN_MESSAGES.outsideWindow((d.details!.windowState as { message: string }).message));
    expect(d.details).toMatchObject({ windowState: { canCheckIn: false, canEdit: false } });
  });

  it("edits today's check-in inside the window, and refuses an edit once the window has closed", () => {
    const today = { localDate: '2026-03-10', createdAt: new Date('2026-03-10T20:05:00Z') };
    expect(decideCheckIn(input({ at: '2026-03-10T21:00:00Z', latest: today, hasCheckInToday: true }))).toMatchObject({
      kind: 'accepted',
      localDate: '2026-03-10',
    });
    // 00:30 the next day in London: a new day, its window not open yet; yesterday's check-in can no longer be edited.
    const next = decideCheckIn(input({ at: '2026-03-11T00:30:00Z', latest: today, hasCheckInToday: false, settledThrough: '2026-03-10' }));
    expect(next).toMatchObject({ kind: 'refused', status: 409 });
  });

  it('opens the orientation window at any hour in the first 24 hours of a new user, until the first check-in', () => {
    const fresh = { ...input().user, createdAt: new Date('2026-03-10T09:00:00Z'), firstCheckInCompleted: false };
    const noon = input({ at: '2026-03-10T12:00:00Z', user: fresh, latest: null, settledThrough: null });
    expect(decideCheckIn(noon)).toMatchObject({ kind: 'accepted', localDate: '2026-03-10' });
    // The same hour for a user whose orientation day has passed: closed.
    expect(decideCheckIn({ ...noon, now: new Date('2026-03-11T12:00:00Z') })).toMatchObject({ kind: 'refused', status: 409 });
    // …or who has made their first check-in already.
    expect(decideCheckIn({ ...noon, user: { ...fresh, firstCheckInCompleted: true } })).toMatchObject({ kind: 'refused', status: 409 });
  });

  it('timezone-change rule (decision 010): no new check-in for a date the latest check-in or the streak already covers', () => {
    // Flew west: already checked in for 2026-03-10 in Tokyo; in New York it is 2026-03-10 20:30, a new check-in for a
    // date already checked in.
    const ny = { ...input().user, timezone: 'America/New_York' };
    const d = decideCheckIn(
      input({ at: '2026-03-11T00:30:00Z', user: ny, latest: { localDate: '2026-03-10', createdAt: new Date('2026-03-10T11:30:00Z') }, hasCheckInToday: false }),
    );
    expect(d.kind).toBe('refused');
    if (d.kind !== 'refused') return;
    expect(d.status).toBe(409);
    expect(d.message.startsWith(WINDOW_MESSAGES.checkedInElsewhere('').slice(0, 30))).toBe(true);
    expect(d.message).not.toMatch(/^Check-in is closed/);
    // A date the streak has already settled (no check-in that day): refused the same way, with its own sentence.
    const settled = decideCheckIn(input({ user: ny, at: '2026-03-11T00:30:00Z', latest: null, settledThrough: '2026-03-10' }));
    expect(settled).toMatchObject({ kind: 'refused', status: 409 });
    if (settled.kind === 'refused') expect(settled.message.startsWith(WINDOW_MESSAGES.dayAlreadySettled('').slice(0, 30))).toBe(true);
  });

  it('timezone-change rule: a new check-in needs 12 hours since the last one, even on a later date', () => {
    // Checked in at 19:00 in New York on 03-09 (00:00Z on 03-10), then flew to Tokyo: its 03-10 window is open at
    // 11:30Z (20:30 local) but that is 11.5 hours later; from 12:00Z on it is accepted.
    const tokyo = { ...input().user, timezone: 'Asia/Tokyo' };
    const last = { localDate: '2026-03-09', createdAt: new Date('2026-03-10T00:00:00Z') };
    const soon = decideCheckIn(input({ at: '2026-03-10T11:30:00Z', user: tokyo, latest: last }));
    expect(soon.kind).toBe('refused');
    if (soon.kind !== 'refused') return;
    expect(soon.status).toBe(409);
    expect(soon.message.startsWith(WINDOW_MESSAGES.tooSoonElsewhere('').slice(0, 30))).toBe(true);
    expect(decideCheckIn(input({ at: '2026-03-10T12:00:00Z', user: tokyo, latest: last }))).toMatchObject({
      kind: 'accepted',
      localDate: '2026-03-10',
      timezone: 'Asia/Tokyo',
    });
  });

  it('replacing today never goes through the timezone-change rule', () => {
    const today = { localDate: '2026-03-10', createdAt: new Date('2026-03-10T20:29:00Z') };
    expect(decideCheckIn(input({ latest: today, hasCheckInToday: true }))).toMatchObject({ kind: 'accepted', localDate: '2026-03-10' });
  });

  it('checks the answers against the tier: yes/no for free, the 0–4 scale for premium', () => {
    expect(decideCheckIn(input({ body: { answers: SCALE } }))).toMatchObject({ kind: 'refused', status: 400 });
    const premium = { ...input().user, tier: 'premium' as const };
    expect(decideCheckIn(input({ user: premium, body: { answers: YES } }))).toMatchObject({ kind: 'refused', status: 400 });
    const d = decideCheckIn(input({ user: premium, body: { answers: SCALE } }));
    expect(d).toMatchObject({ kind: 'accepted' });
    if (d.kind === 'accepted') expect(d.areaScores).toEqual({ rest: 1, exercise: 0.75, nutrition: 0.5, goals: 0.25, boundaries: 0, connection: 1, joy: 1 });
    const short = decideCheckIn(input({ body: { answers: YES.slice(1) } }));
    expect(short.kind).toBe('refused');
    if (short.kind === 'refused') expect(Object.values(ANSWER_MESSAGES)).toContain(short.message);
  });

  it('journal: 403 with text for a tier without the AI coach; empty texts pass; the AI coach keeps them (blank → null)', () => {
    const text = ['Slept well', null, '', '  ', null, null, 'Fun'];
    expect(decideCheckIn(input({ body: { answers: YES, journalEntries: text } }))).toEqual({
      kind: 'refused',
      status: 403,
      message: CHECK_IN_MESSAGES.journalAiCoachOnly,
    });
    const empty = [null, '', ' ', null, null, null, null];
    expect(decideCheckIn(input({ body: { answers: YES, journalEntries: empty } }))).toMatchObject({ kind: 'accepted' });
    // Another tier keeps no journal: its empty fields are not a row to write.
    expect(decideCheckIn(input({ body: { answers: YES, journalEntries: empty } }))).toMatchObject({ journal: undefined });
    const coach = { ...input().user, tier: 'ai-coach' as const };
    const d = decideCheckIn(input({ user: coach, body: { answers: SCALE, journalEntries: text } }));
    expect(d).toMatchObject({ kind: 'accepted', journal: { restJournal: 'Slept well', nutritionJournal: null, goalsJournal: null, joyJournal: 'Fun' } });
    expect(hasJournalText(journalFieldsFrom(empty))).toBe(false);
  });

  describe('offline made-at (decision 022)', () => {
    it("a check-in made last night inside its window counts for that date, past the window now closed", () => {
      const d = decideCheckIn(input({ at: '2026-03-11T08:00:00Z', settledThrough: '2026-03-10', body: { answers: YES, madeAt: '2026-03-10T21:15:00Z' } }));
      expect(d).toMatchObject({ kind: 'accepted', localDate: '2026-03-10' });
    });

    it('refuses a made-at in the future, too old, outside its window, or unreadable, with a message to act on', () => {
      const at = (madeAt: string) => decideCheckIn(input({ at: '2026-03-11T08:00:00Z', body: { answers: YES, madeAt } }));
      expect(at('2026-03-11T09:00:00Z')).toEqual({ kind: 'refused', status: 400, message: OFFLINE_CHECK_IN_MESSAGES.future });
      expect(at('2026-03-08T21:00:00Z')).toEqual({ kind: 'refused', status: 400, message: OFFLINE_CHECK_IN_MESSAGES.tooOld });
      expect(at('2026-03-10T12:00:00Z')).toEqual({ kind: 'refused', status: 400, message: OFFLINE_CHECK_IN_MESSAGES.outsideWindow });
      expect(at('yesterday')).toEqual({ kind: 'refused', status: 400, message: OFFLINE_CHECK_IN_MESSAGES.invalid });
    });

    it('a made-at of today is an ordinary check-in: the window rules apply as they stand now', () => {
      const d = decideCheckIn(input({ at: '2026-03-10T20:40:00Z', body: { answers: YES, madeAt: '2026-03-10T20:35:00Z' } }));
      expect(d).toMatchObject({ kind: 'accepted', localDate: '2026-03-10' });
    });
  });

  describe('Idempotency-Key', () => {
    const seen = { requestHash: 'h1', statusCode: 201, response: { id: 'c1', date: '2026-03-10' } };

    it('a retry with the same body answers the first answer, before any rule (even outside the window now)', () => {
      const d = decideCheckIn(input({ at: '2026-03-11T12:00:00Z', key: { hash: 'h1', seen } }));
      expect(d).toEqual({ kind: 'replay', statusCode: 201, response: seen.response });
    });

    it('the same key with another body is refused with 422', () => {
      expect(decideCheckIn(input({ key: { hash: 'h2', seen } }))).toEqual({ kind: 'refused', status: 422, message: IDEMPOTENCY_MESSAGES.reused });
    });

    it('a key not seen before goes through the rules', () => {
      expect(decideCheckIn(input({ key: { hash: 'h1' } }))).toMatchObject({ kind: 'accepted' });
    });
  });

  it('is pure: the same input decides the same, and the input is not changed', () => {
    const i = input({ body: { answers: YES, journalEntries: [null, null, null, null, null, null, null] } });
    const copy = structuredClone(i);
    expect(decideCheckIn(i)).toEqual(decideCheckIn(i));
    expect(i).toEqual(copy);
  });
});
