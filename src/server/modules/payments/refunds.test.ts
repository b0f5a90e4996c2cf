import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import { buildTestApp, type TestApp } from '@test/helpers/app';
import { testEngines } from '@test/helpers/db';
import { newUserWithCalls } from '@test/helpers/users';
import { postStripeEvent, stripeEnv } from '@test/helpers/stripe';
import { FakeStripe } from '@test/fakes/stripe';
import { jobs, streakLedger } from '@server/db/schema/index';

const ADMIN = 'owner@big7.test';

/** Issue 31, finding 3: refunds and disputes take back what was bought, once, and leave revenue. */
describe.each(testEngines())('Stripe refunds and disputes on %s', (engine) => {
  let t: TestApp;
  let fake: FakeStripe;
  beforeAll(async () => {
    fake = await new FakeStripe().start();
    t = await buildTestApp(engine, { now: '2026-03-10T12:00:00Z', env: { ...stripeEnv(fake.url), DEV_TOOLS: 'on', ADMIN_EMAILS: ADMIN } });
  }, 180_000);
  afterAll(async () => {
    await t.close();
    await fake.stop();
  });

  type User = Awaited<ReturnType<typeof newUserWithCalls>>;

  /** Buys through Stripe Checkout, fulfilled by the signed webhook; answers the session id. */
  async function buy(u: User, body: object): Promise<string> {
    const start = await u.call('POST', '/api/stripe/create-checkout-session', body);
    expect(start.status, JSON.stringify(start.body)).toBe(200);
    const id = new URL(start.body.url).pathname.split('/').pop()!;
    fake.complete(id);
    expect((await postStripeEvent(t.app, 'checkout.session.completed', fake.sessionObject(id))).status).toBe(200);
    return id;
  }

  /** Delivers the same event (one id) several times, concurrently, as Stripe may. */
  async function deliver(type: string, object: unknown, times = 3) {
    const id = `evt_${type}_${Math.random().toString(36).slice(2)}`;
    const all = await Promise.all(Array.from({ length: times }, () => postStripeEvent(t.app, type, object, { id })));
    for (const r of all) expect(r.status).toBe(200);
    // And once more afterwards, under another event id (Stripe sometimes sends a second event for one change).
    expect((await postStripeEvent(t.app, type, object)).status).toBe(200);
  }

  const history = async (u: User) => (await u.call('GET', '/api/purchase-history')).body as Array<{ status: string; type: string }>;
  const shields = async (u: User) => (await u.call('GET', '/api/streak')).body.freezeDaysRemaining as number;
  let owner: User['call'] | null = null;
  /** The owner's analytics: shield purchases of the last 7 days (count, dollars). */
  const shieldRevenue = async () => {
    owner ??= (await newUserWithCalls(t.app, { email: ADMIN })).call;
    const r = await owner('GET', '/api/analytics/business-metrics?timeRange=7d');
    expect(r.status).toBe(200);
    return r.body.purchases.shieldPurchases as { count: number; revenue: number };
  };

  it('a refunded shield still unused is taken back once, shows refunded, and leaves revenue', async () => {
    const u = await newUserWithCalls(t.app);
    const before = await shieldRevenue();
    const session = await buy(u, { productType: 'freeze_day' });
    expect(await shields(u)).toBe(1);
    expect(await shieldRevenue()).toEqual({ count: before.count + 1, revenue: Math.round((before.revenue + 0.99) * 100) / 100 });

    await deliver('charge.refunded', fake.chargeObject(fake.paymentIntentOf(session), 99));
    expect(await shields(u)).toBe(0);
    expect(await history(u)).toMatchObject([{ type: 'shield', status: 'refunded' }]);
    const refunds = await t.app.db.select().from(streakLedger).where(and(eq(streakLedger.userId, u.user.id), eq(streakLedger.reason, 'refund')));
    expect(refunds).toHaveLength(1);
    expect(refunds[0]).toMatchObject({ shieldsDelta: -1, freezeDaysRemaining: 0 });
    expect(await shieldRevenue()).toEqual(before);
  });

  it('a refunded shield already used takes nothing (never below zero)', async () => {
    const u = await newUserWithCalls(t.app);
    const session = await buy(u, { productType: 'freeze_day' });
    expect((await u.call('POST', '/api/streak/reset-freeze-days', { freezeDays: 0 })).status).toBe(200);
    await deliver('charge.refunded', fake.chargeObject(fake.paymentIntentOf(session), 99));
    expect(await shields(u)).toBe(0);
    expect(await history(u)).toMatchObject([{ status: 'refunded' }]);
  });

  it('a refunded membership ends now and is cancelled at Stripe', async () => {
    const u = await newUserWithCalls(t.app);
    const session = await buy(u, { productType: 'subscription', tier: 'premium' });
    const subId = fake.sessions.get(session)!.subscription!;
    expect((await u.call('GET', '/api/subscription')).body.tier).toBe('premium');
    await deliver('charge.refunded', fake.chargeObject(fake.paymentIntentOf(session), 499));
    expect((await u.call('GET', '/api/subscription')).body).toMatchObject({ tier: 'free', billing: null });
    expect(await history(u)).toMatchObject([{ type: 'subscription', status: 'refunded' }]);
    expect(await t.app.db.select().from(jobs).where(and(eq(jobs.kind, 'stripe.cancel-subscription'), eq(jobs.key, subId)))).toHaveLength(1);
    await t.app.jobs.drain();
    expect(fake.calls(`DELETE /v1/subscriptions/${subId}`)).toHaveLength(1);
    expect(fake.subscriptions.get(subId)!.status).toBe('canceled');
  });

  it('a disputed renewal ends the membership and cancels it; a dispute won reads completed again', async () => {
    const u = await newUserWithCalls(t.app);
    const session = await buy(u, { productType: 'subscription', tier: 'ai-coach' });
    const subId = fake.sessions.get(session)!.subscription!;
    const end = Math.floor(Date.parse('2026-05-10T12:00:00Z') / 1000);
    const renewal = {
      id: `in_renewal_${subId}`,
      object: 'invoice',
      billing_reason: 'subscription_cycle',
      amount_paid: 999,
      amount_due: 999,
      attempt_count: 1,
      currency: 'usd',
      customer: fake.sessions.get(session)!.customer,
      period_end: end,
      lines: { object: 'list', data: [{ period: { start: 0, end } }] },
      parent: { type: 'subscription_details', subscription_details: { subscription: subId, metadata: { userId: u.user.id, productType: 'subscription', tier: 'ai-coach' } } },
    };
    t.clock.advance(60_000); // the renewal comes later: history lists it first
    expect((await postStripeEvent(t.app, 'invoice.paid', renewal)).status).toBe(200);
    const pi = fake.payInvoice(renewal.id);
    await deliver('charge.dispute.created', fake.disputeObject(pi, 999));
    expect((await u.call('GET', '/api/subscription')).body.tier).toBe('free');
    expect((await history(u)).map((p) => p.status)).toEqual(['disputed', 'completed']);
    await t.app.jobs.drain();
    expect(fake.subscriptions.get(subId)!.status).toBe('canceled');

    await deliver('charge.dispute.closed', fake.disputeObject(pi, 999, 'won'));
    expect((await history(u)).map((p) => p.status)).toEqual(['completed', 'completed']);
  });

  it('a disputed shield reads disputed (the shield stays until a refund), and a refund after it takes it back', async () => {
    const u = await newUserWithCalls(t.app);
    const session = await buy(u, { productType: 'freeze_day' });
    const pi = fake.paymentIntentOf(session);
    await deliver('charge.dispute.created', fake.disputeObject(pi, 99));
    expect(await history(u)).toMatchObject([{ status: 'disputed' }]);
    expect(await shields(u)).toBe(1);
    await deliver('charge.refunded', fake.chargeObject(pi, 99));
    expect(await history(u)).toMatchObject([{ status: 'refunded' }]);
    expect(await shields(u)).toBe(0);
  });

  it('a refunded recovery is noted and the streak stays', async () => {
    const u = await newUserWithCalls(t.app);
    expect((await u.call('POST', '/api/dev/create-lost-streak', { lostDays: 12 })).status).toBe(200);
    const session = await buy(u, { productType: 'streak_recovery' });
    const streak = (await u.call('GET', '/api/streak')).body.currentStreak as number;
    expect(streak).toBeGreaterThan(0);
    await deliver('charge.refunded', fake.chargeObject(fake.paymentIntentOf(session), 999));
    expect(await history(u)).toMatchObject([{ type: 'streak_recovery', status: 'refunded' }]);
    expect((await u.call('GET', '/api/streak')).body.currentStreak).toBe(streak);
  });

  it('issue 31 (also): a coupon code turns on no Stripe promotion codes; an underpaid session is flagged, not granted', async () => {
    const u = await newUserWithCalls(t.app);
    const start = await u.call('POST', '/api/stripe/create-checkout-session', { productType: 'subscription', tier: 'premium', couponCode: 'ANYTHING' });
    expect(start.status).toBe(200);
    const created = fake.calls('POST /v1/checkout/sessions').at(-1)!.params;
    expect(created.allow_promotion_codes).toBeUndefined();
    expect(created.metadata).toMatchObject({ couponCode: 'ANYTHING' });

    // Stripe reports less paid than our price (a discount we never gave): recorded as flagged, nothing granted.
    const id = new URL(start.body.url).pathname.split('/').pop()!;
    fake.complete(id);
    fake.sessions.get(id)!.amount_total = 100;
    await deliver('checkout.session.completed', fake.sessionObject(id));
    const processed = await u.call('POST', '/api/stripe/process-payment', { sessionId: id, paymentType: 'subscription' });
    expect(processed.status).toBe(409);
    expect(processed.body.message).toMatch(/Paid \$1\.00 where the price is \$4\.99/);
    expect((await u.call('GET', '/api/subscription')).body.tier).toBe('free');
    expect(await shields(u)).toBe(0);
    expect(await history(u)).toMatchObject([{ type: 'subscription', status: 'flagged' }]);
  });

  it('issue 31 (finding 5): scheduled downgrades share one Product and Price per item, found by lookup_key', async () => {
    const productsBefore = fake.calls('POST /v1/products').length;
    const pricesBefore = fake.calls('POST /v1/prices').length;
    const priceIds = new Set<string>();
    for (let i = 0; i < 3; i++) {
      const u = await newUserWithCalls(t.app);
      const session = await buy(u, { productType: 'subscription', tier: 'ai-coach' });
      const subId = fake.sessions.get(session)!.subscription!;
      const down = await u.call('POST', '/api/stripe/create-checkout-session', { productType: 'subscription', tier: 'premium' });
      expect(down.status).toBe(200);
      expect(down.body).toMatchObject({ scheduledTier: 'premium' });
      const items = fake.calls(`POST /v1/subscriptions/${subId}`).at(-1)!.params.items as Array<Record<string, unknown>>;
      expect(items[0]!.price_data).toBeUndefined();
      priceIds.add(items[0]!.price as string);
    }
    expect(priceIds.size).toBe(1);
    expect(fake.calls('POST /v1/products').length - productsBefore).toBeLessThanOrEqual(1);
    expect(fake.calls('POST /v1/prices').length - pricesBefore).toBeLessThanOrEqual(1);
    expect([...fake.prices.values()].filter((p) => p.lookup_key === 'big7_premium_499_monthly')).toHaveLength(1);
  });

  it('a refund of a payment not recorded here answers 200 and changes nothing', async () => {
    expect((await postStripeEvent(t.app, 'charge.refunded', fake.chargeObject('pi_unknown', 99))).status).toBe(200);
    expect((await postStripeEvent(t.app, 'charge.dispute.created', fake.disputeObject('pi_unknown', 99))).status).toBe(200);
  });
});
