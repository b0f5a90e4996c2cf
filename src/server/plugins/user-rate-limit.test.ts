import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, startAppWithPushService, type TestApp } from '@test/helpers/app';
import { testEngines } from '@test/helpers/db';
import { createUser, signInAs } from '@test/helpers/users';
import type { FakePushService } from '@test/fakes/push-service';
import { USER_LIMITS } from './rate-limit';

/**
 * Issue 31, finding 5: the routes that cost money or send things are limited per user by the one rate limiter
 * (shared through Redis when REDIS_URL is set): 429 with Retry-After and a sentence; real use is untouched (at
 * least 20 device registrations, 10 test sends and 20 checkout starts per hour); another user keeps their budget.
 */
interface Route {
  name: keyof typeof USER_LIMITS;
  url: string;
  /** The payload of call i (valid: the limiter counts requests that pass validation). */
  payload?: (i: number) => object;
}

describe.each(testEngines())('per-user limits on %s', (engine) => {
  let t: TestApp;
  let push: FakePushService;
  beforeAll(async () => { ({ t, push } = await startAppWithPushService(engine, '2026-03-10T12:00:00Z')); });
  afterAll(async () => { await Promise.all([t?.close(), push?.close()]); });

  const routes: Route[] = [
    { name: 'registerToken', url: '/api/notifications/register-token', payload: () => ({ token: push.subscribe().toJSON() }) },
    { name: 'sendTest', url: '/api/notifications/send-test' },
    { name: 'triggerCheckIn', url: '/api/notifications/trigger-checkin' },
    { name: 'checkout', url: '/api/stripe/create-checkout-session', payload: () => ({ productType: 'freeze_day' }) },
    { name: 'processPayment', url: '/api/stripe/process-payment', payload: (i) => ({ sessionId: `cs_test_nothing_${i}` }) },
    { name: 'couponRedeem', url: '/api/coupons/redeem', payload: (i) => ({ code: `NOPE${i}` }) },
    { name: 'feedback', url: '/api/feedback', payload: (i) => ({ message: `The app is lovely, note ${i}.` }) },
  ];

  it('the limits leave real use untouched', () => {
    expect(USER_LIMITS.registerToken.max).toBeGreaterThanOrEqual(20);
    expect(USER_LIMITS.sendTest.max).toBeGreaterThanOrEqual(10);
    expect(USER_LIMITS.checkout.max).toBeGreaterThanOrEqual(20);
    for (const l of Object.values(USER_LIMITS)) expect(l.timeWindow).toBe('1 hour');
  });

  it.each(routes)('$url: the limit, then 429 with Retry-After and a sentence; another user is not affected', async (route) => {
    const limit = USER_LIMITS[route.name];
    const user = await createUser(t.app.db, { timezone: 'UTC', createdAt: new Date('2025-01-01T00:00:00Z') });
    const cookie = await signInAs(t.app, user);
    const call = (c: string, i: number) =>
      t.app.inject({ method: 'POST', url: route.url, headers: { cookie: c }, ...(route.payload ? { payload: route.payload(i) } : {}) });
    // send-test and trigger-checkin need a device to succeed.
    if (route.name === 'sendTest' || route.name === 'triggerCheckIn') {
      await t.app.inject({ method: 'POST', url: '/api/notifications/register-token', headers: { cookie }, payload: { token: push.subscribe().toJSON() } });
    }
    for (let i = 0; i < limit.max; i++) {
      const res = await call(cookie, i);
      expect(res.statusCode, `${route.url} #${i + 1}: ${res.body}`).not.toBe(429);
      expect(res.statusCode, `${route.url} #${i + 1}: ${res.body}`).toBeLessThan(500);
    }
    const over = await call(cookie, limit.max);
    expect(over.statusCode).toBe(429);
    const retryAfter = Number(over.headers['retry-after']);
    expect(retryAfter).toBeGreaterThan(0);
    expect(retryAfter).toBeLessThanOrEqual(3600);
    expect(over.json().message).toMatch(new RegExp(`^You have reached the limit of ${limit.max} ${limit.what} per hour\\. Please try again in (\\d+ minutes?|1 hour)\\.$`));

    const other = await signInAs(t.app, await createUser(t.app.db, { timezone: 'UTC', createdAt: new Date('2025-01-01T00:00:00Z') }));
    expect((await call(other, 1000)).statusCode).not.toBe(429);
  });
});

/**
 * With REDIS_URL the per-user counters are shared by every instance. Runs when TEST_REDIS_URL points at a Redis
 * server (the same user id on two instances: their counts add up).
 */
const redisUrl = process.env.TEST_REDIS_URL;
describe.runIf(redisUrl)('per-user limits shared through Redis', () => {
  let a: TestApp;
  let b: TestApp;
  beforeAll(async () => {
    a = await buildTestApp('pglite', { env: { REDIS_URL: redisUrl! } });
    b = await buildTestApp('pglite', { env: { REDIS_URL: redisUrl! } });
  });
  afterAll(async () => {
    await a?.close();
    await b?.close();
  });

  it('send-test: one user\'s budget is spent across two instances', async () => {
    const id = randomUUID(); // fresh per run, so earlier runs' counters in Redis do not matter
    const cookies = await Promise.all([a, b].map(async (t) => signInAs(t.app, await createUser(t.app.db, { id }))));
    const call = (i: number) => [a, b][i % 2]!.app.inject({ method: 'POST', url: '/api/notifications/send-test', headers: { cookie: cookies[i % 2]! } });
    for (let i = 0; i < USER_LIMITS.sendTest.max; i++) expect((await call(i)).statusCode).toBe(409); // no device: counted, not limited
    const over = await call(USER_LIMITS.sendTest.max);
    expect(over.statusCode).toBe(429);
    expect(Number(over.headers['retry-after'])).toBeGreaterThan(0);
  });
});
