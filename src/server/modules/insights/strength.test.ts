import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { randomUUID } from 'node:crypto';
import { contextOf } from '@server/context';
import { buildTestApp, type TestApp } from '@test/helpers/app';
import { testEngines } from '@test/helpers/db';
import { createUser, signInAs } from '@test/helpers/users';
import { checkInValues } from '@test/helpers/check-ins';
import { rolloverTick } from '@server/jobs/rollover';
import { checkIns } from '@server/db/schema/index';
import { AREAS, type Area } from '@shared/domain/scoring';
import { addLocalDays } from '@shared/domain/dates';
import { STRENGTH_M } from '@shared/domain/streak-engine';
import type { StrengthResponse } from '@shared/schemas/insights';

const longAgo = new Date('2025-01-01T00:00:00Z');
const yes7 = AREAS.map(() => true);
/** Yes on rest, nutrition, boundaries and joy: area scores 1, 0, 1, 0, 1, 0, 1. */
const mixed = AREAS.map((_, i) => i % 2 === 0);
const v = (answers: boolean[]) => answers.map((a) => (a ? 1 : 0));

/** The recurrence by hand: s ← s·m + v·(1 − m) for a checked-in day, s·m for a missed one, s for a kept one. */
const checked = (s: number[], x: number[]) => s.map((a, i) => a * STRENGTH_M + x[i]! * (1 - STRENGTH_M));
const missed = (s: number[]) => s.map((a) => a * STRENGTH_M);
const zero = AREAS.map(() => 0);
const mean = (s: number[]) => s.reduce((a, b) => a + b, 0) / s.length;

