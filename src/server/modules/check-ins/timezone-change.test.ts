import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { contextOf } from '@server/context';
import { eq } from 'drizzle-orm';
import { buildTestApp, type TestApp } from '@test/helpers/app';
import { testEngines } from '@test/helpers/db';
import { createUser, signInAs } from '@test/helpers/users';
import { checkIns, users } from '@server/db/schema/index';
import { submitCheckIn } from './service';

// Decision 010: a timezone change cannot make two check-ins a minute apart count as two days.
const ANSWERS = { answers: [true, true, true, true, true, true, true] };
const SAME_EVENING = 'You checked in less than 12 hours ago in another timezone. Your next check-in opens at 8:00 PM on Fri, Nov 27.';

describe.each(testEngines())('check-ins across a timezone change on %s', (engine) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp(engine, { now: '2026-11-26T06:00:00Z' }); // 20:00 on Wed 25 in Honolulu
  });
  afterAll(async () => t.close());

  async function user(timezone: string) {
    const u = await createUser(t.app.db, { timezone, createdAt: new Date('2026-01-01T00:00:00Z') });
    const cookie = await signInAs(t.app, u);
    const call = async (method: 'GET' | 'POST' | 'PATCH', url: string, payload?: object) => {
      const res = await t.app.inject({ method, url, headers: { cookie }, ...(payload ? { payload } : {}) });
      return { status: res.statusCode, body: res.json() };
    };
    const dates = async () =>
      (await t.app.db.select({ d: checkIns.localDate }).from(checkIns).where(eq(checkIns.userId, u.id))).map((r) => r.d).sort();
    const moveTo = async (timezone: string) => expect((await call('PATCH', '/api/user/timezone', { timezone })).status).toBe(200);
    const expectRefused = async (message: string) =>
      expect(await call('POST', '/api/checkins', ANSWERS)).toMatchObject({ status: 409, body: { message } });
    return { u, call, dates, moveTo, expectRefused };
  }

  it('Honolulu → Kiritimati a minute later: 409 with when it opens, one check-in, one streak day', async () => {
    t.clock.set('2026-11-26T06:00:00Z');
    const { call, dates, moveTo, expectRefused } = await user('Pacific/Honolulu');
    expect(await call('POST', '/api/checkins', ANSWERS)).toMatchObject({ status: 201, body: { date: '2026-11-25' } });

    t.clock.advance(60_000);
    await moveTo('Pacific/Kiritimati');
    // It is 20:01 on Thu 26 in Kiritimati, inside that date's window.
    await expectRefused(SAME_EVENING);
    expect(await dates()).toEqual(['2026-11-25']);
    expect((await call('GET', '/api/streak')).body.currentStreak).toBe(1);

    // The dashboard says the same, and counts down to that opening.
    const today = (await call('GET', '/api/checkins/today')).body;
    expect(today).toMatchObject({
      localDate: '2026-11-26',
      hasCheckedInToday: false,
      windowState: {
        canCheckIn: false,
        canEdit: false,
        windowType: null,
        message: SAME_EVENING,
        nextOpensAt: '2026-11-27T06:00:00.000Z',
        countdown: { target: '2026-11-27T06:00:00.000Z', label: 'Until check-in window opens' },
      },
    });

    t.clock.set('2026-11-27T06:00:00Z');
    expect(await call('POST', '/api/checkins', ANSWERS)).toMatchObject({ status: 201, body: { date: '2026-11-27' } });
    expect(await dates()).toEqual(['2026-11-25', '2026-11-27']);
  });

  it('Kiritimati → Pago Pago (25 h behind): an earlier date is refused, the day checked in is still replaced', async () => {
    t.clock.set('2026-11-25T06:00:00Z'); // 20:00 on Wed 25 in Kiritimati
    const { call, dates, moveTo, expectRefused } = await user('Pacific/Kiritimati');
    expect((await call('POST', '/api/checkins', ANSWERS)).status).toBe(201);
    await moveTo('Pacific/Pago_Pago');
    t.clock.set('2026-11-25T09:00:00Z'); // 22:00 on Tue 24 in Pago Pago
    await expectRefused('You already checked in for today in another timezone. Your next check-in opens at 8:00 PM on Thu, Nov 26.');
    t.clock.set('2026-11-26T09:00:00Z'); // 22:00 on Wed 25 in Pago Pago
    expect(await call('POST', '/api/checkins', ANSWERS)).toMatchObject({ status: 200, body: { date: '2026-11-25', replaced: true } });
    expect(await dates()).toEqual(['2026-11-25']);
  });

  it('after a timezone change that keeps the date, today’s check-in can still be replaced', async () => {
    t.clock.set('2026-11-26T06:00:00Z');
    const { call, dates, moveTo } = await user('Pacific/Honolulu');
    expect((await call('POST', '/api/checkins', ANSWERS)).status).toBe(201);
    t.clock.advance(60_000);
    await moveTo('America/Los_Angeles');
    // 22:01 on Wed 25 in Los Angeles: the same date.
    expect(await call('POST', '/api/checkins', ANSWERS)).toMatchObject({ status: 200, body: { date: '2026-11-25', replaced: true } });
    expect(await dates()).toEqual(['2026-11-25']);
  });

  it('a traveller going east checks in the next evening', async () => {
    t.clock.set('2026-11-26T07:45:00Z'); // 23:45 on Wed 25 in Los Angeles
    const { call, dates, moveTo } = await user('America/Los_Angeles');
    expect((await call('POST', '/api/checkins', ANSWERS)).status).toBe(201);
    t.clock.set('2026-11-26T15:00:00Z');
    await moveTo('Europe/London');
    t.clock.set('2026-11-26T20:00:00Z');
    expect(await call('POST', '/api/checkins', ANSWERS)).toMatchObject({ status: 201, body: { date: '2026-11-26' } });
    expect(await dates()).toEqual(['2026-11-25', '2026-11-26']);
    expect((await call('GET', '/api/streak')).body.currentStreak).toBe(2);
  });

  it('a day already settled in the previous zone cannot be checked in further west', async () => {
    t.clock.set('2026-11-24T20:00:00Z');
    const { call, dates, moveTo, expectRefused } = await user('Europe/London');
    expect((await call('POST', '/api/checkins', ANSWERS)).status).toBe(201);
    // Wed 25 ends in London without a check-in: the streak settles it (the streak of 1 breaks).
    t.clock.set('2026-11-26T01:00:00Z');
    expect((await call('GET', '/api/streak')).body.currentStreak).toBe(0);
    await moveTo('America/Los_Angeles');
    t.clock.set('2026-11-26T04:30:00Z'); // 20:30 on Wed 25 in Los Angeles
    await expectRefused('This day already ended in your previous timezone. Your next check-in opens at 8:00 PM on Thu, Nov 26.');
    expect(await dates()).toEqual(['2026-11-24']);
  });

  it('two submissions racing from two zones make one check-in, not two days', async () => {
    t.clock.set('2026-11-26T06:00:00Z');
    const { u, dates } = await user('Pacific/Honolulu');
    const [row] = await t.app.db.select().from(users).where(eq(users.id, u.id));
    // The same user as two requests saw it (one with a cached copy from another zone): under the user's lock each
    // reads the row as it stands, so both count for the same date — one creates the check-in, the other replaces it.
    const results = await Promise.all([
      submitCheckIn(contextOf(t.app), row!, ANSWERS),
      submitCheckIn(contextOf(t.app), { ...row!, timezone: 'Pacific/Kiritimati' }, ANSWERS),
    ]);
    expect(results.map((r) => r.created).sort()).toEqual([false, true]);
    expect(new Set(results.map((r) => r.date))).toEqual(new Set(['2026-11-25']));
    expect(await dates()).toHaveLength(1);
  });
});
