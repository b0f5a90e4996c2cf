import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import Stripe from 'stripe';
import { buildTestApp, type TestApp } from '@test/helpers/app';
import { testEngines } from '@test/helpers/db';
import { createUser, newUserWithCalls, signInAs } from '@test/helpers/users';
import { FakeStripe, type Params } from '@test/fakes/stripe';
import { jobs, purchases, streakLedger, tierChanges } from '@server/db/schema/index';
import { JOB_KINDS } from '@server/jobs/kinds';
import { rolloverTick } from '@server/jobs/rollover';

const SECRET = 'whsec_test_secret';
const DAY = 86_400_000;
const signer = new Stripe('sk_test_signer');

describe.each(testEngines())('Stripe payments against a fake Stripe API on %s', (engine) => {
  let t: TestApp;
  let fake: FakeStripe;
  beforeAll(async () => {
    fake = await new FakeStripe().start();
    t = await buildTestApp(engine, {
      now: '2026-03-10T12:00:00Z',
      // Developer tools on: a lost streak to recover is made with /api/dev/create-lost-streak.
      env: { STRIPE_SECRET_KEY: 'sk_test_fake', STRIPE_WEBHOOK_SECRET: SECRET, STRIPE_API_URL: fake.url, DEV_TOOLS: 'on' },
    });
  });
  afterAll(async () => {
    await t.close();
    await fake.stop();
  });

  const newUser = (overrides: Parameters<typeof createUser>[1] = {}) => newUserWithCalls(t.app, overrides);

  let evtSeq = 0;
  /** Posts a Stripe event to the webhook, signed with the secret (or another one). */
  async function webhook(type: string, object: unknown, secret = SECRET) {
    const payload = JSON.stringify({ id: `evt_${++evtSeq}`, object: 'event', type, api_version: '2026-10-28.endive', created: 1, data: { object } });
    const header = signer.webhooks.generateTestHeaderString({ payload, secret });
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/stripe/webhook',
      headers: { 'content-type': 'application/json', 'stripe-signature': header, origin: 'https://evil.example' },
      payload,
    });
    return { status: res.statusCode, body: res.json() };
  }

  async function checkout(call: Awaited<ReturnType<typeof newUser>>['call'], body: object) {
    const r = await call('POST', '/api/stripe/create-checkout-session', body);
    expect(r.status, JSON.stringify(r.body)).toBe(200);
    const id = new URL(r.body.url).pathname.split('/').pop()!;
    return { id, url: r.body.url as string };
  }

  const lastCreate = (): Params => fake.calls('POST /v1/checkout/sessions').at(-1)!.params;

  it('creates Checkout Sessions with the right mode, inline prices, metadata and return addresses', async () => {
    const { user, call } = await newUser();
    const expected = [
      { body: { productType: 'subscription', tier: 'ad-free' }, amount: '99', mode: 'subscription', type: 'subscription', cancel: '/upgrade?payment=cancelled' },
      { body: { productType: 'subscription', tier: 'premium' }, amount: '499', mode: 'subscription', type: 'subscription', cancel: '/upgrade?payment=cancelled' },
      { body: { productType: 'subscription', tier: 'ai-coach' }, amount: '999', mode: 'subscription', type: 'subscription', cancel: '/upgrade?payment=cancelled' },
      { body: { productType: 'freeze_day' }, amount: '99', mode: 'payment', type: 'shield', cancel: '/streak?payment=cancelled' },
    ];
    for (const e of expected) {
      const { url } = await checkout(call, e.body);
      expect(url).toMatch(/^https:\/\/checkout\.stripe\.com\/c\/pay\/cs_test_/);
      const p = lastCreate();
      expect(p.mode).toBe(e.mode);
      const item = (p.line_items as Params[])[0]!;
      const price = item.price_data as Params;
      expect(price).toMatchObject({ currency: 'usd', unit_amount: e.amount });
      if (e.mode === 'subscription') expect(price.recurring).toEqual({ interval: 'month' });
      else expect(price.recurring).toBeUndefined();
      expect(p.metadata).toMatchObject({ userId: user.id, productType: e.body.productType });
      if ('tier' in e.body) expect((p.metadata as Params).tier).toBe(e.body.tier);
      expect(p.success_url).toBe(`http://localhost:3000/payment-success?session_id={CHECKOUT_SESSION_ID}&type=${e.type}`);
      expect(p.cancel_url).toBe(`http://localhost:3000${e.cancel}`);
      expect(p.customer).toMatch(/^cus_/);
    }
    // One Stripe customer per user, reused.
    expect(fake.calls('POST /v1/customers')).toHaveLength(1);
  });

  it('streak recovery: $9.99 in payment mode when a recovery is available, 409 otherwise', async () => {
    const { call } = await newUser();
    const refused = await call('POST', '/api/stripe/create-checkout-session', { productType: 'streak_recovery' });
    expect(refused.status).toBe(409);
    expect(refused.body.message).toBe('There is no lost streak to recover right now');
    await call('POST', '/api/dev/create-lost-streak', { lostDays: 12 });
    await checkout(call, { productType: 'streak_recovery' });
    const p = lastCreate();
    expect(p.mode).toBe('payment');
    expect((p.line_items as Params[])[0]!.price_data).toMatchObject({ unit_amount: '999', currency: 'usd' });
    expect(p.cancel_url).toBe('http://localhost:3000/streak?payment=cancelled');
    expect(p.success_url).toContain('&type=recovery');
  });

  it('refuses bad products, therapy and signed-out callers', async () => {
    const { call } = await newUser();
    const before = fake.calls('POST /v1/checkout/sessions').length;
    expect((await call('POST', '/api/stripe/create-checkout-session', { productType: 'gold' })).status).toBe(400);
    expect((await call('POST', '/api/stripe/create-checkout-session', { productType: 'subscription', tier: 'platinum' })).status).toBe(400);
    expect((await call('POST', '/api/stripe/create-checkout-session', { productType: 'subscription' })).status).toBe(400);
    const therapy = await call('POST', '/api/stripe/create-checkout-session', { productType: 'subscription', tier: 'therapy' });
    expect(therapy.status).toBe(400);
    expect(therapy.body.message).toMatch(/coming soon/i);
    const anon = await t.app.inject({ method: 'POST', url: '/api/stripe/create-checkout-session', payload: { productType: 'freeze_day' } });
    expect(anon.statusCode).toBe(401);
    expect(fake.calls('POST /v1/checkout/sessions').length).toBe(before);
  });

  it('process-payment: unpaid → 409, another user → 404, unknown → 404; nothing granted', async () => {
    const a = await newUser();
    const b = await newUser();
    const { id } = await checkout(a.call, { productType: 'freeze_day' });
    const unpaid = await a.call('POST', '/api/stripe/process-payment', { sessionId: id, paymentType: 'shield' });
    expect(unpaid.status).toBe(409);
    expect(unpaid.body.message).toBe('Payment not completed');
    fake.complete(id);
    expect((await b.call('POST', '/api/stripe/process-payment', { sessionId: id, paymentType: 'shield' })).status).toBe(404);
    expect((await a.call('POST', '/api/stripe/process-payment', { sessionId: 'cs_test_nope', paymentType: 'shield' })).status).toBe(404);
    expect((await a.call('POST', '/api/stripe/process-payment', { sessionId: 'test_session_abc', paymentType: 'shield' })).status).toBe(404);
    expect((await a.call('POST', '/api/stripe/process-payment', { sessionId: '', paymentType: 'shield' })).status).toBe(400);
    expect((await a.call('GET', '/api/streak')).body.freezeDaysRemaining).toBe(0);
    expect((await b.call('GET', '/api/streak')).body.freezeDaysRemaining).toBe(0);
    expect((await a.call('GET', '/api/purchase-history')).body).toEqual([]);
    // Then the owner processes it: one shield, one completed purchase.
    const ok = await a.call('POST', '/api/stripe/process-payment', { sessionId: id, paymentType: 'shield' });
    expect(ok.status).toBe(200);
    expect(ok.body).toEqual({ success: true, type: 'shield', message: 'Your shield has been added to your account', alreadyProcessed: false });
    expect((await a.call('GET', '/api/streak')).body.freezeDaysRemaining).toBe(1);
  });

  it('a wrong signature → 400 and nothing changes', async () => {
    const { user, call } = await newUser();
    const { id } = await checkout(call, { productType: 'freeze_day' });
    fake.complete(id);
    const bad = await webhook('checkout.session.completed', fake.sessionObject(id), 'whsec_wrong');
    expect(bad.status).toBe(400);
    const unsigned = await t.app.inject({
      method: 'POST',
      url: '/api/stripe/webhook',
      headers: { 'content-type': 'application/json' },
      payload: JSON.stringify({ type: 'checkout.session.completed', data: { object: fake.sessionObject(id) } }),
    });
    expect(unsigned.statusCode).toBe(400);
    expect((await call('GET', '/api/streak')).body.freezeDaysRemaining).toBe(0);
    expect(await t.app.db.select().from(purchases).where(eq(purchases.userId, user.id))).toEqual([]);
  });

  it('one payment delivered by 10 concurrent webhooks and 3 process-payment calls grants once, one history row', async () => {
    const { user, call } = await newUser();
    const { id } = await checkout(call, { productType: 'freeze_day' });
    fake.complete(id);
    const results = await Promise.all([
      ...Array.from({ length: 10 }, () => webhook('checkout.session.completed', fake.sessionObject(id))),
      ...Array.from({ length: 3 }, () => call('POST', '/api/stripe/process-payment', { sessionId: id, paymentType: 'shield' })),
    ]);
    expect(results.map((r) => r.status)).toEqual(results.map(() => 200));
    expect((await call('GET', '/api/streak')).body.freezeDaysRemaining).toBe(1);
    const history = (await call('GET', '/api/purchase-history')).body;
    expect(history).toEqual([
      { id: expect.any(String), type: 'shield', description: '1 Streak Shield', date: expect.any(String), amount: 0.99, status: 'completed' },
    ]);
    const grants = await t.app.db.select().from(streakLedger).where(eq(streakLedger.userId, user.id));
    expect(grants.filter((g) => g.reason === 'purchase')).toHaveLength(1);
    // Later deliveries change nothing either.
    expect((await webhook('checkout.session.async_payment_succeeded', fake.sessionObject(id))).status).toBe(200);
    const again = await call('POST', '/api/stripe/process-payment', { sessionId: id, paymentType: 'shield' });
    expect(again.body.alreadyProcessed).toBe(true);
    expect((await call('GET', '/api/streak')).body.freezeDaysRemaining).toBe(1);
  });

  it('a paid recovery restores the lost streak once', async () => {
    const { call } = await newUser();
    await call('POST', '/api/dev/create-lost-streak', { lostDays: 12 });
    const { id } = await checkout(call, { productType: 'streak_recovery' });
    fake.complete(id);
    await Promise.all([
      webhook('checkout.session.completed', fake.sessionObject(id)),
      call('POST', '/api/stripe/process-payment', { sessionId: id, paymentType: 'recovery' }),
    ]);
    const streak = (await call('GET', '/api/streak')).body;
    expect(streak.currentStreak).toBe(12);
    expect(streak.recoveryAvailable).toBe(false);
    expect((await call('GET', '/api/streak/recovery-payments')).body.recoveryDates.length).toBeGreaterThan(0);
    expect((await call('GET', '/api/purchase-history')).body.map((p: { type: string; amount: number }) => [p.type, p.amount])).toEqual([
      ['streak_recovery', 9.99],
    ]);
  });

  it('an async payment: pending on completion, granted once when it succeeds; a failed one stays ungranted', async () => {
    const { call } = await newUser();
    const { id } = await checkout(call, { productType: 'freeze_day' });
    fake.complete(id, 'unpaid');
    await webhook('checkout.session.completed', fake.sessionObject(id));
    expect((await call('GET', '/api/purchase-history')).body.map((p: { status: string }) => p.status)).toEqual(['pending']);
    expect((await call('POST', '/api/stripe/process-payment', { sessionId: id })).status).toBe(409);
    expect((await call('GET', '/api/streak')).body.freezeDaysRemaining).toBe(0);
    fake.complete(id, 'paid');
    await Promise.all([1, 2, 3].map(() => webhook('checkout.session.async_payment_succeeded', fake.sessionObject(id))));
    expect((await call('GET', '/api/purchase-history')).body.map((p: { status: string }) => p.status)).toEqual(['completed']);
    expect((await call('GET', '/api/streak')).body.freezeDaysRemaining).toBe(1);

    const other = await checkout(call, { productType: 'freeze_day' });
    fake.complete(other.id, 'unpaid');
    await webhook('checkout.session.completed', fake.sessionObject(other.id));
    await webhook('checkout.session.async_payment_failed', fake.sessionObject(other.id));
    expect((await call('GET', '/api/purchase-history')).body.map((p: { status: string }) => p.status).sort()).toEqual(['completed', 'failed']);
    expect((await call('GET', '/api/streak')).body.freezeDaysRemaining).toBe(1);
  });

  it('a recovery paid after the offer closed is recorded, not applied, and says to contact support', async () => {
    const { call } = await newUser();
    await call('POST', '/api/dev/create-lost-streak', { lostDays: 12 });
    const { id } = await checkout(call, { productType: 'streak_recovery' });
    expect((await call('POST', '/api/streak/decline-recovery')).status).toBe(200);
    fake.complete(id);
    const r = await call('POST', '/api/stripe/process-payment', { sessionId: id, paymentType: 'recovery' });
    expect(r.status).toBe(409);
    expect(r.body.message).toMatch(/contact support/);
    expect((await call('POST', '/api/stripe/process-payment', { sessionId: id, paymentType: 'recovery' })).status).toBe(409);
    expect((await call('GET', '/api/purchase-history')).body).toMatchObject([{ type: 'streak_recovery', status: 'completed', amount: 9.99 }]);
    expect((await call('GET', '/api/streak')).body.currentStreak).toBe(0);
  });

  it('subscription: upgrade via checkout; renewal extends; a failed invoice ends it at the period end', async () => {
    t.clock.set('2026-03-10T12:00:00Z');
    const { user, call } = await newUser();
    fake.periodEnd = Math.floor(Date.parse('2026-04-10T12:00:00Z') / 1000);
    const { id } = await checkout(call, { productType: 'subscription', tier: 'premium' });
    const session = fake.complete(id);
    expect((await webhook('checkout.session.completed', fake.sessionObject(id))).status).toBe(200);
    // The first invoice of the subscription grants nothing more.
    const invoice = (n: string, reason: string, end: string, paid = 499) => ({
      id: n,
      object: 'invoice',
      billing_reason: reason,
      amount_paid: paid,
      amount_due: 499,
      attempt_count: 1,
      currency: 'usd',
      customer: session.customer,
      period_end: Math.floor(Date.parse(end) / 1000),
      lines: { object: 'list', data: [{ period: { start: 0, end: Math.floor(Date.parse(end) / 1000) } }] },
      parent: { type: 'subscription_details', subscription_details: { subscription: session.subscription, metadata: { userId: user.id, productType: 'subscription', tier: 'premium' } } },
    });
    await webhook('invoice.paid', invoice('in_first', 'subscription_create', '2026-04-10T12:00:00Z'));
    let sub = (await call('GET', '/api/subscription')).body;
    expect(sub).toMatchObject({ tier: 'premium', premiumExpiresAt: null, billing: { tier: 'premium', periodEnd: '2026-04-10T12:00:00.000Z', renews: true, scheduledTier: null, manageable: true } });
    expect((await call('GET', '/api/streak')).body.freezeDaysRemaining).toBe(5);

    // Renewal: the period moves on, no shields again, one more history row.
    t.clock.set('2026-04-10T12:30:00Z');
    await Promise.all([1, 2, 3].map(() => webhook('invoice.paid', invoice('in_renew1', 'subscription_cycle', '2026-05-10T12:00:00Z'))));
    sub = (await call('GET', '/api/subscription')).body;
    expect(sub).toMatchObject({ tier: 'premium', billing: { periodEnd: '2026-05-10T12:00:00.000Z', renews: true } });
    expect((await call('GET', '/api/streak')).body.freezeDaysRemaining).toBe(5);
    expect((await call('GET', '/api/purchase-history')).body.map((p: { description: string }) => p.description)).toEqual([
      'Premium membership renewal',
      'Premium membership (monthly)',
    ]);

    // The next renewal fails: the tier stays until the paid period's end, then free; the data stays.
    t.clock.set('2026-05-10T12:10:00Z');
    await webhook('invoice.payment_failed', { ...invoice('in_renew2', 'subscription_cycle', '2026-06-10T12:00:00Z', 0) });
    sub = (await call('GET', '/api/subscription')).body;
    // The period already paid ended at 12:00: back to free now.
    expect(sub.tier).toBe('free');
    expect(sub.billing).toBeNull();
    const history = (await call('GET', '/api/purchase-history')).body;
    expect(history[0]).toMatchObject({ status: 'failed', type: 'subscription' });
    // The GET only computed the end (reads never write); the job records it.
    await rolloverTick(t.ctx());
    const changes = await t.app.db.select().from(tierChanges).where(eq(tierChanges.userId, user.id));
    expect(changes.map((c) => [c.fromTier, c.toTier, c.source])).toEqual([
      ['free', 'premium', 'payment'],
      ['premium', 'free', 'payment-end'],
    ]);
    // A late successful retry of that invoice restores the tier (no shields twice).
    await webhook('invoice.paid', invoice('in_renew2', 'subscription_cycle', '2026-06-10T12:00:00Z'));
    expect((await call('GET', '/api/subscription')).body).toMatchObject({ tier: 'premium', billing: { renews: true } });
    expect((await call('GET', '/api/streak')).body.freezeDaysRemaining).toBe(5);
  });

  it('a cancellation (customer.subscription.deleted) keeps the tier to the period end, then free (by the job)', async () => {
    t.clock.set('2026-03-10T12:00:00Z');
    fake.periodEnd = Math.floor(Date.parse('2026-04-10T12:00:00Z') / 1000);
    const { user, call } = await newUser();
    const { id } = await checkout(call, { productType: 'subscription', tier: 'ai-coach' });
    fake.complete(id);
    await call('POST', '/api/stripe/process-payment', { sessionId: id, paymentType: 'subscription' });
    const subId = fake.sessions.get(id)!.subscription!;
    t.clock.set('2026-03-20T12:00:00Z');
    await webhook('customer.subscription.updated', { ...fake.subscriptions.get(subId), cancel_at_period_end: true });
    expect((await call('GET', '/api/subscription')).body).toMatchObject({ tier: 'ai-coach', billing: { renews: false } });
    await webhook('customer.subscription.deleted', { ...fake.subscriptions.get(subId), status: 'canceled' });
    expect((await call('GET', '/api/subscription')).body.tier).toBe('ai-coach');
    // The job ends it at the period's end without anyone reading.
    await rolloverTick(t.ctx(new Date('2026-04-10T11:59:00Z')));
    const [row1] = await t.app.db.select().from(tierChanges).where(eq(tierChanges.source, 'payment-end'));
    expect(row1?.userId === user.id).toBe(false);
    await rolloverTick(t.ctx(new Date('2026-04-10T12:00:01Z')));
    t.clock.set('2026-04-10T12:00:02Z');
    expect((await call('GET', '/api/subscription')).body).toMatchObject({ tier: 'free', billing: null, trialJustExpired: null });
    // Streak and shields are kept.
    expect((await call('GET', '/api/streak')).body.freezeDaysRemaining).toBe(10);
  });

  it('a renewing subscription whose renewal never arrives ends after the grace period', async () => {
    t.clock.set('2026-03-10T12:00:00Z');
    fake.periodEnd = Math.floor(Date.parse('2026-04-10T12:00:00Z') / 1000);
    const { call } = await newUser();
    const { id } = await checkout(call, { productType: 'subscription', tier: 'ad-free' });
    fake.complete(id);
    await webhook('checkout.session.completed', fake.sessionObject(id));
    t.clock.set(new Date(Date.parse('2026-04-10T12:00:00Z') + 2 * DAY));
    expect((await call('GET', '/api/subscription')).body.tier).toBe('ad-free');
    t.clock.set(new Date(Date.parse('2026-04-10T12:00:00Z') + 3 * DAY + 1000));
    expect((await call('GET', '/api/subscription')).body.tier).toBe('free');
  });

  it('downgrades: between paid tiers at the period end (Stripe price changed), to free at once (Stripe cancelled)', async () => {
    t.clock.set('2026-03-10T12:00:00Z');
    fake.periodEnd = Math.floor(Date.parse('2026-04-10T12:00:00Z') / 1000);
    const { call } = await newUser();
    const { id } = await checkout(call, { productType: 'subscription', tier: 'ai-coach' });
    fake.complete(id);
    await call('POST', '/api/stripe/process-payment', { sessionId: id, paymentType: 'subscription' });
    const subId = fake.sessions.get(id)!.subscription!;
    const again = await call('POST', '/api/stripe/create-checkout-session', { productType: 'subscription', tier: 'ai-coach' });
    expect(again.status).toBe(409);

    const down = await call('POST', '/api/stripe/create-checkout-session', { productType: 'subscription', tier: 'premium' });
    expect(down.status).toBe(200);
    expect(down.body).toMatchObject({ success: true, tier: 'ai-coach', scheduledTier: 'premium', effectiveAt: '2026-04-10T12:00:00.000Z' });
    expect(down.body.url).toBeUndefined();
    const update = fake.calls(`POST /v1/subscriptions/${subId}`).at(-1)!.params;
    expect(update).toMatchObject({ proration_behavior: 'none', metadata: { tier: 'premium' } });
    // One Product and Price per sellable item, found by lookup_key (issue 31): the subscription moves onto it.
    const priceId = (update.items as Params[])[0]!.price as string;
    expect(fake.prices.get(priceId)).toMatchObject({ unit_amount: 499, lookup_key: 'big7_premium_499_monthly', recurring: { interval: 'month' } });
    expect((await call('GET', '/api/subscription')).body).toMatchObject({ tier: 'ai-coach', billing: { scheduledTier: 'premium' } });
    t.clock.set('2026-04-10T12:00:01Z');
    expect((await call('GET', '/api/subscription')).body).toMatchObject({ tier: 'premium', billing: { tier: 'premium', scheduledTier: null } });

    const free = await call('POST', '/api/stripe/create-checkout-session', { productType: 'subscription', tier: 'free' });
    expect(free.status).toBe(200);
    expect(free.body).toMatchObject({ success: true, tier: 'free' });
    expect(fake.calls(`DELETE /v1/subscriptions/${subId}`)).toHaveLength(1);
    expect((await call('GET', '/api/subscription')).body).toMatchObject({ tier: 'free', billing: null });
    // A late deletion event for the cancelled subscription changes nothing.
    await webhook('customer.subscription.deleted', { ...fake.subscriptions.get(subId), status: 'canceled' });
    expect((await call('GET', '/api/subscription')).body.tier).toBe('free');
  });

  it('an upgrade between paid tiers replaces the old Stripe subscription: its cancellation is a job, retried until Stripe takes it', async () => {
    t.clock.set('2026-03-10T12:00:00Z');
    const { call } = await newUser();
    const first = await checkout(call, { productType: 'subscription', tier: 'ad-free' });
    fake.complete(first.id);
    await call('POST', '/api/stripe/process-payment', { sessionId: first.id });
    const oldSub = fake.sessions.get(first.id)!.subscription!;
    const second = await checkout(call, { productType: 'subscription', tier: 'premium' });
    fake.complete(second.id);
    const cancels = () => fake.calls(`DELETE /v1/subscriptions/${oldSub}`);
    const cancelJob = async () =>
      (await t.app.db.select().from(jobs).where(and(eq(jobs.kind, 'stripe.cancel-subscription'), eq(jobs.key, oldSub))))[0];
    expect((await call('POST', '/api/stripe/process-payment', { sessionId: second.id })).status).toBe(200);
    // The answer did not wait on Stripe: the cancellation was enqueued with the payment, nothing was called yet.
    expect(cancels()).toHaveLength(0);
    expect(await cancelJob()).toMatchObject({ state: 'queued', attempts: 0 });
    expect((await call('GET', '/api/subscription')).body).toMatchObject({ tier: 'premium', billing: { tier: 'premium' } });

    // Stripe fails the first attempt: the job is retried after its backoff, and succeeds once.
    fake.failNext(`DELETE /v1/subscriptions/${oldSub}`, 1, 503);
    await t.app.jobs.drain();
    expect(cancels()).toHaveLength(1);
    expect(await cancelJob()).toMatchObject({ state: 'queued', attempts: 1 });
    expect((await cancelJob())!.lastError).toMatch(/temporarily unavailable/);
    expect(fake.subscriptions.get(oldSub)!.status).toBe('active');
    t.clock.advance(JOB_KINDS['stripe.cancel-subscription'].policy.backoffBaseMs);
    await t.app.jobs.drain();
    expect(cancels()).toHaveLength(2);
    expect(await cancelJob()).toMatchObject({ state: 'done', attempts: 2 });
    expect(fake.subscriptions.get(oldSub)!.status).toBe('canceled');
    // Done is done: nothing calls Stripe again, and the same payment processed again enqueues nothing new.
    await call('POST', '/api/stripe/process-payment', { sessionId: second.id });
    t.clock.advance(60 * 60_000);
    await t.app.jobs.drain();
    expect(cancels()).toHaveLength(2);
    // The old subscription's deletion event does not end the new one.
    await webhook('customer.subscription.deleted', { ...fake.subscriptions.get(oldSub), status: 'canceled' });
    expect((await call('GET', '/api/subscription')).body.billing.renews).toBe(true);
  });

  it('billing portal opens for a Stripe customer; test checkout routes are off', async () => {
    const { user, call } = await newUser();
    expect((await call('POST', '/api/stripe/portal')).status).toBe(400); // no customer yet
    await checkout(call, { productType: 'freeze_day' });
    const portal = await call('POST', '/api/stripe/portal');
    expect(portal.status).toBe(200);
    expect(portal.body.url).toMatch(/^https:\/\/billing\.stripe\.com\//);
    expect(fake.calls('POST /v1/billing_portal/sessions').at(-1)!.params).toMatchObject({ return_url: 'http://localhost:3000/upgrade' });
    expect((await call('GET', '/api/stripe/test-checkout/test_session_x')).status).toBe(404);
    expect((await call('POST', '/api/stripe/test-checkout/test_session_x/pay')).status).toBe(404);
    const cookie = await signInAs(t.app, user);
    const history = await t.app.inject({ method: 'GET', url: '/api/purchase-history', headers: { cookie } });
    expect(history.headers['cache-control']).toBe('no-store');
  });

  it('the provider failing answers 502 and changes nothing', async () => {
    const { call } = await newUser();
    fake.failWith = 500;
    try {
      const r = await call('POST', '/api/stripe/create-checkout-session', { productType: 'freeze_day' });
      expect(r.status).toBe(502);
      expect(r.body.message).toMatch(/payment provider/);
    } finally {
      fake.failWith = null;
    }
  });

  it('the CSP allows forms to reach Stripe Checkout only when Stripe is configured', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/health' });
    expect(String(res.headers['content-security-policy'])).toContain("form-action 'self' https://checkout.stripe.com");
  });
});
