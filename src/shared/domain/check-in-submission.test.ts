import { describe, expect, it } from 'vitest';
import { CHECK_IN_MESSAGES } from '../schemas/check-ins';
import { WINDOW_MESSAGES } from './check-in-window';
import { IDEMPOTENCY_MESSAGES, decideCheckIn, hasJournalText, journalFieldsFrom, type SubmissionInput } from './check-in-submission';
import { OFFLINE_CHECK_IN_MESSAGES } from './offline-check-in';
import { ANSWER_MESSAGES } from './scoring';

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
