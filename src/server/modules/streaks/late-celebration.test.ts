import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { randomUUID } from 'node:crypto';
import { buildTestApp, type TestApp } from '@test/helpers/app';
import { testEngines } from '@test/helpers/db';
import { createUser, signInAs } from '@test/helpers/users';
import { addLocalDays } from '@shared/domain/dates';
import { rolloverTick } from '@server/jobs/rollover';

const YES = [true, true, true, true, true, true, true];

/**
 * Decision 022 + issue 12: a milestone reached by a late offline check-in (made inside its window, synced after
 * the rollover settled that day) is celebrated in the sync's answer, as the live check-in's would have been.
 */
describe.each(testEngines())('a milestone reached by a late offline check-in on %s', (engine) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp(engine, { now: '2026-02-01T12:00:00Z' });
  });
  afterAll(async () => t?.close());

  async function streakOf(days: number, first: string) {
    const u = await createUser(t.app.db, { timezone: 'UTC', createdAt: new Date('2026-01-01T00:00:00Z') });
    let date = first;
    for (let i = 0; i < days; i++, date = addLocalDays(date, 1)) {
      t.clock.set(`${date}T21:00:00Z`);
      const res = await t.app.inject({ method: 'POST', url: '/api/checkins', headers: { cookie: await signInAs(t.app, u) }, payload: { answers: YES } });
      expect(res.statusCode).toBe(201);
      if (i === days - 1) expect(res.json().celebration).toBeNull();
    }
    return { u, next: date };
  }

  it('day 30 made offline at 23:30 and synced at 00:10 after the rollover broke the streak: the answer celebrates Dedicated Soul', async () => {
    const { u, next } = await streakOf(29, '2026-02-01');
    expect(next).toBe('2026-03-02');
    t.clock.set(`${addLocalDays(next, 1)}T00:01:00Z`);
    await rolloverTick(t.ctx());
    const cookie = await signInAs(t.app, u);
    expect((await t.app.inject({ method: 'GET', url: '/api/streak', headers: { cookie } })).json()).toMatchObject({ currentStreak: 0 });

    t.clock.set(`${addLocalDays(next, 1)}T00:10:00Z`);
    const key = randomUUID();
    const send = () =>
      t.app.inject({
        method: 'POST',
        url: '/api/checkins',
        headers: { cookie, 'idempotency-key': key },
        payload: { answers: YES, madeAt: `${next}T23:30:00.000Z` },
      });
    const res = await send();
    expect(res.statusCode).toBe(201);
    expect(res.json()).toMatchObject({ date: next, celebration: { type: 'milestone', milestone: 30 } });
    expect(res.json().celebration.message).toContain('Dedicated Soul');
    expect((await t.app.inject({ method: 'GET', url: '/api/streak', headers: { cookie } })).json()).toMatchObject({ currentStreak: 30 });
    // A retried sync (same key) gets the same answer, celebration included.
    const again = await send();
    expect(again.statusCode).toBe(201);
    expect(again.json()).toEqual(res.json());
  });

  it('a late check-in that reaches no new milestone celebrates nothing', async () => {
    const { u, next } = await streakOf(3, '2026-04-01');
    t.clock.set(`${addLocalDays(next, 1)}T00:01:00Z`);
    await rolloverTick(t.ctx());
    t.clock.set(`${addLocalDays(next, 1)}T00:10:00Z`);
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/checkins',
      headers: { cookie: await signInAs(t.app, u), 'idempotency-key': randomUUID() },
      payload: { answers: YES, madeAt: `${next}T23:30:00.000Z` },
    });
    expect(res.statusCode).toBe(201);
    expect(res.json()).toMatchObject({ date: next, celebration: null, milestoneReward: null });
  });
});
