import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { buildTestApp, type TestApp } from '@test/helpers/app';
import { testEngines } from '@test/helpers/db';
import { newUserWithCalls, signInAs } from '@test/helpers/users';
import { postStripeEvent, stripeEnv } from '@test/helpers/stripe';
import { FakeStripe } from '@test/fakes/stripe';
import { jobs, purchases } from '@server/db/schema/index';
import { JOB_KINDS } from '@server/jobs/kinds';

/** Issue 31, finding 2: a deleted account's Stripe subscriptions stop charging, and its webhooks never fail. */
describe.each(testEngines())('Stripe subscriptions of deleted accounts on %s', (engine) => {
  let t: TestApp;
  let fake: FakeStripe;
  beforeAll(async () => {
    fake = await new FakeStripe().start();
    t = await buildTestApp(engine, { now: '2026-03-10T12:00:00Z', env: stripeEnv(fake.url) });
  });
  afterAll(async () => {
    await t.close();
    await fake.stop();
  });

  /** A user paying for Premium through Stripe Checkout (fulfilled by the webhook). */
  async function payingUser() {
    const u = await newUserWithCalls(t.app);
    const start = await u.call('POST', '/api/stripe/create-checkout-session', { productType: 'subscription', tier: 'premium' });
    expect(start.status).toBe(200);
    const sessionId = new URL(start.body.url).pathname.split('/').pop()!;
    const session = fake.complete(sessionId);
    expect((await postStripeEvent(t.app, 'checkout.session.completed', fake.sessionObject(sessionId))).status).toBe(200);
    expect((await u.call('GET', '/api/subscription')).body.tier).toBe('premium');
    return { ...u, sessionId, subscriptionId: session.subscription!, customerId: session.customer! };
  }

  async function deleteAccount(user: { id: string }) {
    const cookie = await signInAs(t.app, user);
    const res = await t.app.inject({ method: 'DELETE', url: '/api/user/account', headers: { cookie } });
    expect(res.statusCode).toBe(200);
  }

  const renewal = (id: string, subscriptionId: string, customer: string, userId: string) => ({
    id,
    object: 'invoice',
    billing_reason: 'subscription_cycle',
    amount_paid: 499,
    amount_due: 499,
    attempt_count: 1,
    currency: 'usd',
    customer,
    period_end: Math.floor(Date.parse('2026-05-10T12:00:00Z') / 1000),
    lines: { object: 'list', data: [{ period: { start: 0, end: Math.floor(Date.parse('2026-05-10T12:00:00Z') / 1000) } }] },
    parent: { type: 'subscription_details', subscription_details: { subscription: subscriptionId, metadata: { userId, productType: 'subscription', tier: 'premium' } } },
  });

  it('deleting a paying account cancels every live Stripe subscription of it, retried until Stripe confirms', async () => {
    const u = await payingUser();
    // A second live subscription of the same customer (e.g. one a failed upgrade left behind) goes too.
    const other = fake.addSubscription(u.customerId, { userId: u.user.id, productType: 'subscription', tier: 'ad-free' }, 99);
    await deleteAccount(u.user);
    const [job] = await t.app.db.select().from(jobs).where(eq(jobs.kind, 'stripe.cancel-account-subscriptions'));
    expect(job).toMatchObject({ state: 'queued', payload: { customerId: u.customerId, subscriptionIds: [u.subscriptionId] } });
    expect(JSON.stringify(job!.payload)).not.toContain(u.user.id);

    // Stripe fails the first attempt: retried after the backoff.
    fake.failNext(`DELETE /v1/subscriptions/${u.subscriptionId}`, 1, 503);
    await t.app.jobs.drain();
    expect(fake.subscriptions.get(u.subscriptionId)!.status).toBe('active');
    t.clock.advance(JOB_KINDS['stripe.cancel-account-subscriptions'].policy.backoffBaseMs);
    await t.app.jobs.drain();
    expect(fake.calls(`DELETE /v1/subscriptions/${u.subscriptionId}`).length).toBeGreaterThanOrEqual(2);
    expect(fake.subscriptions.get(u.subscriptionId)!.status).toBe('canceled');
    expect(fake.subscriptions.get(other.id)!.status).toBe('canceled');
    const [after] = await t.app.db.select().from(jobs).where(eq(jobs.id, job!.id));
    expect(after!.state).toBe('done');
  });

  it('a signed renewal webhook for a deleted account: 200, no purchase row, its subscription cancelled', async () => {
    const u = await payingUser();
    // The account goes while Stripe is down: the deletion's job cannot cancel yet.
    fake.failWith = 503;
    await deleteAccount(u.user);
    await t.app.jobs.drain();
    fake.failWith = null;
    expect(fake.subscriptions.get(u.subscriptionId)!.status).toBe('active');

    // Stripe charges the renewal and tells us: 200 (not a 500 Stripe retries for days), nothing recorded.
    const paid = await postStripeEvent(t.app, 'invoice.paid', renewal('in_orphan_paid', u.subscriptionId, u.customerId, u.user.id));
    expect(paid.status).toBe(200);
    const failed = await postStripeEvent(t.app, 'invoice.payment_failed', renewal('in_orphan_failed', u.subscriptionId, u.customerId, u.user.id));
    expect(failed.status).toBe(200);
    const updated = await postStripeEvent(t.app, 'customer.subscription.updated', fake.subscriptions.get(u.subscriptionId));
    expect(updated.status).toBe(200);
    expect(await t.app.db.select().from(purchases).where(eq(purchases.providerId, 'in_orphan_paid'))).toEqual([]);
    expect((await t.app.db.select().from(purchases).where(eq(purchases.provider, 'stripe'))).filter((p) => p.providerId.startsWith('in_orphan'))).toEqual([]);
    // The subscription it names is cancelled by a job (the same job however many events name it).
    expect(await t.app.db.select().from(jobs).where(eq(jobs.key, u.subscriptionId))).toHaveLength(1);
    t.clock.advance(60 * 60_000);
    await t.app.jobs.drain();
    expect(fake.subscriptions.get(u.subscriptionId)!.status).toBe('canceled');
  });

  it('a completed checkout of a deleted account: 200 and nothing recorded', async () => {
    const u = await newUserWithCalls(t.app);
    const start = await u.call('POST', '/api/stripe/create-checkout-session', { productType: 'freeze_day' });
    const sessionId = new URL(start.body.url).pathname.split('/').pop()!;
    fake.complete(sessionId);
    await deleteAccount(u.user);
    const r = await postStripeEvent(t.app, 'checkout.session.completed', fake.sessionObject(sessionId));
    expect(r).toEqual({ status: 200, body: { received: true } });
    expect(await t.app.db.select().from(purchases).where(eq(purchases.providerId, sessionId))).toEqual([]);
  });

  it('a user id that never existed is treated the same: 200, nothing recorded', async () => {
    const sub = fake.addSubscription('cus_stranger', { userId: 'no-such-user', productType: 'subscription', tier: 'premium' });
    const r = await postStripeEvent(t.app, 'invoice.paid', renewal('in_stranger', sub.id, 'cus_stranger', 'no-such-user'));
    expect(r.status).toBe(200);
    expect(await t.app.db.select().from(purchases).where(eq(purchases.providerId, 'in_stranger'))).toEqual([]);
  });
});
