import { describe, expect, it } from 'vitest';
import { buildTestApp } from '../../../../test/helpers/app';
import { OffsetClock } from '../../plugins/clock';

describe('POST /api/test/clock', () => {
  it('answers 404 unless TEST_CLOCK is on', async () => {
    const t = await buildTestApp('pglite');
    try {
      const res = await t.app.inject({ method: 'POST', url: '/api/test/clock', payload: { advanceMs: 1000 } });
      expect(res.statusCode).toBe(404);
    } finally {
      await t.close();
    }
  });

  it('sets or advances the server clock with TEST_CLOCK=on; a bad body is a 400 that moves nothing', async () => {
    const t = await buildTestApp('pglite', { env: { TEST_CLOCK: 'on' }, now: '2026-03-10T12:00:00Z' });
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
