import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '@test/helpers/app';
import { testEngines } from '@test/helpers/db';
import { createUser, signInAs } from '@test/helpers/users';

describe.each(testEngines())('calendar month input on %s', (engine) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp(engine, { now: '2026-03-10T12:00:00Z' });
  });
  afterAll(async () => t.close());

  it.each(['0000-01', '0999-12', '9999-12'])('a month the database cannot hold (%s) is a 400, not a 500', async (month) => {
    const user = await createUser(t.app.db, { timezone: 'UTC' });
    const cookie = await signInAs(t.app, user);
    const r = await t.app.inject({ method: 'GET', url: `/api/streak/calendar?month=${month}`, headers: { cookie } });
    expect(r.statusCode).toBe(400);
    expect(r.json().message).toMatch(/month/);
  });
});
