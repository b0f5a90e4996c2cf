import { randomBytes } from 'node:crypto';
import type { InjectOptions } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '@test/helpers/app';
import { testEngines } from '@test/helpers/db';
import { AUTH_IP_LIMIT } from './rate-limit';

const WINDOW_S = 15 * 60;
const PASSWORD = 'Passw0rd!';

/** One call to every auth route that draws from the per-IP budget. */
const AUTH_CALLS: Array<[string, Omit<InjectOptions, 'remoteAddress' | 'headers'>]> = [
  ['signup', { method: 'POST', url: '/api/auth/signup', payload: { firstName: 'Late', email: 'late@example.com', password: PASSWORD } }],
  ['signin', { method: 'POST', url: '/api/auth/signin', payload: { email: 'late@example.com', password: PASSWORD } }],
  ['resend-verification', { method: 'POST', url: '/api/auth/resend-verification', payload: { email: 'late@example.com' } }],
  ['verify-email', { method: 'GET', url: '/api/auth/verify-email?token=abc' }],
  ['forgot-password', { method: 'POST', url: '/api/auth/forgot-password', payload: { email: 'late@example.com' } }],
  ['reset-password', { method: 'POST', url: '/api/auth/reset-password', payload: { token: 'abc', password: PASSWORD } }],
  ['google', { method: 'GET', url: '/api/auth/google?flow=login' }],
  ['google/callback', { method: 'GET', url: '/api/auth/google/callback?code=x&state=y' }],
];

function expectLimited(res: { statusCode: number; json(): { message: string }; headers: Record<string, unknown> }, name: string) {
  expect(res.statusCode, name).toBe(429);
  expect(res.json().message, name).toBe('Too Many Requests');
  const retryAfter = Number(res.headers['retry-after']);
  expect(retryAfter, name).toBeGreaterThan(0);
  expect(retryAfter, name).toBeLessThanOrEqual(WINDOW_S);
}

describe.each(testEngines())('one per-IP budget for all auth routes on %s', (engine) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp(engine);
  });
  afterAll(async () => t?.close());

  it('60 sign-ups and 40 forgot-passwords use up the 100; the next call to any auth route is 429', async () => {
    expect(AUTH_IP_LIMIT.max).toBe(100);
    const remoteAddress = '198.51.100.23';
    for (let i = 0; i < 60; i++) {
      const res = await t.app.inject({
        method: 'POST',
        url: '/api/auth/signup',
        remoteAddress,
        payload: { firstName: 'Mix', email: `mix${i}@example.com`, password: PASSWORD },
      });
      expect(res.statusCode).toBe(201);
    }
    for (let i = 0; i < 40; i++) {
      const res = await t.app.inject({
        method: 'POST',
        url: '/api/auth/forgot-password',
        remoteAddress,
        payload: { email: `mix${i}@example.com` },
      });
      expect(res.statusCode).toBe(200);
    }
    for (const [name, call] of AUTH_CALLS) expectLimited(await t.app.inject({ ...call, remoteAddress }), name);

    // Another client still has its whole budget, on every route.
    for (const [name, call] of AUTH_CALLS) {
      const res = await t.app.inject({ ...call, remoteAddress: '198.51.100.24' });
      expect(res.statusCode, name).not.toBe(429);
    }
    // Reading the session and logging out are not auth attempts: never limited.
    expect((await t.app.inject({ method: 'GET', url: '/api/auth/user', remoteAddress })).statusCode).toBe(401);
    expect((await t.app.inject({ method: 'POST', url: '/api/auth/logout', remoteAddress })).statusCode).toBe(200);
  });

  it('refused and invalid requests count too', async () => {
    const remoteAddress = '198.51.100.25';
    for (let i = 0; i < 100; i++) {
      const res = await t.app.inject({ method: 'POST', url: '/api/auth/signin', remoteAddress, payload: {} });
      expect(res.statusCode).toBe(400);
    }
    expectLimited(await t.app.inject({ method: 'GET', url: '/api/auth/verify-email?token=abc', remoteAddress }), 'verify-email');
  });
});

/**
 * With REDIS_URL, the per-IP limit is shared by every instance: 100 calls on one instance use up the
 * allowance on another. Runs when TEST_REDIS_URL points at a Redis server (.ci/run starts the local one).
 */
const redisUrl = process.env.TEST_REDIS_URL;

describe.runIf(redisUrl)('rate limits shared through Redis', () => {
  let a: TestApp;
  let b: TestApp;
  beforeAll(async () => {
    const env = { REDIS_URL: redisUrl!, TRUST_PROXY: '127.0.0.1' }; // the test's requests come from 127.0.0.1, the trusted proxy
    a = await buildTestApp('pglite', { env });
    b = await buildTestApp('pglite', { env });
  });
  afterAll(async () => {
    await a?.close();
    await b?.close();
  });

  // A fresh client address per run, so earlier runs' counters in Redis do not matter.
  const freshIp = () => `10.${randomBytes(1)[0]}.${randomBytes(1)[0]}.${randomBytes(1)[0]}`;

  it('counts one client across two instances', async () => {
    const ip = freshIp();
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

  it('one budget across routes and instances: sign-ups on one, forgot-passwords on the other', async () => {
    const ip = freshIp();
    for (let i = 0; i < 60; i++) {
      const res = await a.app.inject({
        method: 'POST',
        url: '/api/auth/signup',
        headers: { 'x-forwarded-for': ip },
        payload: { firstName: 'Mix', email: `redis-mix${i}-${ip}@example.com`, password: PASSWORD },
      });
      expect(res.statusCode).toBe(201);
    }
    for (let i = 0; i < 40; i++) {
      const res = await b.app.inject({
        method: 'POST',
        url: '/api/auth/forgot-password',
        headers: { 'x-forwarded-for': ip },
        payload: { email: `redis-mix${i}@example.com` },
      });
      expect(res.statusCode).toBe(200);
    }
    for (const [name, call] of AUTH_CALLS) {
      expectLimited(await a.app.inject({ ...call, headers: { 'x-forwarded-for': ip } }), `${name} on a`);
      expectLimited(await b.app.inject({ ...call, headers: { 'x-forwarded-for': ip } }), `${name} on b`);
    }
  });
});
