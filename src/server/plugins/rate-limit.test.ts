import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../../test/helpers/app';

/**
 * With REDIS_URL, the per-IP limit is shared by every instance: 100 calls on one instance use up the
 * allowance on another. Runs when TEST_REDIS_URL points at a Redis server (.ci/run starts the local one).
 */
const redisUrl = process.env.TEST_REDIS_URL;

describe.runIf(redisUrl)('rate limits shared through Redis', () => {
  let a: TestApp;
  let b: TestApp;
  beforeAll(async () => {
    const env = { REDIS_URL: redisUrl!, TRUST_PROXY: 'on' };
    a = await buildTestApp('pglite', { env });
    b = await buildTestApp('pglite', { env });
  });
  afterAll(async () => {
    await a?.close();
    await b?.close();
  });

  it('counts one client across two instances', async () => {
    // A fresh client address per run, so earlier runs' counters in Redis do not matter.
    const ip = `10.${randomBytes(1)[0]}.${randomBytes(1)[0]}.${randomBytes(1)[0]}`;
    const call = (t: TestApp) =>
      t.app.inject({
        method: 'POST',
        url: '/api/auth/forgot-password',
        headers: { 'x-forwarded-for': ip },
        payload: { email: 'someone@example.com' },
      });
    for (let i = 0; i < 100; i++) {
      const res = await call(i % 2 === 0 ? a : b);
      expect(res.statusCode).toBe(200);
    }
    const limited = await call(b);
    expect(limited.statusCode).toBe(429);
    expect(limited.json().message).toContain('Too Many Requests');
    expect(Number(limited.headers['retry-after'])).toBeGreaterThan(0);
    // Another client is not affected.
    const other = await b.app.inject({
      method: 'POST',
      url: '/api/auth/forgot-password',
      headers: { 'x-forwarded-for': '192.0.2.77' },
      payload: { email: 'someone@example.com' },
    });
    expect(other.statusCode).not.toBe(429);
  });
});
