import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../app';
import type { DbHandle } from '../db/client';
import { createTestDb, testEngines } from '@test/helpers/db';
import { testConfig } from '@test/helpers/app';
import { createUser, signInAs } from '@test/helpers/users';
import { listRoutes } from '@test/helpers/routes';

/** Routes a visitor may call without signing in. Everything else under /api must answer 401. */
const PUBLIC = new Set([
  'GET /api/health',
  'GET /api/version',
  'POST /api/auth/signup',
  'POST /api/auth/signin',
  'POST /api/auth/resend-verification',
  'GET /api/auth/verify-email',
  'POST /api/auth/forgot-password',
  'POST /api/auth/reset-password',
  'POST /api/auth/logout',
  'GET /api/auth/providers',
  // The client's session probe: a visitor gets 200 {user: null} (session-probe.test.ts).
  'GET /api/auth/session',
  'GET /api/auth/google',
  'GET /api/auth/google/callback',
  // Stripe posts it server to server; it proves itself by the signature (payments/stripe.test.ts).
  'POST /api/stripe/webhook',
  // The server's VAPID public key: public by design (a browser needs it to subscribe; it reveals nothing).
  'GET /api/notifications/vapid-public-key',
]);

describe.each(testEngines())('API routes on %s', (engine) => {
  let handle: DbHandle;
  let app: Awaited<ReturnType<typeof buildApp>>;

  beforeAll(async () => {
    handle = await createTestDb(engine);
    app = await buildApp({
      config: testConfig({ DEV_TOOLS: 'on' }),
      db: handle.db,
      dbEngine: handle.engine,
      webRoot: null,
      jobs: false,
    });
    await app.ready();
  });
  afterAll(async () => {
    await app.close();
    await handle.close();
  });

  it('answers 401, before validating the body, on each protected route', async () => {
    const routes = listRoutes(app.printRoutes({ commonPrefix: false }));
    expect(routes).toContainEqual({ method: 'GET', url: '/api/streak/recovery-available' });
    const protectedRoutes = routes.filter((r) => !PUBLIC.has(`${r.method} ${r.url}`));
    expect(protectedRoutes.length).toBeGreaterThan(30);
    for (const r of protectedRoutes) {
      const url = r.url.replace(/:[A-Za-z]+/g, '00000000-0000-0000-0000-000000000000');
      const withBody = r.method !== 'GET' && r.method !== 'DELETE';
      const res = await app.inject({
        method: r.method as 'GET',
        url,
        ...(withBody ? { payload: { nonsense: ['x'] } } : {}),
      });
      expect(res.statusCode, `${r.method} ${r.url}`).toBe(401);
    }
  });

  it('never answers 5xx to malformed input from a signed-in user, whatever the route', async () => {
    const routes = listRoutes(app.printRoutes({ commonPrefix: false }));
    const bodies: unknown[] = [
      {},
      [],
      'text',
      42,
      null,
      { answers: 'x', checkInTime: 7, code: ['a'], rewardType: {}, days: 'ten', lostDays: -1, freezeDays: 1e12 },
      { answers: Array(7).fill({}), journalEntries: 'x', month: '2026-13' },
      { email: 'x'.repeat(300_000), password: null, timezone: 'Mars/Olympus', token: 12 },
      // PostgreSQL refuses NUL in text: every text field must be checked before it reaches the database.
      { email: 'a\u0000@b.co', firstName: 'A\u0000', code: 'OFFER\u0000', checkInTime: '20:\u000000', timezone: 'UTC\u0000' },
    ];
    const queries = ['', '?month=2026-13', '?month=0000-01', '?month=%00', '?limit=-5', '?limit=abc', '?token=%00', '?token=' + 'x'.repeat(5000)];
    for (const tier of ['free', 'premium', 'ai-coach'] as const) {
      const user = await createUser(handle.db, { tier });
      const cookie = await signInAs(app, user);
      for (const r of routes) {
        if (r.url.startsWith('/api/auth/google')) continue; // redirects by design
        if (r.url === '/api/auth/logout') continue; // would end this test's session
        const url = r.url.replace(/:[A-Za-z]+/g, 'not-a-uuid');
        for (const q of r.method === 'GET' ? queries : ['']) {
          for (const body of r.method === 'GET' ? [undefined] : bodies) {
            const res = await app.inject({
              method: r.method as 'GET',
              url: url + q,
              headers: { cookie, ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
              ...(body === undefined ? {} : { payload: JSON.stringify(body) }),
            });
            expect(res.statusCode, `${r.method} ${url + q.slice(0, 40)} ${JSON.stringify(body)?.slice(0, 60)}: ${res.body.slice(0, 200)}`).toBeLessThan(500);
            if (res.statusCode >= 400) expect(typeof res.json().message).toBe('string');
          }
        }
      }
    }
  }, 120_000); // every route × every bad body × three tiers: grows with each module
});
