import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '@test/helpers/app';
import { testEngines } from '@test/helpers/db';
import { createUser, newUserWithCalls } from '@test/helpers/users';

/** Without Stripe keys: the built-in TEST MODE checkout, fulfilled through the same path as Stripe's. */
describe.each(testEngines())('the built-in test checkout on %s', (engine) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp(engine, { now: '2026-03-10T12:00:00Z' });
  });
  afterAll(async () => t.close());

  const newUser = (overrides: Parameters<typeof createUser>[1] = {}) => newUserWithCalls(t.app, overrides);

  const sessionOf = (url: string) => new URL(url, 'http://x').searchParams.get('session_id')!;

  it('a shield end to end: checkout → test page → Pay → success URL → process-payment, granted once', async () => {
    const { call } = await newUser();
    const start = await call('POST', '/api/stripe/create-checkout-session', { productType: 'freeze_day' });
    expect(start.status).toBe(200);
    expect(start.body.url).toMatch(/^\/test-checkout\?session_id=test_session_[A-Za-z0-9]+$/);
    const id = sessionOf(start.body.url);
    const page = await call('GET', `/api/stripe/test-checkout/${id}`);
    expect(page.body).toEqual({
      id,
      productType: 'freeze_day',
      tier: null,
      description: '1 Streak Shield',
      amount: 0.99,
      recurring: false,
      status: 'open',
      cancelUrl: '/streak?payment=cancelled',
    });
    // Not paid yet: nothing to process.
    expect((await call('POST', '/api/stripe/process-payment', { sessionId: id, paymentType: 'shield' })).status).toBe(409);
    const paid = await call('POST', `/api/stripe/test-checkout/${id}/pay`);
    expect(paid.status).toBe(200);
    expect(paid.body.url).toBe(`/payment-success?session_id=${id}&type=shield`);
    // Pay already fulfilled it (as Stripe's webhook would); the success page's call grants nothing more.
    const processed = await call('POST', '/api/stripe/process-payment', { sessionId: id, paymentType: 'shield' });
    expect(processed.body).toMatchObject({ success: true, type: 'shield', alreadyProcessed: true });
    expect((await call('POST', `/api/stripe/test-checkout/${id}/pay`)).body.url).toBe(paid.body.url);
    expect((await call('GET', '/api/streak')).body.freezeDaysRemaining).toBe(1);
    const history = (await call('GET', '/api/purchase-history')).body;
    expect(history).toHaveLength(1);
    expect(history[0]).toMatchObject({ type: 'shield', amount: 0.99, status: 'completed', description: '1 Streak Shield' });
    expect((await call('POST', `/api/stripe/test-checkout/${id}/cancel`)).status).toBe(409);
  });

  it('cancel returns to the cancel URL and nothing is granted; a cancelled session cannot be paid', async () => {
    const { call } = await newUser();
    const start = await call('POST', '/api/stripe/create-checkout-session', { productType: 'subscription', tier: 'premium' });
    const id = sessionOf(start.body.url);
    expect((await call('GET', `/api/stripe/test-checkout/${id}`)).body).toMatchObject({ amount: 4.99, recurring: true, tier: 'premium' });
    const cancel = await call('POST', `/api/stripe/test-checkout/${id}/cancel`);
    expect(cancel.body.url).toBe('/upgrade?payment=cancelled');
    expect((await call('POST', `/api/stripe/test-checkout/${id}/pay`)).status).toBe(409);
    expect((await call('GET', '/api/subscription')).body.tier).toBe('free');
    expect((await call('GET', '/api/purchase-history')).body).toEqual([]);
  });

  it("another user's test session is not found; unknown ids are not found", async () => {
    const a = await newUser();
    const b = await newUser();
    const id = sessionOf((await a.call('POST', '/api/stripe/create-checkout-session', { productType: 'freeze_day' })).body.url);
    expect((await b.call('GET', `/api/stripe/test-checkout/${id}`)).status).toBe(404);
    expect((await b.call('POST', `/api/stripe/test-checkout/${id}/pay`)).status).toBe(404);
    expect((await a.call('POST', `/api/stripe/test-checkout/${id}/pay`)).status).toBe(200);
    expect((await b.call('POST', '/api/stripe/process-payment', { sessionId: id })).status).toBe(404);
    expect((await a.call('POST', '/api/stripe/process-payment', { sessionId: 'cs_test_123' })).status).toBe(404);
    expect((await b.call('GET', '/api/streak')).body.freezeDaysRemaining).toBe(0);
    expect((await a.call('POST', '/api/stripe/portal')).status).toBe(404);
    // PostgreSQL text cannot hold NUL: refused before the database.
    expect((await a.call('GET', '/api/stripe/test-checkout/test_session_%00')).status).toBe(400);
    expect((await a.call('POST', '/api/stripe/test-checkout/x%00/pay')).status).toBe(400);
  });

  it('a premium subscription through the test checkout, then a downgrade to free at once', async () => {
    t.clock.set('2026-03-10T12:00:00Z');
    const { call } = await newUser();
    const id = sessionOf((await call('POST', '/api/stripe/create-checkout-session', { productType: 'subscription', tier: 'premium' })).body.url);
    const paid = await call('POST', `/api/stripe/test-checkout/${id}/pay`);
    expect(paid.body.url).toBe(`/payment-success?session_id=${id}&type=subscription`);
    const processed = await call('POST', '/api/stripe/process-payment', { sessionId: id, paymentType: 'subscription' });
    expect(processed.body).toMatchObject({ success: true, message: 'Your membership has been upgraded successfully' });
    expect((await call('GET', '/api/subscription')).body).toMatchObject({
      tier: 'premium',
      billing: { tier: 'premium', periodEnd: '2026-04-10T12:00:00.000Z', renews: true, manageable: false },
    });
    expect((await call('GET', '/api/streak')).body.freezeDaysRemaining).toBe(5);
    const down = await call('POST', '/api/stripe/create-checkout-session', { productType: 'subscription', tier: 'free' });
    expect(down.body).toMatchObject({ success: true, tier: 'free' });
    expect((await call('GET', '/api/subscription')).body).toMatchObject({ tier: 'free', billing: null });
    // Data (shields) is kept.
    expect((await call('GET', '/api/streak')).body.freezeDaysRemaining).toBe(5);
  });

  it('a paid tier bought during a higher trial keeps the trial, which then returns to the paid tier', async () => {
    t.clock.set('2026-03-10T12:00:00Z');
    const { call } = await newUser();
    await call('POST', '/api/coupons/redeem', { code: 'OFFERAI30' });
    const id = sessionOf((await call('POST', '/api/stripe/create-checkout-session', { productType: 'subscription', tier: 'ad-free' })).body.url);
    await call('POST', `/api/stripe/test-checkout/${id}/pay`);
    expect((await call('GET', '/api/subscription')).body).toMatchObject({ tier: 'ai-coach', previousTier: 'ad-free', billing: { tier: 'ad-free' } });
    t.clock.set('2026-04-09T13:00:00Z'); // the trial ended (30 days), the paid month has not
    expect((await call('GET', '/api/subscription')).body).toMatchObject({ tier: 'ad-free', trialJustExpired: 'ai-coach' });
  });

  it('without a session id, process-payment says so', async () => {
    const { call } = await newUser();
    const r = await call('POST', '/api/stripe/process-payment', {});
    expect(r.status).toBe(400);
    expect((await call('POST', '/api/stripe/process-payment', { sessionId: 'x', paymentType: 'gold' })).status).toBe(400);
    // The webhook is off without Stripe.
    const wh = await t.app.inject({ method: 'POST', url: '/api/stripe/webhook', headers: { 'content-type': 'application/json' }, payload: '{}' });
    expect(wh.statusCode).toBe(404);
  });

  it('the CSP form-action is the app only without Stripe', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/health' });
    expect(String(res.headers['content-security-policy'])).toContain("form-action 'self';");
  });
});

