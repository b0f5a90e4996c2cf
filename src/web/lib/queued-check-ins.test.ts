import { describe, expect, test } from 'vitest';
import { BUTTON_LABELS } from '@shared/domain/check-in-rules';
import { todayResponseSchema, type TodayResponse } from '@shared/schemas/check-ins';
import type { QueuedCheckIn } from '../sw/offline-queue';
import { withQueuedCheckIn } from './queued-check-ins';

/** A first day's status in Auckland on 2026-11-27 (orientation open, nothing done), as the server answers it. */
function status(over: Partial<TodayResponse> = {}): TodayResponse {
  return todayResponseSchema.parse({
    localDate: '2026-11-27',
    timezone: 'Pacific/Auckland',
    checkInTime: '21:00',
    serverTime: '2026-11-27T08:00:00.000Z',
    hasCheckedInToday: false,
    windowState: {
      localDate: '2026-11-27',
      canCheckIn: true,
      canEdit: false,
      windowType: 'orientation-first-time',
      message: 'First check-in available',
      buttonLabel: BUTTON_LABELS.firstTime,
      opensAt: '2026-11-27T08:00:00.000Z',
      closesAt: '2026-11-28T08:00:00.000Z',
      isOpen: true,
      nextOpensAt: '2026-11-27T08:00:00.000Z',
      countdown: { target: '2026-11-28T08:00:00.000Z', label: 'Check-in window ends in' },
    },
    orientationState: { mode: 'orientation', shouldShowFirstTimeCheckIn: true, endsAt: '2026-11-28T08:00:00.000Z' },
    answerMode: 'boolean',
    journalEnabled: false,
    checkIn: null,
    journalEntry: null,
    ...over,
  });
}

const record = (madeAt: string, answers: boolean[] | number[], over: Partial<QueuedCheckIn> = {}, journalEntries?: Array<string | null>): QueuedCheckIn => ({
  data: { idempotencyKey: 'k-' + madeAt, userId: 'u1', body: { answers, madeAt, ...(journalEntries ? { journalEntries } : {}) } },
  timestamp: Date.parse(madeAt),
  synced: false,
  ...over,
});
const YES = [true, true, true, true, true, true, true];
// 2026-11-27 09:30 in Auckland (UTC+13).
const MORNING = '2026-11-26T20:30:00.000Z';

describe('withQueuedCheckIn: a check-in stored on the device counts on the screens as made', () => {
  test('a first check-in waiting in the queue: today is done with its score, no longer the first check-in card', () => {
    const s = withQueuedCheckIn(status(), [record(MORNING, [true, true, true, true, true, false, false])]);
    expect(s.hasCheckedInToday).toBe(true);
    expect(s.checkIn).toMatchObject({ date: '2026-11-27', answers: [true, true, true, true, true, false, false], restScore: 1, joyScore: 0 });
    expect(s.checkIn!.score).toBeCloseTo(5 / 7);
    expect(s.orientationState.shouldShowFirstTimeCheckIn).toBe(false);
    expect(s.windowState.buttonLabel).toBe(BUTTON_LABELS.update);
    expect(todayResponseSchema.parse(s)).toEqual(s);
  });

  test("the local date is the made-at instant's in the user's zone: one made yesterday there (counted late) changes nothing", () => {
    // 23:30 on the 26th in Auckland; then 00:30 on the 27th there, though still the 26th by UTC.
    expect(withQueuedCheckIn(status(), [record('2026-11-26T10:30:00.000Z', YES)]).hasCheckedInToday).toBe(false);
    expect(withQueuedCheckIn(status(), [record('2026-11-26T11:30:00.000Z', YES)]).hasCheckedInToday).toBe(true);
    expect(withQueuedCheckIn(status(), []).hasCheckedInToday).toBe(false);
  });

  test('an edit waiting in the queue shows its answers over the server’s check-in, the newest record winning', () => {
    const done = withQueuedCheckIn(status(), [record(MORNING, YES)]);
    const server = { ...done, checkIn: { ...done.checkIn!, id: 'c1', answers: YES } };
    const edited = withQueuedCheckIn(server, [record(MORNING, YES), record('2026-11-26T21:00:00.000Z', [false, false, false, false, false, false, false])]);
    expect(edited.checkIn).toMatchObject({ id: 'c1', score: 0, answers: [false, false, false, false, false, false, false] });
  });

  test('a record the last sync sent counts only until the server says today is done', () => {
    const sent = record(MORNING, [2, 2, 2, 2, 2, 2, 2], { synced: true });
    expect(withQueuedCheckIn(status({ answerMode: 'scale' }), [sent]).checkIn!.score).toBe(0.5);
    const fromServer = withQueuedCheckIn(status(), [record(MORNING, YES)]);
    expect(withQueuedCheckIn(fromServer, [sent]).checkIn!.score).toBe(1);
  });

  test('journal texts of the queued save are what the flow opens with', () => {
    const s = withQueuedCheckIn(status({ journalEnabled: true }), [record(MORNING, YES, {}, ['slept well', null, null, null, '  ', null, 'a walk'])]);
    expect(s.journalEntry).toMatchObject({ restJournal: 'slept well', exerciseJournal: null, boundariesJournal: null, joyJournal: 'a walk' });
  });
});
