import { describe, expect, test } from 'vitest';
import fc from 'fast-check';
import { CHECK_IN_TIMES, checkInWindow, type WindowInput } from '@shared/domain/check-in-rules';
import { CHECKED_IN_NOTES, checkedInNote } from './check-in-note';

const CREATED = new Date('2026-03-10T09:00:00Z');

/** The note for the server's window state at `now` (UTC user). */
function noteAt(now: string, overrides: Partial<WindowInput> = {}) {
  const input: WindowInput = {
    now: new Date(now),
    timezone: 'UTC',
    checkInTime: '20:00',
    createdAt: CREATED,
    hasAnyCheckIn: true,
    firstCheckInCompleted: true,
    hasCheckInToday: true,
    ...overrides,
  };
  const { windowState } = checkInWindow(input);
  return { windowState, note: checkedInNote({ hasCheckedInToday: input.hasCheckInToday, checkInTime: input.checkInTime, windowState }) };
}

describe('checkedInNote', () => {
  test('after a first check-in made before the check-in time: the update window opens later today', () => {
    const { windowState, note } = noteAt('2026-03-10T10:00:00Z');
    expect(windowState).toMatchObject({ canCheckIn: false, canEdit: false, message: 'Check-in opens at 8:00 PM' });
    expect(note).toBe('You can update today’s check-in from 8:00 PM.');
    expect(noteAt('2026-03-10T10:00:00Z', { checkInTime: '22:45' }).note).toBe('You can update today’s check-in from 10:45 PM.');
  });

  test('checked in and today’s window is over: see you tomorrow', () => {
    // A status read during the window whose opening is already behind: the next opening is tomorrow’s.
    const { windowState } = noteAt('2026-03-10T21:00:00Z');
    const over = { ...windowState, canEdit: false, nextOpensAt: '2026-03-11T20:00:00.000Z' };
    expect(checkedInNote({ hasCheckedInToday: true, checkInTime: '20:00', windowState: over })).toBe(CHECKED_IN_NOTES.seeYouTomorrow);
  });

  test('nothing to add while the window is open or before a check-in', () => {
    expect(noteAt('2026-03-10T21:00:00Z').note).toBeNull();
    expect(noteAt('2026-03-10T10:00:00Z', { hasCheckInToday: false }).note).toBeNull();
    expect(noteAt('2026-03-10T21:00:00Z', { hasCheckInToday: false }).note).toBeNull();
  });

  test('never says “see you tomorrow” while today’s window is still to open', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 0, max: 24 * 60 - 1 }),
        fc.constantFrom(...CHECK_IN_TIMES),
        fc.constantFrom('UTC', 'America/New_York', 'Asia/Kolkata', 'Pacific/Auckland'),
        (minute, checkInTime, timezone) => {
          const now = new Date(Date.parse('2026-03-10T00:00:00Z') + minute * 60_000).toISOString();
          const { windowState, note } = noteAt(now, { checkInTime, timezone });
          const ahead = Date.parse(now) < Date.parse(windowState.opensAt);
          if (windowState.canEdit) expect(note).toBeNull();
          else expect(note).toBe(ahead ? CHECKED_IN_NOTES.updateFrom(checkInTime) : CHECKED_IN_NOTES.seeYouTomorrow);
        },
      ),
    );
  });
});