describe.each(testEngines())('GET /api/insights/strength on %s (issue 28)', (engine) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp(engine, { env: { DEV_TOOLS: 'on' }, now: '2026-03-10T20:30:00Z' });
  });
  afterAll(async () => t?.close());

  async function newUser() {
    const user = await createUser(t.app.db, { timezone: 'UTC', checkInTime: '20:00', createdAt: longAgo });
    const call = async (method: 'GET' | 'POST', url: string, payload?: unknown, headers: Record<string, string> = {}) => {
      const cookie = await signInAs(t.app, user);
      const res = await t.app.inject({ method, url, headers: { cookie, ...headers }, ...(payload !== undefined ? { payload: payload as object } : {}) });
      return { status: res.statusCode, body: res.json() };
    };
    const strength = async () => {
      const r = await call('GET', '/api/insights/strength');
      expect(r.status).toBe(200);
      return r.body as StrengthResponse;
    };
    const checkIn = async (answers: boolean[], extra: object = {}) => {
      const r = await call('POST', '/api/checkins', { answers, ...extra }, { 'idempotency-key': randomUUID() });
      expect(r.status, JSON.stringify(r.body)).toBeLessThan(300);
    };
    return { user, call, strength, checkIn };
  }

  const expectValues = (got: StrengthResponse, s: number[]) => {
    AREAS.forEach((a, i) => expect(got.areas[a], a).toBeCloseTo(s[i]!, 12));
    expect(got.overall).toBeCloseTo(mean(s), 12);
  };

  it('needs a session', async () => {
    expect((await t.app.inject({ method: 'GET', url: '/api/insights/strength' })).statusCode).toBe(401);
  });

  it('starts at 0; today counts once checked in, an edit replaces its v; a missed day lowers it, a shield or a rest day keeps it', async () => {
    t.clock.set('2026-03-10T20:30:00Z');
    const { strength, checkIn, call } = await newUser();
    expect(await strength()).toEqual({ overall: 0, areas: Object.fromEntries(AREAS.map((a) => [a, 0])), history: [] });

    await checkIn(yes7);
    let s = checked(zero, v(yes7));
    let got = await strength();
    expectValues(got, s);
    expect(got.history.map((h) => h.date)).toEqual(['2026-03-10']);

    // An edit of today's check-in replaces its v (not a second day).
    await checkIn(mixed);
    s = checked(zero, v(mixed));
    got = await strength();
    expectValues(got, s);
    expect(got.history).toHaveLength(1);
    expect(got.history[0]!.overall).toBeCloseTo(mean(s), 12);
    expect(got.history[0]!.areas.exercise).toBe(0);

    // 03-11 missed (nothing at risk: the streak of 1 has no shield) → s·m.
    t.clock.set('2026-03-12T20:30:00Z');
    s = missed(s);
    got = await strength();
    expectValues(got, s);
    expect(got.history.map((h) => h.date)).toEqual(['2026-03-10', '2026-03-11']);

    // 03-12 checked in, a shield protects 03-13, a rest day 03-14: both keep it.
    await checkIn(yes7);
    s = checked(s, v(yes7));
    expect((await call('POST', '/api/streak/reset-freeze-days', { freezeDays: 1 })).status).toBe(200);
    expect((await call('POST', '/api/streak/rest-days', { dates: ['2026-03-14'] })).status).toBe(200);
    t.clock.set('2026-03-15T09:00:00Z');
    await rolloverTick(contextOf(t.app));
    got = await strength();
    expectValues(got, s);
    expect(got.history.map((h) => h.date)).toEqual(['2026-03-10', '2026-03-11', '2026-03-12', '2026-03-13', '2026-03-14']);
    expect(got.history[4]!.overall).toBeCloseTo(got.history[2]!.overall, 12);
    expect((await call('GET', '/api/streak')).body).toMatchObject({ currentStreak: 1, freezeDaysRemaining: 0 });
  });

  it('imported check-ins are history only: their days count as missed', async () => {
    t.clock.set('2026-04-01T20:30:00Z');
    const { user, strength, checkIn } = await newUser();
    await checkIn(yes7);
    const scores = Object.fromEntries(AREAS.map((a) => [a, 1])) as Record<Area, number>;
    await t.app.db.insert(checkIns).values({ ...checkInValues({ userId: user.id, localDate: '2026-04-02', scores, answers: yes7 }), imported: true });
    t.clock.set('2026-04-03T09:00:00Z');
    expectValues(await strength(), missed(checked(zero, v(yes7))));
  });

  it('follows a late offline check-in that corrects a settled day, and a recovery', async () => {
    t.clock.set('2026-05-01T20:30:00Z');
    const late = await newUser();
    await late.checkIn(yes7);
    // 05-02 is made offline at 23:30 and reaches the server after the rollover settled it as missed.
    t.clock.set('2026-05-03T00:05:00Z');
    await rolloverTick(contextOf(t.app));
    await late.strength();
    t.clock.set('2026-05-03T00:10:00Z');
    await late.checkIn(mixed, { madeAt: '2026-05-02T23:30:00Z' });
    const s = checked(checked(zero, v(yes7)), v(mixed));
    const got = await late.strength();
    expectValues(got, s);
    expect(got.history.map((h) => h.date)).toEqual(['2026-05-01', '2026-05-02']);

    // A lost streak of 12 recovered with a shield: the missed day it bridges keeps the strength.
    t.clock.set('2026-06-01T20:30:00Z');
    const r = await newUser();
    expect((await r.call('POST', '/api/test/set-streak', { days: 11 })).status).toBe(200);
    await r.checkIn(yes7);
    t.clock.set('2026-06-03T09:00:00Z');
    expectValues(await r.strength(), missed(checked(zero, v(yes7))));
    expect((await r.call('POST', '/api/streak/reset-freeze-days', { freezeDays: 1 })).status).toBe(200);
    expect((await r.call('POST', '/api/streak/recover')).status).toBe(200);
    expect((await r.call('GET', '/api/streak')).body).toMatchObject({ currentStreak: 12 });
    expectValues(await r.strength(), checked(zero, v(yes7)));
  });

  it('keeps the last 90 settled dates, ascending, past the correctable window', async () => {
    t.clock.set('2026-01-01T20:30:00Z');
    const { strength, checkIn } = await newUser();
    let s = zero;
    for (let i = 0; i < 100; i++) {
      t.clock.set(`${addLocalDays('2026-01-01', i)}T20:30:00Z`);
      // Every third day missed, the others checked in: long enough that days fold out of the recent window.
      if (i % 3 === 2) {
        s = missed(s);
        continue;
      }
      await checkIn(i % 2 ? yes7 : mixed);
      s = checked(s, v(i % 2 ? yes7 : mixed));
    }
    const got = await strength();
    expectValues(got, s);
    expect(got.history).toHaveLength(90);
    expect(got.history[0]!.date).toBe(addLocalDays('2026-01-01', 10));
    expect(got.history[89]!.date).toBe(addLocalDays('2026-01-01', 99));
    expect(got.history[89]!.overall).toBeCloseTo(mean(s), 12);
  });
});