/** Issue 31, finding 7: production without Stripe sells nothing for free, unless PAYMENTS_TEST_MODE=on says so. */
describe.each(testEngines())('production without Stripe on %s', (engine) => {
  const production = { NODE_ENV: 'production', APP_URL: 'https://big7.example' };

  it('checkout answers 503, the test checkout is closed, nothing is granted, and the subscription says so', async () => {
    const t = await buildTestApp(engine, { env: production });
    try {
      const { call } = await newUserWithCalls(t.app);
      for (const body of [{ productType: 'freeze_day' }, { productType: 'subscription', tier: 'premium' }]) {
        const r = await call('POST', '/api/stripe/create-checkout-session', body);
        expect(r.status).toBe(503);
        expect(r.body.message).toBe('Payments are not set up on this server');
      }
      expect((await call('POST', '/api/stripe/test-checkout/test_session_abc/pay')).status).toBe(503);
      expect((await call('GET', '/api/streak')).body.freezeDaysRemaining).toBe(0);
      expect((await call('GET', '/api/purchase-history')).body).toEqual([]);
      expect((await call('GET', '/api/subscription')).body).toMatchObject({ tier: 'free', paymentsUnavailable: true });
      // The dashboard's copy of it seeds the membership screen: it says the same.
      expect((await call('GET', '/api/dashboard')).body.subscription).toEqual((await call('GET', '/api/subscription')).body);
    } finally {
      await t.close();
    }
  }, 180_000);

  it('PAYMENTS_TEST_MODE=on opens the test checkout again and logs a warning at start-up', async () => {
    const lines: string[] = [];
    const stream = { write: (l: string) => void lines.push(l) };
    const t = await buildTestApp(engine, { env: { ...production, PAYMENTS_TEST_MODE: 'on' }, logger: { level: 'warn', stream } });
    try {
      expect(lines.some((l) => l.includes('PAYMENTS_TEST_MODE=on'))).toBe(true);
      const { call } = await newUserWithCalls(t.app);
      const start = await call('POST', '/api/stripe/create-checkout-session', { productType: 'freeze_day' });
      expect(start.status).toBe(200);
      expect(start.body.url).toMatch(/^\/test-checkout\?session_id=test_session_/);
      expect((await call('GET', '/api/subscription')).body.paymentsUnavailable).toBeUndefined();
      expect((await call('GET', '/api/dashboard')).body.subscription.paymentsUnavailable).toBeUndefined();
    } finally {
      await t.close();
    }
  }, 180_000);
});
