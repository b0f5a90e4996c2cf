import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { count, eq } from 'drizzle-orm';
import { buildTestApp, type TestApp } from '@test/helpers/app';
import { testEngines } from '@test/helpers/db';
import { createUser, signInAs } from '@test/helpers/users';
import { checkIns, jobs, journalEntries, streakStates, users } from '@server/db/schema/index';
import type { UserRow } from '@server/plugins/session';
import { JOURNAL_FIELDS, journalEntrySchema } from '@shared/schemas/check-ins';
import type { Area } from '@shared/domain/scoring';
import { EARLY_DAYS_TIPS_LEVEL, TIPS } from '@shared/domain/tips';
import { checkInValues } from '@test/helpers/check-ins';

// 21:00 UTC on a Tuesday: inside the default 20:00 window for a UTC user.
const IN_WINDOW = '2026-03-10T21:00:00.000Z';
const BEFORE_WINDOW = '2026-03-10T12:00:00.000Z';
const OLD = new Date('2026-01-01T00:00:00Z');

describe.each(testEngines())('check-ins API on %s', (engine) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp(engine, { now: IN_WINDOW });
  });
  afterAll(async () => t.close());
  beforeEach(() => t.clock.set(IN_WINDOW));

  async function user(overrides: Partial<UserRow> = {}) {
    const u = await createUser(t.app.db, { createdAt: OLD, ...overrides });
    return { u, cookie: await signInAs(t.app, u) };
  }
  const post = (cookie: string, payload: unknown) =>
    t.app.inject({ method: 'POST', url: '/api/checkins', headers: { cookie }, payload: payload as object });
  const get = (cookie: string, url: string) => t.app.inject({ method: 'GET', url, headers: { cookie } });
  const rowsOf = (userId: string) => t.app.db.select().from(checkIns).where(eq(checkIns.userId, userId));
  const journalsOf = async (userId: string) =>
    (await t.app.db.select({ n: count() }).from(journalEntries).where(eq(journalEntries.userId, userId)))[0]!.n;

  it('free user: yes/no answers score 1/0, server-computed; hints ignored; first check-in flagged', async () => {
    const { u, cookie } = await user();
    const res = await post(cookie, {
      answers: [true, false, true, true, false, false, true],
      score: 100,
      isPremium: true,
      developerMode: true,
    });
    expect(res.statusCode).toBe(201);
    const body = res.json();
    expect(body).toMatchObject({ isFirstCheckIn: true, replaced: false, date: '2026-03-10' });
    expect(body.score).toBeCloseTo(4 / 7);
    expect(Object.keys(body).sort()).toEqual(['celebration', 'currentStreak', 'date', 'id', 'isFirstCheckIn', 'milestoneReward', 'replaced', 'score']);
    expect(body.currentStreak).toBe(1);
    const [row] = await rowsOf(u.id);
    expect(row).toMatchObject({
      id: body.id,
      localDate: '2026-03-10',
      restScore: 1,
      exerciseScore: 0,
      nutritionScore: 1,
      goalsScore: 1,
      boundariesScore: 0,
      connectionScore: 0,
      joyScore: 1,
      subscriptionTierAtCheckIn: 'free',
      timezone: 'UTC',
      answers: [true, false, true, true, false, false, true],
    });
    expect(row!.score).toBeCloseTo(4 / 7);
    const [after] = await t.app.db.select().from(users).where(eq(users.id, u.id));
    expect(after!.firstCheckInCompleted).toBe(true);

    const today = (await get(cookie, '/api/checkins/today')).json();
    expect(today).toMatchObject({
      hasCheckedInToday: true,
      localDate: '2026-03-10',
      answerMode: 'boolean',
      journalEnabled: false,
      windowState: { windowType: 'edit-only', canEdit: true, canCheckIn: false, buttonLabel: 'UPDATE CHECK-IN' },
      checkIn: { id: body.id, date: '2026-03-10', restScore: 1, exerciseScore: 0, subscriptionTierAtCheckIn: 'free' },
      journalEntry: null,
    });
  });

  it('premium user: 0..4 answers score value/4', async () => {
    const { u, cookie } = await user({ tier: 'premium' });
    const res = await post(cookie, { answers: [0, 1, 2, 3, 4, 4, 2], isPremium: false, score: 0 });
    expect(res.statusCode).toBe(201);
    expect(res.json().score).toBeCloseTo(16 / 28);
    const [row] = await rowsOf(u.id);
    expect([row!.restScore, row!.exerciseScore, row!.nutritionScore, row!.goalsScore, row!.boundariesScore, row!.connectionScore, row!.joyScore]).toEqual([
      0, 0.25, 0.5, 0.75, 1, 1, 0.5,
    ]);
    expect(row!.subscriptionTierAtCheckIn).toBe('premium');
    expect(row!.score).toBeCloseTo(16 / 28);
  });

  it('ai-coach user: scale answers with journal entries (empty ones not saved)', async () => {
    const { u, cookie } = await user({ tier: 'ai-coach' });
    const res = await post(cookie, {
      answers: [4, 4, 4, 4, 4, 4, 0],
      journalEntries: ['Slept 8 hours', '', '  ', null, 'Said no to a meeting', '', 'x'.repeat(280)],
    });
    expect(res.statusCode).toBe(201);
    const id = res.json().id;
    const [row] = await rowsOf(u.id);
    expect(row!.subscriptionTierAtCheckIn).toBe('ai-coach');
    expect(row!.score).toBeCloseTo(24 / 28);
    const j = await get(cookie, `/api/journal-entries/check-in/${id}`);
    expect(j.statusCode).toBe(200);
    expect(j.json()).toHaveLength(1);
    expect(j.json()[0]).toMatchObject({
      checkInId: id,
      restJournal: 'Slept 8 hours',
      exerciseJournal: null,
      nutritionJournal: null,
      goalsJournal: null,
      boundariesJournal: 'Said no to a meeting',
      connectionJournal: null,
      joyJournal: 'x'.repeat(280),
    });
    const today = (await get(cookie, '/api/checkins/today')).json();
    expect(today).toMatchObject({ answerMode: 'scale', journalEnabled: true, journalEntry: { restJournal: 'Slept 8 hours' } });
  });

  it('journal rules: over 280 characters → 400, non-ai-coach journal → 403, nothing written', async () => {
    const coach = await user({ tier: 'ai-coach' });
    const long = await post(coach.cookie, { answers: [1, 1, 1, 1, 1, 1, 1], journalEntries: ['x'.repeat(281), '', '', '', '', '', ''] });
    expect(long.statusCode).toBe(400);
    expect(long.json().message).toContain('280');
    expect(await rowsOf(coach.u.id)).toHaveLength(0);

    const premium = await user({ tier: 'premium' });
    const forbidden = await post(premium.cookie, { answers: [1, 1, 1, 1, 1, 1, 1], journalEntries: ['hello', '', '', '', '', '', ''] });
    expect(forbidden.statusCode).toBe(403);
    expect(forbidden.json().message).toContain('AI Coach');
    expect(await rowsOf(premium.u.id)).toHaveLength(0);
    expect(await journalsOf(premium.u.id)).toBe(0);

    // Seven empty texts from a premium client are harmless.
    const empty = await post(premium.cookie, { answers: [1, 1, 1, 1, 1, 1, 1], journalEntries: ['', '', '', '', '', '', ''] });
    expect(empty.statusCode).toBe(201);
    expect(await journalsOf(premium.u.id)).toBe(0);
  });

  it('editing replaces today’s check-in (same row, new scores, replaced: true)', async () => {
    const { u, cookie } = await user({ tier: 'premium' });
    const first = await post(cookie, { answers: [0, 0, 0, 0, 0, 0, 0] });
    expect(first.statusCode).toBe(201);
    t.clock.advance(30 * 60_000);
    const second = await post(cookie, { answers: [4, 4, 4, 4, 4, 4, 4], edit: true });
    expect(second.statusCode).toBe(200);
    expect(second.json()).toMatchObject({ id: first.json().id, replaced: true, isFirstCheckIn: false, score: 1 });
    const rows = await rowsOf(u.id);
    expect(rows).toHaveLength(1);
    expect(rows[0]!.score).toBe(1);
    expect(rows[0]!.createdAt.toISOString()).toBe(IN_WINDOW);
    expect(rows[0]!.updatedAt.toISOString()).toBe('2026-03-10T21:30:00.000Z');
  });

  it('outside the window: 409 with the opening time, nothing written', async () => {
    const { u, cookie } = await user();
    t.clock.set(BEFORE_WINDOW);
    const res = await post(cookie, { answers: [true, true, true, true, true, true, true] });
    expect(res.statusCode).toBe(409);
    expect(res.json().message).toContain('Check-in opens at 8:00 PM');
    expect(await rowsOf(u.id)).toHaveLength(0);
    const [after] = await t.app.db.select().from(users).where(eq(users.id, u.id));
    expect(after!.firstCheckInCompleted).toBe(false);
    // After midnight yesterday's check-in cannot be edited either.
    t.clock.set(IN_WINDOW);
    expect((await post(cookie, { answers: [true, true, true, true, true, true, true] })).statusCode).toBe(201);
    t.clock.set('2026-03-11T00:00:00.000Z');
    const late = await post(cookie, { answers: [false, false, false, false, false, false, false], edit: true });
    expect(late.statusCode).toBe(409);
    const rows = await rowsOf(u.id);
    expect(rows).toHaveLength(1);
    expect(rows[0]!.score).toBe(1);
  });

  it('orientation: a new user checks in at any hour within 24 h, once; then the normal window applies', async () => {
    t.clock.set(BEFORE_WINDOW);
    const { u, cookie } = await user({ createdAt: new Date('2026-03-10T11:00:00Z') });
    const state = (await get(cookie, '/api/checkins/orientation-state')).json();
    expect(state).toEqual({ mode: 'orientation', shouldShowFirstTimeCheckIn: true, endsAt: '2026-03-11T11:00:00.000Z' });
    const today = (await get(cookie, '/api/checkins/today')).json();
    expect(today.windowState).toMatchObject({ windowType: 'orientation-first-time', buttonLabel: 'FIRST TIME CHECK-IN', canCheckIn: true });
    const res = await post(cookie, { answers: [true, true, false, false, true, true, true] });
    expect(res.statusCode).toBe(201);
    expect(res.json()).toMatchObject({ isFirstCheckIn: true, date: '2026-03-10' });
    t.clock.set('2026-03-10T13:00:00.000Z');
    expect((await post(cookie, { answers: [true, true, true, true, true, true, true] })).statusCode).toBe(409);
    expect((await get(cookie, '/api/checkins/orientation-state')).json()).toMatchObject({ mode: 'regular', shouldShowFirstTimeCheckIn: false });
    expect(await rowsOf(u.id)).toHaveLength(1);
  });

  it.each([
    ['too few answers', 'free', [true, true, true]],
    ['too many answers', 'free', [true, true, true, true, true, true, true, true]],
    ['numbers for a free user', 'free', [1, 0, 1, 0, 1, 0, 1]],
    ['booleans for a premium user', 'premium', [true, false, true, false, true, false, true]],
    ['out of range (5)', 'premium', [0, 1, 2, 3, 4, 5, 0]],
    ['negative', 'premium', [0, 1, 2, 3, 4, -1, 0]],
    ['fractions', 'premium', [0, 1, 2, 3, 4, 1.5, 0]],
    ['strings', 'premium', ['1', '1', '1', '1', '1', '1', '1']],
    ['nulls', 'free', [null, true, true, true, true, true, true]],
    ['mixed booleans and numbers', 'premium', [true, 1, 1, 1, 1, 1, 1]],
    ['not an array', 'free', 'yes'],
    ['missing', 'free', undefined],
  ] as const)('malformed answers (%s) → 400 and nothing written', async (_name, tier, answers) => {
    const { u, cookie } = await user({ tier });
    const res = await post(cookie, answers === undefined ? {} : { answers });
    expect(res.statusCode).toBe(400);
    expect(typeof res.json().message).toBe('string');
    expect(res.json().message.length).toBeGreaterThan(5);
    expect(await rowsOf(u.id)).toHaveLength(0);
  });

  it('20 concurrent submissions for one user and day leave exactly one row', async () => {
    const { u, cookie } = await user({ tier: 'premium' });
    const results = await Promise.all(
      Array.from({ length: 20 }, (_, i) => post(cookie, { answers: [i % 5, 1, 1, 1, 1, 1, 1] })),
    );
    expect(results.map((r) => r.statusCode).every((s) => s === 200 || s === 201)).toBe(true);
    expect(results.filter((r) => r.statusCode === 201)).toHaveLength(1);
    expect(results.filter((r) => r.json().isFirstCheckIn)).toHaveLength(1);
    expect(new Set(results.map((r) => r.json().id)).size).toBe(1);
    expect(await rowsOf(u.id)).toHaveLength(1);
  });

  it('a check-in keeps its local date when the user later changes timezone', async () => {
    const { u, cookie } = await user();
    expect((await post(cookie, { answers: [true, true, true, true, true, true, true] })).statusCode).toBe(201);
    // 21:00 UTC is 11:00 the next day in Kiritimati (UTC+14).
    await t.app.db.update(users).set({ timezone: 'Pacific/Kiritimati' }).where(eq(users.id, u.id));
    const history = (await get(cookie, '/api/checkins/history')).json();
    expect(history.checkIns.map((c: { date: string }) => c.date)).toEqual(['2026-03-10']);
    const today = (await get(cookie, '/api/checkins/today')).json();
    expect(today).toMatchObject({
      localDate: '2026-03-11',
      timezone: 'Pacific/Kiritimati',
      hasCheckedInToday: false,
      checkIn: null,
      // Kiritimati's 20:00 on 03-11 is only 9 hours after that check-in: decision 010 holds it back to 12 hours.
      windowState: {
        isOpen: false,
        canCheckIn: false,
        message: 'You checked in less than 12 hours ago in another timezone. Your next check-in opens at 11:00 PM on Wed, Mar 11.',
        opensAt: '2026-03-11T06:00:00.000Z',
        nextOpensAt: '2026-03-11T09:00:00.000Z',
      },
    });
  });

  it('history: newest first, legacy 0..100 values read as 0..1, overall score and count', async () => {
    const { u, cookie } = await user();
    const base = { userId: u.id, answers: [], timezone: 'UTC', subscriptionTierAtCheckIn: 'free' as const };
    await t.app.db.insert(checkIns).values([
      { ...base, createdAt: new Date('2026-03-01T20:00:00Z'), localDate: '2026-03-01', restScore: 100, exerciseScore: 50, nutritionScore: 0, goalsScore: 100, boundariesScore: 100, connectionScore: 0, joyScore: 0, score: 50 },
      { ...base, createdAt: new Date('2026-03-05T20:00:00Z'), localDate: '2026-03-05', restScore: 1, exerciseScore: 1, nutritionScore: 1, goalsScore: 1, boundariesScore: 1, connectionScore: 1, joyScore: 1, score: 1 },
    ]);
    expect((await post(cookie, { answers: [false, false, false, false, false, false, false] })).statusCode).toBe(201);
    const res = await get(cookie, '/api/checkins/history');
    expect(res.statusCode).toBe(200);
    const h = res.json();
    expect(h.checkIns.map((c: { date: string }) => c.date)).toEqual(['2026-03-10', '2026-03-05', '2026-03-01']);
    expect(h.checkIns[2]).toMatchObject({ restScore: 1, exerciseScore: 0.5, nutritionScore: 0, score: 0.5, subscriptionTierAtCheckIn: 'free' });
    expect(h.count).toBe(3);
    expect(h.overallScore).toBe(50);
    expect(h.areaAverages.rest).toBeCloseTo(2 / 3);
    expect(h.areaAverages.exercise).toBeCloseTo(0.5);
    const limited = (await get(cookie, '/api/checkins/history?limit=1')).json();
    expect(limited.checkIns).toHaveLength(1);
    expect(limited.count).toBe(3);
    expect((await get(cookie, '/api/checkins/history?limit=0')).statusCode).toBe(400);
  });

  it('start-session answers the window state and records nothing', async () => {
    const { u, cookie } = await user();
    const res = await t.app.inject({ method: 'POST', url: '/api/checkins/start-session', headers: { cookie } });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ hasCheckedInToday: false, windowState: { windowType: 'official-checkin', canCheckIn: true } });
    expect(res.json()).not.toHaveProperty('checkIn');
    expect(await rowsOf(u.id)).toHaveLength(0);
  });

  it('journal endpoints: ai-coach only, own check-ins only, one field at a time, ≤ 280', async () => {
    const coach = await user({ tier: 'ai-coach' });
    const other = await user({ tier: 'ai-coach' });
    const id = (await post(coach.cookie, { answers: [2, 2, 2, 2, 2, 2, 2] })).json().id;
    const save = (cookie: string, checkInId: string, payload: object) =>
      t.app.inject({ method: 'POST', url: `/api/journal-entries/${checkInId}`, headers: { cookie }, payload });

    expect((await get(coach.cookie, `/api/journal-entries/check-in/${id}`)).json()).toEqual([]);
    const ok = await save(coach.cookie, id, { joyJournal: 'Played music' });
    expect(ok.statusCode).toBe(200);
    expect(ok.json()).toMatchObject({ checkInId: id, joyJournal: 'Played music', restJournal: null });
    expect((await save(coach.cookie, id, { restJournal: 'Early night' })).json()).toMatchObject({ joyJournal: 'Played music', restJournal: 'Early night' });
    expect((await save(coach.cookie, id, { restJournal: 'x'.repeat(281) })).statusCode).toBe(400);
    expect((await save(coach.cookie, id, {})).statusCode).toBe(400);
    expect((await save(coach.cookie, id, { moodJournal: 'x' })).statusCode).toBe(400);
    expect((await get(coach.cookie, `/api/journal-entries/check-in/${id}`)).json()[0]).toMatchObject({ restJournal: 'Early night' });

    // Another user's check-in does not exist for them.
    expect((await get(other.cookie, `/api/journal-entries/check-in/${id}`)).statusCode).toBe(404);
    expect((await save(other.cookie, id, { joyJournal: 'hijack' })).statusCode).toBe(404);
    expect((await get(coach.cookie, `/api/journal-entries/check-in/${id}`)).json()[0].joyJournal).toBe('Played music');

    // Premium users cannot journal.
    const premium = await user({ tier: 'premium' });
    const pid = (await post(premium.cookie, { answers: [2, 2, 2, 2, 2, 2, 2] })).json().id;
    expect((await save(premium.cookie, pid, { joyJournal: 'x' })).statusCode).toBe(403);
    expect((await get(premium.cookie, `/api/journal-entries/check-in/${pid}`)).statusCode).toBe(403);
    expect(await journalsOf(premium.u.id)).toBe(0);
  });

  it('journal save: blank text clears its field and a journal left without text is not kept', async () => {
    const { u, cookie } = await user({ tier: 'ai-coach' });
    const id = (await post(cookie, { answers: [2, 2, 2, 2, 2, 2, 2] })).json().id;
    const save = (payload: object) => t.app.inject({ method: 'POST', url: `/api/journal-entries/${id}`, headers: { cookie }, payload });
    const journal = async () => (await get(cookie, `/api/journal-entries/check-in/${id}`)).json();
    const todaysJournal = async () => (await get(cookie, '/api/checkins/today')).json().journalEntry;
    const emptyJournal = Object.fromEntries(JOURNAL_FIELDS.map((f) => [f, null]));

    // Only blank text on a check-in without a journal: nothing is stored.
    const blank = await save({ joyJournal: '   ' });
    expect(blank.statusCode).toBe(200);
    expect(journalEntrySchema.safeParse(blank.json()).success).toBe(true);
    expect(blank.json()).toMatchObject({ checkInId: id, ...emptyJournal });
    expect(await journalsOf(u.id)).toBe(0);
    expect(await journal()).toEqual([]);
    expect(await todaysJournal()).toBeNull();

    // Clearing one of two texts keeps the other.
    await save({ joyJournal: 'Played music' });
    await save({ restJournal: 'Early night' });
    const cleared = await save({ joyJournal: ' \n ' });
    expect(cleared.json()).toMatchObject({ restJournal: 'Early night', joyJournal: null });
    expect(await journal()).toEqual([expect.objectContaining({ restJournal: 'Early night', joyJournal: null })]);

    // Clearing the last text (blank or null) removes the journal.
    const last = await save({ restJournal: '', joyJournal: null });
    expect(last.statusCode).toBe(200);
    expect(last.json()).toMatchObject({ checkInId: id, ...emptyJournal });
    expect(await journalsOf(u.id)).toBe(0);
    expect(await journal()).toEqual([]);
    expect(await todaysJournal()).toBeNull();

    // Editing the check-in with only blank journal texts removes a journal too.
    await save({ goalsJournal: 'Finished the report' });
    const edit = await post(cookie, { answers: [3, 3, 3, 3, 3, 3, 3], journalEntries: ['', ' ', null, '', '', '', '  '] });
    expect(edit.json()).toMatchObject({ id, replaced: true });
    expect(await journalsOf(u.id)).toBe(0);
    expect(await journal()).toEqual([]);

    // A row without text written before this rule (old data) reads as no journal.
    await t.app.db.insert(journalEntries).values({ userId: u.id, checkInId: id });
    expect(await journal()).toEqual([]);
    expect(await todaysJournal()).toBeNull();
    await save({ joyJournal: 'Sang' });
    expect(await journal()).toEqual([expect.objectContaining({ joyJournal: 'Sang', restJournal: null })]);
  });

  it('check-in time: valid 15-minute values in range, only before the check-in hour', async () => {
    t.clock.set(BEFORE_WINDOW);
    const { u, cookie } = await user();
    const patch = (checkInTime: unknown) =>
      t.app.inject({ method: 'PATCH', url: '/api/user/check-in-time', headers: { cookie }, payload: { checkInTime } });
    const ok = await patch('21:15');
    expect(ok.statusCode).toBe(200);
    expect(ok.json()).toMatchObject({ id: u.id, checkInTime: '21:15' });
    expect(ok.json()).not.toHaveProperty('passwordHash');
    for (const bad of ['21:10', '19:45', '24:00', '00:00', '9:00', '', 21, null]) {
      const r = await patch(bad);
      expect(r.statusCode).toBe(400);
      expect(r.json().message).toContain('20:00');
    }
    // 21:20 local with a 21:15 check-in time: the hour has come, changes wait until tomorrow.
    t.clock.set('2026-03-10T21:20:00.000Z');
    const locked = await patch('22:00');
    expect(locked.statusCode).toBe(409);
    t.clock.set('2026-03-10T20:59:00.000Z');
    // 20:59 is before 21:00 (the check-in hour), so it is allowed.
    expect((await patch('23:45')).statusCode).toBe(200);
    const [after] = await t.app.db.select().from(users).where(eq(users.id, u.id));
    expect(after!.checkInTime).toBe('23:45');
    // The window follows the new time.
    t.clock.set('2026-03-10T23:00:00.000Z');
    expect((await get(cookie, '/api/checkins/today')).json().windowState).toMatchObject({ isOpen: false, message: 'Check-in opens at 11:45 PM' });
  });

  it('tips: 403 for free and ad-free, one tip per area for premium and ai-coach (first steps in the early days)', async () => {
    for (const tier of ['free', 'ad-free'] as const) {
      const { cookie } = await user({ tier });
      const r = await get(cookie, '/api/premium/tips');
      expect(r.statusCode).toBe(403);
    }
    const premium = await user({ tier: 'premium' });
    expect((await get(premium.cookie, '/api/premium/tips')).json()).toEqual({ tips: [] });
    await post(premium.cookie, { answers: [0, 1, 2, 3, 4, 4, 4] });
    const r = await get(premium.cookie, '/api/premium/tips');
    expect(r.statusCode).toBe(200);
    const tips = r.json().tips;
    expect(tips.map((x: { category: string }) => x.category)).toEqual(['rest', 'exercise', 'nutrition', 'goals', 'boundaries', 'connection', 'joy']);
    expect(tips.map((x: { score: number }) => x.score)).toEqual([0, 25, 50, 75, 100, 100, 100]);
    expect(tips.map((x: { level: string }) => x.level)).toEqual(['critical', 'poor', 'fair', 'good', 'excellent', 'excellent', 'excellent']);
    for (const tip of tips) {
      expect(tip.tip.length).toBeGreaterThan(20);
      expect(tip.icon.length).toBeGreaterThan(0);
      // One check-in is too few for a level to mean anything: every area gets a first step, none says 'Excellent!'.
      expect(TIPS[tip.category as Area][EARLY_DAYS_TIPS_LEVEL]).toContain(tip.tip);
    }
    const coach = await user({ tier: 'ai-coach' });
    expect((await get(coach.cookie, '/api/premium/tips')).statusCode).toBe(200);
  });

  it("tips read each area's all-time figure, the same number as history's areaAverages (dashboard, category)", async () => {
    const { u, cookie } = await user({ tier: 'premium' });
    // Ten days: rest is 1 on the first three (oldest) and 0 after, so the last 7 check-ins (0%) and all time (30%) differ.
    const rows = Array.from({ length: 10 }, (_, i) => {
      const rest = i < 3 ? 1 : 0;
      return checkInValues({
        userId: u.id,
        localDate: `2026-02-${String(i + 1).padStart(2, '0')}`,
        scores: { rest, exercise: 0.5, nutrition: 0.5, goals: 0.5, boundaries: 0.5, connection: 0.5, joy: 0.5 },
        answers: [rest * 4, 2, 2, 2, 2, 2, 2],
      });
    });
    await t.app.db.insert(checkIns).values(rows);
    const history = (await get(cookie, '/api/checkins/history')).json();
    const tips = (await get(cookie, '/api/premium/tips')).json().tips as { category: Area; score: number }[];
    for (const tip of tips) expect(tip.score, tip.category).toBe(Math.round(history.areaAverages[tip.category] * 100));
    expect(tips.find((x) => x.category === 'rest')?.score).toBe(30);
  });

  it("the streak step and the reminders job share the check-in's write (the step's answer is returned, a failure rolls it all back)", async () => {
    const hooked = await buildTestApp(engine, { now: IN_WINDOW });
    // The job is the last write of the check-in's transaction: what it sees there, and a failure after it.
    const enqueueMany = hooked.app.jobs.enqueueMany.bind(hooked.app.jobs);
    const seen: { rows: number; streak: number | undefined }[] = [];
    let fail = false;
    vi.spyOn(hooked.app.jobs, 'enqueueMany').mockImplementation(async (conn, specs) => {
      const n = await enqueueMany(conn, specs);
      const [spec] = specs as readonly { payload: { checkIns: { userId: string }[] } }[];
      const userId = spec!.payload.checkIns[0]!.userId;
      // The check-in row and the streak's step, written by the same transaction before the job.
      const rows = await conn.select().from(checkIns).where(eq(checkIns.userId, userId));
      const [streak] = await conn.select().from(streakStates).where(eq(streakStates.userId, userId));
      seen.push({ rows: rows.length, streak: streak?.currentStreak });
      if (fail) throw new Error('a write of the check-in failed');
      return n;
    });
    try {
      const u = await createUser(hooked.app.db, { createdAt: OLD });
      const cookie = await signInAs(hooked.app, u);
      const first = await hooked.app.inject({ method: 'POST', url: '/api/checkins', headers: { cookie }, payload: { answers: [true, true, true, true, true, true, true] } });
      expect(first.statusCode).toBe(201);
      expect(first.json()).toMatchObject({ date: '2026-03-10', isFirstCheckIn: true, currentStreak: 1 });
      expect(seen).toEqual([{ rows: 1, streak: 1 }]);
      const queued = await hooked.app.db.select().from(jobs).where(eq(jobs.kind, 'reminders.checked-in-batch'));
      expect(queued.map((j) => [j.key, j.state, j.payload])).toEqual([
        [first.json().id, 'queued', { checkIns: [{ userId: u.id, localDate: '2026-03-10', timezone: 'UTC' }] }],
      ]);
      const [streak] = await hooked.app.db.select().from(streakStates).where(eq(streakStates.userId, u.id));
      expect(streak?.currentStreak).toBe(1);

      fail = true;
      hooked.clock.set('2026-03-11T21:00:00.000Z');
      const second = await hooked.app.inject({ method: 'POST', url: '/api/checkins', headers: { cookie }, payload: { answers: [true, true, true, true, true, true, true] } });
      expect(second.statusCode).toBe(500);
      expect(seen[1]).toEqual({ rows: 2, streak: 2 });
      const rows = await hooked.app.db.select().from(checkIns).where(eq(checkIns.userId, u.id));
      expect(rows.map((r) => r.localDate)).toEqual(['2026-03-10']);
      // The streak step of the failed check-in and its job went with it.
      const [after] = await hooked.app.db.select().from(streakStates).where(eq(streakStates.userId, u.id));
      expect(after?.currentStreak).toBe(1);
      expect(await hooked.app.db.select().from(jobs).where(eq(jobs.kind, 'reminders.checked-in-batch'))).toHaveLength(1);
    } finally {
      await hooked.close();
    }
  });

  it('every endpoint needs a signed-in user', async () => {
    for (const [method, url] of [
      ['GET', '/api/checkins/today'],
      ['GET', '/api/checkins/history'],
      ['GET', '/api/checkins/orientation-state'],
      ['POST', '/api/checkins/start-session'],
      ['POST', '/api/checkins'],
      ['GET', '/api/journal-entries/check-in/x'],
      ['POST', '/api/journal-entries/x'],
      ['PATCH', '/api/user/check-in-time'],
      ['GET', '/api/premium/tips'],
    ] as const) {
      const r = await t.app.inject({ method, url, payload: method === 'GET' ? undefined : {} });
      expect(r.statusCode, `${method} ${url}`).toBe(401);
    }
  });
});
