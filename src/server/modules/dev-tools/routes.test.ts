import { describe, expect, it } from 'vitest';
import { buildTestApp, testConfig } from '@test/helpers/app';
import { createTestDb, testEngines } from '@test/helpers/db';
import { newUserWithCalls } from '@test/helpers/users';
import { buildApp } from '@server/app';
import { ManualClock, OffsetClock } from '@server/context';
import { TEST_CLOCK_RANGE_DAYS } from './routes';

const DAY = 86_400_000;
const RANGE_MS = TEST_CLOCK_RANGE_DAYS * DAY;

describe('developer tools are off unless DEV_TOOLS=on', () => {
  it('answer 404 by default, and the signed-in user learns the server has them off', async () => {
    const t = await buildTestApp('pglite');
    try {
      const { call } = await newUserWithCalls(t.app);
      for (const url of ['/api/test/set-streak', '/api/developer/reset-streak', '/api/dev/create-lost-streak', '/api/test/clock']) {
        expect((await call('POST', url, {})).status, url).toBe(404);
      }
      expect((await call('GET', '/api/auth/user')).body.devTools).toBe(false);
    } finally {
      await t.close();
    }
  });

  it('are there with DEV_TOOLS=on, and the signed-in user learns it', async () => {
    const t = await buildTestApp('pglite', { env: { DEV_TOOLS: 'on' } });
    try {
      const { call } = await newUserWithCalls(t.app);
      expect((await call('POST', '/api/test/set-streak', { days: 3 })).status).toBe(200);
      expect((await call('GET', '/api/auth/user')).body.devTools).toBe(true);
    } finally {
      await t.close();
    }
  });
});

describe('POST /api/test/clock', () => {
  it('answers 404 unless TEST_CLOCK is on', async () => {
    const t = await buildTestApp('pglite', { env: { DEV_TOOLS: 'on' } });
    try {
      const res = await t.app.inject({ method: 'POST', url: '/api/test/clock', payload: { advanceMs: 1000 } });
      expect(res.statusCode).toBe(404);
    } finally {
      await t.close();
    }
  });

  it('answers 404 with developer tools off, even when the config object says TEST_CLOCK is on', async () => {
    // loadConfig refuses TEST_CLOCK=on without DEV_TOOLS=on; the route does not rely on that alone.
    const handle = await createTestDb('pglite');
    const config = { ...testConfig(), testClock: true };
    const app = await buildApp({ config, db: handle.db, dbEngine: handle.engine, clock: new ManualClock('2026-03-10T12:00:00Z'), webRoot: null });
    try {
      const res = await app.inject({ method: 'POST', url: '/api/test/clock', payload: { advanceMs: 1000 } });
      expect(res.statusCode).toBe(404);
    } finally {
      await app.close();
      await handle.close();
    }
  });

  it('sets or advances the server clock with no sign-in; a bad body is a 400 that moves nothing', async () => {
    const t = await buildTestApp('pglite', { env: { DEV_TOOLS: 'on', TEST_CLOCK: 'on' }, now: '2026-03-10T12:00:00Z' });
    try {
      let res = await t.app.inject({ method: 'POST', url: '/api/test/clock', payload: { at: '2026-04-01T23:00:00Z' } });
      expect(res.statusCode).toBe(200);
      expect(res.json()).toEqual({ now: '2026-04-01T23:00:00.000Z' });
      res = await t.app.inject({ method: 'POST', url: '/api/test/clock', payload: { advanceMs: 3_600_000 } });
      expect(res.json()).toEqual({ now: '2026-04-02T00:00:00.000Z' });
      for (const payload of [{}, { at: 'tomorrow' }, { advanceMs: 1.5 }, { at: '2026-04-01T00:00:00Z', advanceMs: 1 }]) {
        res = await t.app.inject({ method: 'POST', url: '/api/test/clock', payload });
        expect(res.statusCode, JSON.stringify(payload)).toBe(400);
      }
      expect(t.clock.now().toISOString()).toBe('2026-04-02T00:00:00.000Z');
    } finally {
      await t.close();
    }
  });

  it(`refuses with 400 any move beyond ${TEST_CLOCK_RANGE_DAYS} days from the start, however it is asked, and moves nothing`, async () => {
    const start = '2026-03-10T12:00:00.000Z';
    const t = await buildTestApp('pglite', { env: { DEV_TOOLS: 'on', TEST_CLOCK: 'on' }, now: start });
    try {
      const at = (ms: number) => new Date(Date.parse(start) + ms).toISOString();
      const refused = [
        { advanceMs: Number.MAX_SAFE_INTEGER },
        { advanceMs: -Number.MAX_SAFE_INTEGER },
        { advanceMs: RANGE_MS + 1 },
        { at: at(RANGE_MS + 1000) },
        { at: at(-RANGE_MS - 1000) },
        { at: '9999-12-31T23:59:59Z' },
      ];
      for (const payload of refused) {
        const res = await t.app.inject({ method: 'POST', url: '/api/test/clock', payload });
        expect(res.statusCode, JSON.stringify(payload)).toBe(400);
        expect(res.json().message, JSON.stringify(payload)).toMatch(/400 days/);
      }
      expect(t.clock.now().toISOString()).toBe(start);

      // Moves that are each allowed but add up beyond the range are refused too.
      let res = await t.app.inject({ method: 'POST', url: '/api/test/clock', payload: { advanceMs: RANGE_MS - DAY } });
      expect(res.statusCode).toBe(200);
      res = await t.app.inject({ method: 'POST', url: '/api/test/clock', payload: { advanceMs: 2 * DAY } });
      expect(res.statusCode).toBe(400);
      expect(res.json().message).toContain(`between ${at(-RANGE_MS)} and ${at(RANGE_MS)}`);
      expect(t.clock.now().toISOString()).toBe(at(RANGE_MS - DAY));
    } finally {
      await t.close();
    }
  });
});

describe.each(testEngines())('after the largest move of the test clock on %s', (engine) => {
  it('signed-in calls still work', async () => {
    const t = await buildTestApp(engine, { env: { DEV_TOOLS: 'on', TEST_CLOCK: 'on' }, now: '2026-03-10T12:00:00Z' });
    try {
      // The move that used to break every signed-in call is refused and changes nothing.
      expect((await t.app.inject({ method: 'POST', url: '/api/test/clock', payload: { advanceMs: Number.MAX_SAFE_INTEGER } })).statusCode).toBe(400);
      const start = Date.parse('2026-03-10T12:00:00Z');
      for (const payload of [{ advanceMs: RANGE_MS }, { at: new Date(start - RANGE_MS).toISOString() }]) {
        const moved = await t.app.inject({ method: 'POST', url: '/api/test/clock', payload });
        expect(moved.statusCode).toBe(200);
        const { call } = await newUserWithCalls(t.app);
        for (const url of ['/api/auth/user', '/api/streak', '/api/subscription', '/api/checkins/today']) {
          expect((await call('GET', url)).status, `${url} at ${t.clock.now().toISOString()}`).toBe(200);
        }
      }
    } finally {
      await t.close();
    }
  });
});

describe('OffsetClock', () => {
  it('follows real time from the instant it was set to', () => {
    const c = new OffsetClock();
    c.set('2030-01-01T00:00:00Z');
    const a = c.now().getTime();
    expect(a).toBeGreaterThanOrEqual(Date.parse('2030-01-01T00:00:00Z'));
    expect(a).toBeLessThan(Date.parse('2030-01-01T00:00:05Z'));
    c.advance(86_400_000);
    expect(c.now().getTime() - a).toBeGreaterThanOrEqual(86_400_000);
  });
});
