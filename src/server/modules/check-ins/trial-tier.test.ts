import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '@test/helpers/app';
import { testEngines } from '@test/helpers/db';
import { createUser, signInAs } from '@test/helpers/users';

const DAY = 24 * 60 * 60 * 1000;

describe.each(testEngines())('a trial that has just ended, on %s', (engine) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp(engine, { now: '2026-03-10T20:30:00Z' });
  });
  afterAll(async () => t.close());

  it('is not used for check-ins, journals or tips once its time is up, even before anything else noticed', async () => {
    const user = await createUser(t.app.db, { timezone: 'UTC', createdAt: new Date('2025-01-01T00:00:00Z') });
    let cookie = await signInAs(t.app, user);
    const redeem = await t.app.inject({ method: 'POST', url: '/api/coupons/redeem', headers: { cookie }, payload: { code: 'OFFERAI30' } });
    expect(redeem.statusCode).toBe(200);
    const during = await t.app.inject({ method: 'GET', url: '/api/checkins/today', headers: { cookie } });
    expect(during.json()).toMatchObject({ answerMode: 'scale', journalEnabled: true });

    // 31 days later, at 20:30 UTC (inside the window): the trial has ended, though no job has run.
    t.clock.advance(31 * DAY);
    cookie = await signInAs(t.app, user); // the first session has expired by now
    const today = await t.app.inject({ method: 'GET', url: '/api/checkins/today', headers: { cookie } });
    expect(today.json()).toMatchObject({ answerMode: 'boolean', journalEnabled: false });

    const scale = await t.app.inject({ method: 'POST', url: '/api/checkins', headers: { cookie }, payload: { answers: [4, 4, 4, 4, 4, 4, 4] } });
    expect(scale.statusCode).toBe(400);
    const yesNo = await t.app.inject({
      method: 'POST',
      url: '/api/checkins',
      headers: { cookie },
      payload: { answers: [true, true, true, true, true, true, true] },
    });
    expect(yesNo.statusCode).toBe(201);
    const history = await t.app.inject({ method: 'GET', url: '/api/checkins/history', headers: { cookie } });
    expect(history.json().checkIns[0].subscriptionTierAtCheckIn).toBe('free');
    const tips = await t.app.inject({ method: 'GET', url: '/api/premium/tips', headers: { cookie } });
    expect(tips.statusCode).toBe(403);
    const journal = await t.app.inject({ method: 'GET', url: `/api/journal-entries/check-in/${yesNo.json().id}`, headers: { cookie } });
    expect(journal.statusCode).toBe(403);
  });
});
