import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '@test/helpers/app';
import { testEngines } from '@test/helpers/db';
import { createUser, signInAs } from '@test/helpers/users';
import { checkInValues } from '@test/helpers/check-ins';
import { YEAR_MESSAGES } from '@shared/domain/year-in-pixels';
import { checkIns } from '@server/db/schema/index';

type Day = { date: string; state: string; score: number | null };
type Body = { year: number; area: string | null; years: number[]; days: Day[]; message?: string };

const NY = 'America/New_York';
/** A New York wall-clock time (EDT, July). */
const ny = (date: string, hhmm: string) => new Date(`${date}T${hhmm}:00-04:00`);
const yes7 = Array.from({ length: 7 }, () => true);
/** Rest yes, exercise no, the others yes: overall 6/7. */
const noExercise = [true, false, true, true, true, true, true];

describe.each(testEngines())('GET /api/insights/year on %s', (engine) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp(engine, { env: { DEV_TOOLS: 'on' }, now: '2026-07-01T12:00:00Z' });
  });
  afterAll(async () => t.close());

  async function newUser(overrides: Parameters<typeof createUser>[1] = {}) {
    const user = await createUser(t.app.db, { timezone: NY, createdAt: new Date('2026-06-20T12:00:00Z'), ...overrides });
    const cookie = await signInAs(t.app, user);
    const call = async (method: 'GET' | 'POST', url: string, payload?: unknown) => {
      const res = await t.app.inject({ method, url, headers: { cookie }, ...(payload !== undefined ? { payload: payload as object } : {}) });
      return { status: res.statusCode, body: res.json() as Body };
    };
    return { user, call };
  }

  it('needs a session', async () => {
    expect((await t.app.inject({ method: 'GET', url: '/api/insights/year?year=2026' })).statusCode).toBe(401);
  });

  it('gives every date of the year its state and score, in the user calendar, imported days included', async () => {
    t.clock.set(ny('2026-07-01', '20:30'));
    const { user, call } = await newUser();
    // An imported day from the year before the account (history: it counts here, not in the streak).
    await t.app.db
      .insert(checkIns)
      .values({
        ...checkInValues({
          userId: user.id,
          localDate: '2025-03-10',
          scores: { rest: 0.5, exercise: 0.25, nutrition: 1, goals: 1, boundaries: 1, connection: 1, joy: 0 },
          answers: [2, 1, 4, 4, 4, 4, 0],
          timezone: NY,
        }),
        imported: true,
      });
    await call('POST', '/api/test/set-streak', { days: 5 }); // long enough for a break to be recoverable
    await call('POST', '/api/streak/reset-freeze-days', { freezeDays: 1 });
    // 20:30 in New York is already the next day in UTC: the check-in belongs to 07-01.
    expect((await call('POST', '/api/checkins', { answers: yes7 })).status).toBe(201);
    t.clock.set(ny('2026-07-02', '21:00'));
    expect((await call('POST', '/api/checkins', { answers: noExercise })).status).toBe(201);
    // 07-03 ends without a check-in: the shield covers it. 07-04 too, without a shield: the streak breaks.
    t.clock.set(ny('2026-07-05', '12:00'));
    expect((await call('GET', '/api/streak')).body).toMatchObject({ recoveryAvailable: true });
    await call('POST', '/api/streak/reset-freeze-days', { freezeDays: 1 });
    expect((await call('POST', '/api/streak/recover')).status).toBe(200);
    t.clock.set(ny('2026-07-05', '20:30'));
    expect((await call('POST', '/api/checkins', { answers: yes7 })).status).toBe(201);
    expect((await call('POST', '/api/streak/rest-days', { dates: ['2026-07-08'] })).status).toBe(200);
    // 07-06 ends without a check-in and without a shield: missed.
    t.clock.set(ny('2026-07-07', '10:00'));

    const res = await call('GET', '/api/insights/year?year=2026');
    expect(res.status).toBe(200);
    expect(res.body.year).toBe(2026);
    expect(res.body.area).toBeNull();
    expect(res.body.years).toEqual([2026, 2025]);
    const days = res.body.days;
    expect(days).toHaveLength(365);
    expect(days[0]!.date).toBe('2026-01-01');
    expect(days.at(-1)!.date).toBe('2026-12-31');
    expect(days.map((d) => d.date)).toEqual([...days.map((d) => d.date)].sort());
    const at = (date: string) => days.find((d) => d.date === date)!;
    expect(at('2026-06-19')).toEqual({ date: '2026-06-19', state: 'before-start', score: null });
    expect(at('2026-06-30').state).toBe('before-start');
    expect(at('2026-07-01')).toEqual({ date: '2026-07-01', state: 'checked-in', score: 1 });
    expect(at('2026-07-02').state).toBe('checked-in');
    expect(at('2026-07-02').score).toBeCloseTo(6 / 7, 6);
    expect(at('2026-07-03')).toEqual({ date: '2026-07-03', state: 'frozen', score: null });
    expect(at('2026-07-04')).toEqual({ date: '2026-07-04', state: 'recovered', score: null });
    expect(at('2026-07-05').state).toBe('checked-in');
    expect(at('2026-07-06')).toEqual({ date: '2026-07-06', state: 'missed', score: null });
    expect(at('2026-07-07')).toEqual({ date: '2026-07-07', state: 'today', score: null });
    expect(at('2026-07-08')).toEqual({ date: '2026-07-08', state: 'rest', score: null });
    expect(at('2026-07-09')).toEqual({ date: '2026-07-09', state: 'future', score: null });
    expect(days.filter((d) => d.state === 'checked-in')).toHaveLength(3);

    // One area's score instead of the overall one.
    const exercise = await call('GET', '/api/insights/year?year=2026&area=exercise');
    expect(exercise.status).toBe(200);
    expect(exercise.body.area).toBe('exercise');
    expect(exercise.body.days.find((d) => d.date === '2026-07-02')!.score).toBe(0);
    const rest = await call('GET', '/api/insights/year?year=2026&area=rest');
    expect(rest.body.days.find((d) => d.date === '2026-07-02')!.score).toBe(1);

    // The imported year: its check-in is a checked-in day, with its area scores.
    const before = await call('GET', '/api/insights/year?year=2025&area=exercise');
    expect(before.status).toBe(200);
    expect(before.body.days).toHaveLength(365);
    const imported = before.body.days.filter((d) => d.state === 'checked-in');
    expect(imported).toEqual([{ date: '2025-03-10', state: 'checked-in', score: 0.25 }]);
    expect(before.body.days.filter((d) => d.state !== 'checked-in').every((d) => d.state === 'before-start' && d.score === null)).toBe(true);
    const overall = await call('GET', '/api/insights/year?year=2025');
    expect(overall.body.days.find((d) => d.date === '2025-03-10')!.score).toBeCloseTo(4.75 / 7, 6);

    // Years outside the account, unknown areas and malformed years: 400 with a message.
    const early = await call('GET', '/api/insights/year?year=2024');
    expect(early.status).toBe(400);
    expect(early.body.message).toBe(YEAR_MESSAGES.beforeAccount(2024, 2025));
    const late = await call('GET', '/api/insights/year?year=2027');
    expect(late.status).toBe(400);
    expect(late.body.message).toBe(YEAR_MESSAGES.future(2027, 2026));
    const area = await call('GET', '/api/insights/year?year=2026&area=sleep');
    expect(area.status).toBe(400);
    expect(area.body.message).toMatch(/area must be one of rest, exercise/);
    for (const q of ['year=26', 'year=abcd', 'year=20261', '']) {
      const bad = await call('GET', `/api/insights/year?${q}`);
      expect(bad.status, q).toBe(400);
      expect(bad.body.message, q).toBeTruthy();
    }
  });

  it('the year turns at the user’s midnight, not at UTC’s', async () => {
    t.clock.set('2026-12-30T12:00:00Z');
    const { call } = await newUser();
    const utc = await newUser({ timezone: 'UTC' });
    // 01:30 UTC on January 1st is still December 31st, 20:30, in New York.
    t.clock.set('2027-01-01T01:30:00Z');
    const late = await call('GET', '/api/insights/year?year=2027');
    expect(late.status).toBe(400);
    expect(late.body.message).toBe(YEAR_MESSAGES.future(2027, 2026));
    const year = await call('GET', '/api/insights/year?year=2026');
    expect(year.status).toBe(200);
    expect(year.body.days.at(-1)).toEqual({ date: '2026-12-31', state: 'today', score: null });
    expect(year.body.years).toEqual([2026]);
    const utcYear = await utc.call('GET', '/api/insights/year?year=2027');
    expect(utcYear.status).toBe(200);
    expect(utcYear.body.days[0]).toEqual({ date: '2027-01-01', state: 'today', score: null });
    expect(utcYear.body.years).toEqual([2027, 2026]);
  });
});
