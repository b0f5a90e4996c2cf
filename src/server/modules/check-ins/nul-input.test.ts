import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '@test/helpers/app';
import { testEngines } from '@test/helpers/db';
import { createUser, signInAs } from '@test/helpers/users';

const NUL = '\u0000';

describe.each(testEngines())('text with a NUL character (which PostgreSQL cannot store) on %s', (engine) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp(engine, { now: '2026-03-10T20:30:00Z' });
  });
  afterAll(async () => t.close());

  it('is a 400 in ids, journal texts and coupon codes, never a 500, and nothing is written', async () => {
    const user = await createUser(t.app.db, { timezone: 'UTC', tier: 'ai-coach', createdAt: new Date('2025-01-01T00:00:00Z') });
    const cookie = await signInAs(t.app, user);
    const call = (method: 'GET' | 'POST', url: string, payload?: object) =>
      t.app.inject({ method, url, headers: { cookie }, ...(payload ? { payload } : {}) });
    const created = await call('POST', '/api/checkins', { answers: [4, 4, 4, 4, 4, 4, 4] });
    expect(created.statusCode).toBe(201);
    const id = created.json().id as string;

    const attempts = [
      await call('GET', `/api/journal-entries/check-in/${encodeURIComponent(`a${NUL}`)}`),
      await call('POST', `/api/journal-entries/${encodeURIComponent(`a${NUL}`)}`, { restJournal: 'x' }),
      await call('POST', `/api/journal-entries/${id}`, { restJournal: `rest${NUL}` }),
      await call('POST', '/api/checkins', { answers: [4, 4, 4, 4, 4, 4, 4], journalEntries: [`a${NUL}`, '', '', '', '', '', ''] }),
      await call('POST', '/api/coupons/redeem', { code: `OFFERAI30${NUL}` }),
    ];
    expect(attempts.map((r) => r.statusCode)).toEqual([400, 400, 400, 400, 400]);
    expect((await call('GET', `/api/journal-entries/check-in/${id}`)).json()).toEqual([]);
  });
});
