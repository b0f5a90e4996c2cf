import { randomBytes } from 'node:crypto';
import Stripe from 'stripe';
import type { AppConfig } from '@server/config';
import { inTx, type ServiceContext } from '@server/context';
import type { PaymentSucceeded } from '@server/events';
import { AppError, badRequest, conflict, notFound } from '@server/errors';
import type { JobPayload } from '@server/jobs/kinds';
import { PermanentJobError } from '@server/jobs/queue';
import type { UserRow } from '@server/plugins/session';
import { PRICES_CENTS, TIER_MONTHLY_CENTS, centsToDollars, formatUsd, isPaidTier, type PaidTier } from '@shared/domain/prices';
import { TIER_LABELS, tierRank, type Tier } from '@shared/domain/tiers';
import {
  PAYMENT_MESSAGES,
  PAYMENT_TYPE_OF,
  type CreateCheckoutBody,
  type CreateCheckoutResult,
  type PaymentType,
  type ProcessPaymentResult,
  type ProductType,
  type Purchase,
  type TestCheckoutSession,
} from '@shared/schemas/payments';
import * as auth from '../auth/service';
import * as streaks from '../streaks/service';
import * as subscriptions from '../subscriptions/service';
import * as repo from './repo';
import { readUserState } from '../user-state/service';
import { subscriptionFromState } from '../user-state/views';

/** What the payments module works with: the service context and the Stripe client when configured. */
export type PaymentsCtx = ServiceContext & { stripe: Stripe | null };

export const TEST_SESSION_PREFIX = 'test_session_';

const clients = new WeakMap<AppConfig, Stripe | null>();

/** The Stripe client of a configuration (one per app: its routes and its jobs share it); null without Stripe. */
export function stripeClient(config: AppConfig): Stripe | null {
  let client = clients.get(config);
  if (client === undefined) clients.set(config, (client = createStripeClient(config)));
  return client;
}

/** The Stripe SDK for the configured key, pointed at STRIPE_API_URL when set; null without Stripe. */
export function createStripeClient(config: AppConfig): Stripe | null {
  if (!config.stripe) return null;
  const api = config.stripe.api;
  return new Stripe(config.stripe.secretKey, {
    maxNetworkRetries: 1,
    timeout: 20_000,
    telemetry: false,
    ...(api ? { host: api.host, port: api.port, protocol: api.protocol } : {}),
  });
}

// ---------------------------------------------------------------------------------------------------------
// Products
// ---------------------------------------------------------------------------------------------------------

interface Product {
  productType: ProductType;
  tier: PaidTier | null;
  amountCents: number;
  name: string;
  recurring: boolean;
}

function productOf(productType: ProductType, tier: PaidTier | null): Product {
  if (productType === 'subscription') {
    const t = tier ?? 'premium';
    return { productType, tier: t, amountCents: TIER_MONTHLY_CENTS[t], name: `Big 7 ${TIER_LABELS[t]} membership`, recurring: true };
  }
  if (productType === 'freeze_day') {
    return { productType, tier: null, amountCents: PRICES_CENTS.shield, name: '1 Streak Shield', recurring: false };
  }
  return { productType, tier: null, amountCents: PRICES_CENTS.streakRecovery, name: 'Streak Recovery', recurring: false };
}

/** The lookup key of a sellable item's one Stripe Price (its amount in it: a new price is a new key). */
export const priceLookupKey = (p: Product): string =>
  `big7_${p.tier ?? p.productType}_${p.amountCents}${p.recurring ? '_monthly' : ''}`.replace(/-/g, '_');

const knownPrices = new WeakMap<Stripe, Map<string, string>>();

/**
 * The Stripe Price of a sellable item: one Product and Price per item, found by `lookup_key` and created once (with
 * idempotency keys, so two servers creating it at once make one), then remembered by this process.
 */
async function stripePriceFor(stripe: Stripe, product: Product): Promise<string> {
  const key = priceLookupKey(product);
  let cache = knownPrices.get(stripe);
  if (!cache) knownPrices.set(stripe, (cache = new Map()));
  const known = cache.get(key);
  if (known) return known;
  const found = await stripe.prices.list({ lookup_keys: [key], active: true, limit: 1 });
  let id = found.data[0]?.id;
  if (!id) {
    const made = await stripe.products.create({ name: product.name, metadata: { lookupKey: key } }, { idempotencyKey: `big7-product-${key}` });
    const price = await stripe.prices.create(
      {
        product: made.id,
        currency: 'usd',
        unit_amount: product.amountCents,
        lookup_key: key,
        transfer_lookup_key: true,
        ...(product.recurring ? { recurring: { interval: 'month' as const } } : {}),
      },
      { idempotencyKey: `big7-price-${key}` },
    );
    id = price.id;
  }
  cache.set(key, id);
  return id;
}

const successUrl = (config: AppConfig, type: PaymentType, sessionId: string) =>
  `${config.appUrl}/payment-success?session_id=${sessionId}&type=${type}`;
const cancelPath = (productType: ProductType) =>
  productType === 'subscription' ? '/upgrade?payment=cancelled' : '/streak?payment=cancelled';

/** One calendar month on (the test checkout's period; Stripe says its own). */
function oneMonthAfter(d: Date): Date {
  const out = new Date(d.getTime());
  const day = out.getUTCDate();
  out.setUTCMonth(out.getUTCMonth() + 1);
  if (out.getUTCDate() < day) out.setUTCDate(0); // 31 Jan → 28/29 Feb, as Stripe does
  return out;
}

function providerError(err: unknown): AppError {
  if (err instanceof AppError) return err;
  return new AppError(502, 'The payment provider could not be reached. Please try again.');
}

// ---------------------------------------------------------------------------------------------------------
// Fulfilment: one transaction, granted once per payment
// ---------------------------------------------------------------------------------------------------------

/** A payment the provider confirmed, in the provider-neutral shape fulfilment takes (the event without its time). */
export type PaymentRecord = Omit<PaymentSucceeded, 'now'>;

export interface FulfilResult {
  /** true for the one call that recorded and granted this payment. */
  granted: boolean;
  /** Set when the payment was taken but its product could not be applied. */
  note: string | null;
}

function describe(p: PaymentRecord): string {
  if (p.productType === 'freeze_day') return '1 Streak Shield';
  if (p.productType === 'streak_recovery') return 'Streak Recovery';
  const label = TIER_LABELS[p.tier ?? 'premium'];
  return p.renewal ? `${label} membership renewal` : `${label} membership (monthly)`;
}

const purchaseType = (p: ProductType): repo.PurchaseRow['type'] =>
  p === 'freeze_day' ? 'shield' : p === 'streak_recovery' ? 'streak_recovery' : 'subscription';

/** The purchases row of a payment record, in a status. */
function purchaseRow<S extends repo.PurchaseRow['status']>(p: PaymentRecord, status: S, now: Date) {
  return {
    userId: p.userId,
    type: purchaseType(p.productType),
    description: describe(p),
    amountCents: p.amountCents,
    currency: p.currency,
    status,
    provider: p.provider,
    providerId: p.providerId,
    paymentRef: p.paymentRef ?? null,
    stripeSubscriptionId: p.stripeSubscriptionId ?? null,
    createdAt: now,
    updatedAt: now,
  };
}

/**
 * Fulfils one confirmed payment inside the caller's transaction (`tx` from inTx): records it (the unique provider id makes the
 * insert happen once) and, only when this call recorded it, publishes `payment.succeeded` in the same
 * transaction. Its in-transaction consumers (wired in app.ts: the streaks service grants a shield or
 * the paid recovery, the subscriptions service the paid period) grant the product, so the grant commits with the
 * payment row or not at all. Safe to call any number of times, concurrently, from the webhook, from
 * process-payment or the test checkout: the payment is granted once.
 */
export async function fulfilPayment(tx: ServiceContext, p: PaymentRecord): Promise<FulfilResult> {
  const now = tx.now();
  // A payment of a deleted account: recorded for nobody, its subscription cancelled (the row stays locked meanwhile).
  if (!(await auth.holdUser(tx, p.userId))) {
    await orphaned(tx, p);
    return { granted: false, note: null };
  }
  const first = await repo.recordCompletedOnce(tx.db, purchaseRow(p, 'completed', now));
  if (!first) {
    const row = await repo.findPurchase(tx.db, p.providerId);
    return { granted: false, note: row?.fulfilmentNote ?? null };
  }
  const periodEnd = p.periodEnd ?? (p.productType === 'subscription' ? oneMonthAfter(now) : undefined);
  const effects = await tx.events.publish(tx, 'payment.succeeded', { ...p, periodEnd, now });
  const note = effects.find((e) => e.note)?.note ?? null;
  if (note) await repo.setFulfilmentNote(tx.db, p.providerId, note);
  // An upgrade between paid tiers replaced the old subscription: stop charging for it. A job in this transaction
  // (it exists iff the payment is recorded), retried with backoff until Stripe takes it, failed and listed if never.
  const replaced = effects.find((e) => e.replacedStripeSubscriptionId)?.replacedStripeSubscriptionId ?? null;
  if (replaced) {
    await tx.jobs.enqueue(tx.db, { kind: 'stripe.cancel-subscription', key: replaced, payload: { subscriptionId: replaced } });
  }
  return { granted: true, note };
}

/** Runs fulfilment in its own transaction. */
function fulfil(ctx: PaymentsCtx, p: PaymentRecord): Promise<FulfilResult> {
  return inTx(ctx, (tx) => fulfilPayment(tx, p));
}

/**
 * Cancels one subscription at Stripe. Already gone (404) counts as done; another refusal (4xx but 409/429) is
 * permanent (PermanentJobError); anything else (network, 5xx, 409, 429) is thrown for the job to retry.
 */
async function cancelAtStripe(stripe: Stripe, subscriptionId: string): Promise<void> {
  try {
    await stripe.subscriptions.cancel(subscriptionId);
  } catch (err) {
    if (err instanceof Stripe.errors.StripeError) {
      const status = err.statusCode ?? 0;
      if (status === 404 || err.code === 'resource_missing') return;
      if (status >= 400 && status < 500 && status !== 409 && status !== 429) {
        throw new PermanentJobError(`Stripe refused to cancel subscription ${subscriptionId} (${status}): ${err.message}`, { cause: err });
      }
    }
    throw err;
  }
}

function jobStripe(ctx: ServiceContext, what: string): Stripe {
  const stripe = stripeClient(ctx.config);
  if (!stripe) throw new PermanentJobError(`Stripe is not configured on this server: ${what} cannot be cancelled here`);
  return stripe;
}

/** Job `stripe.cancel-subscription`: cancels one subscription at Stripe (a replaced one, or one of a deleted account). */
export async function cancelReplacedSubscriptionJob(ctx: ServiceContext, p: JobPayload<'stripe.cancel-subscription'>): Promise<void> {
  await cancelAtStripe(jobStripe(ctx, `subscription ${p.subscriptionId}`), p.subscriptionId);
  ctx.log.info({ subscription: p.subscriptionId }, 'Stripe subscription cancelled');
}

/** Subscription states in which Stripe charges no more. */
const ENDED_SUBSCRIPTION = new Set(['canceled', 'incomplete_expired']);

/**
 * Job `stripe.cancel-account-subscriptions`: a deleted account's subscriptions, all of them: the ids it held, then
 * every one Stripe lists for its customer that has not ended. Retried (with backoff) until Stripe has taken every
 * cancellation; cancelling one already cancelled is harmless, so a retry starts over.
 */
export async function cancelAccountSubscriptionsJob(ctx: ServiceContext, p: JobPayload<'stripe.cancel-account-subscriptions'>): Promise<void> {
  const stripe = jobStripe(ctx, `the subscriptions of customer ${p.customerId ?? '(none)'}`);
  const ids = new Set(p.subscriptionIds);
  if (p.customerId) {
    for await (const sub of stripe.subscriptions.list({ customer: p.customerId, status: 'all', limit: 100 })) {
      if (!ENDED_SUBSCRIPTION.has(sub.status)) ids.add(sub.id);
    }
  }
  for (const id of ids) await cancelAtStripe(stripe, id);
  ctx.log.info({ customer: p.customerId, subscriptions: [...ids] }, 'Stripe subscriptions of a deleted account cancelled');
}

/**
 * In the account deletion's transaction (account service): enqueues the cancellation, at Stripe, of every live
 * subscription of the user, before the rows that name them go. Nothing when the user never paid through Stripe.
 */
export async function cancelStripeOnDeletion(tx: ServiceContext, userId: string): Promise<void> {
  const refs = await subscriptions.stripeRefsOf(tx, userId);
  if (!refs.customerId && !refs.subscriptionId) return;
  await tx.jobs.enqueue(tx.db, {
    kind: 'stripe.cancel-account-subscriptions',
    key: `account-deleted:${refs.customerId ?? refs.subscriptionId}`,
    payload: { customerId: refs.customerId, subscriptionIds: refs.subscriptionId ? [refs.subscriptionId] : [] },
  });
}

/**
 * A payment or subscription event names a user who does not exist (the account was deleted, or never was): nothing
 * is recorded for anyone, and the subscription it names, if any, is cancelled at Stripe (a job, in `tx`).
 */
async function orphaned(tx: ServiceContext, what: { userId: string; providerId?: string; stripeSubscriptionId?: string | null }): Promise<void> {
  tx.log.warn({ userId: what.userId, payment: what.providerId, subscription: what.stripeSubscriptionId }, 'Stripe event for an account that does not exist: nothing recorded');
  const sub = what.stripeSubscriptionId;
  if (sub) await tx.jobs.enqueue(tx.db, { kind: 'stripe.cancel-subscription', key: sub, payload: { subscriptionId: sub } });
}

// ---------------------------------------------------------------------------------------------------------
// Sessions: Stripe's, or the built-in test checkout's, in one shape
// ---------------------------------------------------------------------------------------------------------

interface SessionView {
  record: PaymentRecord;
  paid: boolean;
  /** Set when less than our price was paid (no coupon of ours lowers a Stripe price): flagged, never granted. */
  underpaid?: string;
}

const idOf = (v: string | { id: string } | null | undefined): string | null => (v == null ? null : typeof v === 'string' ? v : v.id);

function periodEndOf(sub: Stripe.Subscription | null): Date | undefined {
  const end = sub?.items?.data?.[0]?.current_period_end;
  return typeof end === 'number' ? new Date(end * 1000) : undefined;
}

/** A Stripe Checkout Session as a payment (null when it is not one of ours). */
async function viewStripeSession(stripe: Stripe, s: Stripe.Checkout.Session, now: Date): Promise<SessionView | null> {
  const md = s.metadata ?? {};
  const userId = md.userId;
  const productType = md.productType as ProductType | undefined;
  if (!userId || !productType || !(productType in PAYMENT_TYPE_OF)) return null;
  const tier = productType === 'subscription' && md.tier && isPaidTier(md.tier) ? md.tier : null;
  if (productType === 'subscription' && !tier) return null;
  let sub: Stripe.Subscription | null = typeof s.subscription === 'object' ? s.subscription : null;
  const subId = idOf(s.subscription);
  if (productType === 'subscription' && subId && !sub) sub = await stripe.subscriptions.retrieve(subId);
  const expected = productOf(productType, tier).amountCents;
  const amount = s.amount_total ?? expected;
  return {
    paid: s.payment_status === 'paid' || s.payment_status === 'no_payment_required',
    // Our coupons are free trials, never a Stripe discount: a Checkout Session that took less than our price is wrong.
    ...(amount < expected
      ? { underpaid: `Paid ${formatUsd(amount)} where the price is ${formatUsd(expected)}: held for review, nothing granted. Please contact support.` }
      : {}),
    record: {
      provider: 'stripe',
      providerId: s.id,
      userId,
      productType,
      tier,
      paymentRef: productType === 'subscription' ? idOf(s.invoice) : idOf(s.payment_intent),
      amountCents: amount,
      currency: s.currency ?? 'usd',
      periodEnd: productType === 'subscription' ? (periodEndOf(sub) ?? oneMonthAfter(now)) : undefined,
      autoRenew: sub ? sub.status === 'active' || sub.status === 'trialing' : true,
      stripeCustomerId: idOf(s.customer),
      stripeSubscriptionId: subId,
    },
  };
}

function viewTestSession(row: repo.TestSessionRow): SessionView {
  const tier = row.tier && isPaidTier(row.tier) ? row.tier : null;
  const paidAt = row.paidAt ?? row.createdAt;
  return {
    paid: row.status === 'paid',
    record: {
      provider: 'test',
      providerId: row.id,
      userId: row.userId,
      productType: row.productType,
      tier,
      amountCents: row.amountCents,
      currency: 'usd',
      periodEnd: row.productType === 'subscription' ? oneMonthAfter(paidAt) : undefined,
      // Test subscriptions behave as renewing ones whose renewals never come: they end after the grace.
      autoRenew: true,
      stripeCustomerId: null,
    },
  };
}

/** The session from its provider: Stripe when configured, else the test checkout's table. Null: unknown. */
async function retrieveSession(ctx: PaymentsCtx, sessionId: string): Promise<SessionView | null> {
  const now = ctx.now();
  if (!ctx.stripe) {
    if (!sessionId.startsWith(TEST_SESSION_PREFIX)) return null;
    const row = await repo.findTestSession(ctx.db, sessionId);
    return row ? viewTestSession(row) : null;
  }
  if (sessionId.startsWith(TEST_SESSION_PREFIX)) return null;
  try {
    const s = await ctx.stripe.checkout.sessions.retrieve(sessionId, { expand: ['subscription'] });
    return await viewStripeSession(ctx.stripe, s, now);
  } catch (err) {
    if (err instanceof Stripe.errors.StripeError && (err.statusCode === 404 || err.code === 'resource_missing')) return null;
    throw providerError(err);
  }
}

// ---------------------------------------------------------------------------------------------------------
// Checkout
// ---------------------------------------------------------------------------------------------------------

async function stripeCustomerFor(ctx: PaymentsCtx, stripe: Stripe, user: UserRow): Promise<string> {
  const known = await subscriptions.stripeCustomerOf(ctx, user.id);
  if (known) return known;
  const customer = await stripe.customers.create({
    email: user.email,
    name: [user.firstName, user.lastName].filter(Boolean).join(' ') || undefined,
    metadata: { userId: user.id },
  });
  return subscriptions.rememberStripeCustomer(ctx, user.id, customer.id);
}

async function startCheckout(ctx: PaymentsCtx, user: UserRow, product: Product, couponCode?: string): Promise<CreateCheckoutResult> {
  const { stripe } = ctx;
  const type = PAYMENT_TYPE_OF[product.productType];
  if (!stripe) {
    requireTestMode(ctx);
    const id = `${TEST_SESSION_PREFIX}${randomBytes(18).toString('base64url').replace(/[^A-Za-z0-9]/g, '')}`;
    await repo.insertTestSession(ctx.db, {
      id,
      userId: user.id,
      productType: product.productType,
      tier: product.tier,
      amountCents: product.amountCents,
      status: 'open',
      createdAt: ctx.now(),
    });
    return { url: `/test-checkout?session_id=${id}`, sessionId: id };
  }
  const metadata: Record<string, string> = { userId: user.id, productType: product.productType };
  if (product.tier) metadata.tier = product.tier;
  if (couponCode) metadata.couponCode = couponCode;
  try {
    const customer = await stripeCustomerFor(ctx, stripe, user);
    const session = await stripe.checkout.sessions.create({
      mode: product.recurring ? 'subscription' : 'payment',
      customer,
      client_reference_id: user.id,
      line_items: [
        {
          quantity: 1,
          price_data: {
            currency: 'usd',
            unit_amount: product.amountCents,
            product_data: { name: product.name },
            ...(product.recurring ? { recurring: { interval: 'month' as const } } : {}),
          },
        },
      ],
      metadata,
      ...(product.recurring ? { subscription_data: { metadata } } : { payment_intent_data: { metadata } }),
      success_url: successUrl(ctx.config, type, '{CHECKOUT_SESSION_ID}'),
      cancel_url: `${ctx.config.appUrl}${cancelPath(product.productType)}`,
    });
    if (!session.url) throw new AppError(502, 'The payment provider did not return a checkout page. Please try again.');
    return { url: session.url, sessionId: session.id };
  } catch (err) {
    ctx.log.error({ err }, 'Stripe checkout session could not be created');
    throw providerError(err);
  }
}

/** POST /api/stripe/create-checkout-session. */
export async function createCheckoutSession(ctx: PaymentsCtx, user: UserRow, body: CreateCheckoutBody): Promise<CreateCheckoutResult> {
  if (body.productType === 'freeze_day') return startCheckout(ctx, user, productOf('freeze_day', null));
  if (body.productType === 'streak_recovery') {
    const status = await streaks.recoveryStatus(ctx, user.id);
    if (!status.available) throw conflict(PAYMENT_MESSAGES.recoveryUnavailable);
    return startCheckout(ctx, user, productOf('streak_recovery', null));
  }
  const tier: Tier = body.tier;
  if (tier === 'therapy') throw badRequest(PAYMENT_MESSAGES.therapy);
  const sub = subscriptionFromState(await readUserState(ctx, user));
  const paid = sub.billing ?? null;
  if (tier === 'free') return downgradeToFree(ctx, user.id, paid?.tier ?? null);
  if (!isPaidTier(tier)) throw badRequest(PAYMENT_MESSAGES.therapy);
  if (paid && paid.tier === tier && !paid.scheduledTier) throw conflict(PAYMENT_MESSAGES.alreadyOnTier(TIER_LABELS[tier]));
  if (paid && tierRank(tier) < tierRank(paid.tier)) return scheduleDowngrade(ctx, user.id, tier);
  return startCheckout(ctx, user, productOf('subscription', tier), body.couponCode || undefined);
}

async function downgradeToFree(ctx: PaymentsCtx, userId: string, paidTier: Tier | null): Promise<CreateCheckoutResult> {
  const { stripe } = ctx;
  const current = await subscriptionsStripeId(ctx, userId);
  if (stripe && current) {
    // Stop the charges first: if the provider cannot be reached nothing changes here.
    try {
      await stripe.subscriptions.cancel(current);
    } catch (err) {
      if (!(err instanceof Stripe.errors.StripeError && err.statusCode === 404)) throw providerError(err);
    }
  }
  await inTx(ctx, (tx) => subscriptions.downgradeToFree(tx, userId));
  const message = paidTier
    ? `Your ${TIER_LABELS[paidTier]} membership has ended. You are on the Free plan; your data is kept.`
    : 'You are on the Free plan; your data is kept.';
  return { success: true, tier: 'free', message };
}

async function subscriptionsStripeId(ctx: PaymentsCtx, userId: string): Promise<string | null> {
  const row = await inTx(ctx, (tx) => subscriptions.lockPaidState(tx, userId));
  return row.stripeSubscriptionId;
}

async function scheduleDowngrade(ctx: PaymentsCtx, userId: string, tier: PaidTier): Promise<CreateCheckoutResult> {
  const { stripe } = ctx;
  const subId = await subscriptionsStripeId(ctx, userId);
  if (stripe && subId) {
    // The next period is charged at the lower price; the current one stays as paid (no proration).
    try {
      const current = await stripe.subscriptions.retrieve(subId);
      const item = current.items.data[0];
      if (!item) throw new AppError(502, 'The payment provider returned a subscription without items. Please try again.');
      const price = await stripePriceFor(stripe, productOf('subscription', tier));
      await stripe.subscriptions.update(subId, {
        proration_behavior: 'none',
        cancel_at_period_end: false,
        items: [{ id: item.id, price }],
        metadata: { userId, productType: 'subscription', tier },
      });
    } catch (err) {
      ctx.log.error({ err }, 'Stripe subscription could not be changed');
      throw providerError(err);
    }
  }
  const effectiveAt = await inTx(ctx, (tx) => subscriptions.scheduleDowngrade(tx, userId, tier));
  const when = effectiveAt.toISOString();
  return {
    success: true,
    tier: (await subscriptions.readSubscription(ctx, userId)).tier,
    scheduledTier: tier,
    effectiveAt: when,
    message: `You will move to ${TIER_LABELS[tier]} at the end of your current billing period. Your data is kept.`,
  };
}

// ---------------------------------------------------------------------------------------------------------
// Processing a returning payment (the success page)
// ---------------------------------------------------------------------------------------------------------

const SUCCESS_TEXT: Record<PaymentType, string> = {
  shield: 'Your shield has been added to your account',
  recovery: 'Your streak has been recovered',
  subscription: 'Your membership has been upgraded successfully',
  other: 'Your payment has been processed successfully',
};

/** POST /api/stripe/process-payment: the session from the provider; granted once; never the client's word. */
export async function processPayment(ctx: PaymentsCtx, userId: string, sessionId: string): Promise<ProcessPaymentResult> {
  const view = await retrieveSession(ctx, sessionId);
  if (!view || view.record.userId !== userId) throw notFound(PAYMENT_MESSAGES.sessionNotFound);
  if (!view.paid) throw conflict(PAYMENT_MESSAGES.notCompleted);
  if (view.underpaid) {
    await holdUnderpaid(ctx, view.record, view.underpaid);
    throw conflict(view.underpaid);
  }
  const r = await fulfil(ctx, view.record);
  if (r.note) throw conflict(r.note);
  const type = PAYMENT_TYPE_OF[view.record.productType];
  return { success: true, type, message: SUCCESS_TEXT[type], alreadyProcessed: !r.granted };
}

// ---------------------------------------------------------------------------------------------------------
// Webhook
// ---------------------------------------------------------------------------------------------------------

/** Verifies the signature (400 when it does not match) and returns the event. */
export function verifyWebhook(ctx: PaymentsCtx, rawBody: Buffer | string, signature: string | string[] | undefined): Stripe.Event {
  const { stripe } = ctx;
  if (!stripe || !ctx.config.stripe) throw notFound('Stripe is not configured on this server');
  if (!signature || Array.isArray(signature)) throw badRequest('Missing Stripe-Signature header');
  try {
    return stripe.webhooks.constructEvent(rawBody, signature, ctx.config.stripe.webhookSecret);
  } catch (err) {
    throw badRequest(`Webhook signature verification failed: ${err instanceof Error ? err.message : 'invalid signature'}`);
  }
}

function invoiceSubscription(invoice: Stripe.Invoice): { id: string | null; metadata: Record<string, string> } {
  const details = invoice.parent?.subscription_details ?? null;
  return { id: idOf(details?.subscription ?? null), metadata: (details?.metadata as Record<string, string> | null) ?? {} };
}

/** Handles one verified event. Every branch is idempotent (the payment's unique id, or a state set). */
export async function handleWebhookEvent(ctx: PaymentsCtx, event: Stripe.Event): Promise<void> {
  const { stripe } = ctx;
  if (!stripe) return;
  const now = ctx.now();
  switch (event.type) {
    case 'checkout.session.completed':
    case 'checkout.session.async_payment_succeeded': {
      const view = await viewStripeSession(stripe, event.data.object, now).catch((err: unknown) => {
        throw providerError(err);
      });
      if (!view) return;
      if (view.paid && view.underpaid) {
        await holdUnderpaid(ctx, view.record, view.underpaid);
      } else if (view.paid) {
        await fulfil(ctx, view.record);
      } else {
        // An async payment method: recorded as pending until Stripe says how it went.
        const p = view.record;
        await inTx(ctx, async (tx) => {
          if (!(await auth.holdUser(tx, p.userId))) return orphaned(tx, p);
          await repo.recordOnce(tx.db, purchaseRow(p, 'pending', now));
        });
      }
      return;
    }
    case 'checkout.session.async_payment_failed': {
      await repo.markPendingFailed(ctx.db, event.data.object.id, now);
      return;
    }
    case 'invoice.paid': {
      const invoice = event.data.object;
      // The first invoice of a subscription is fulfilled through its Checkout Session.
      if (invoice.billing_reason === 'subscription_create') return;
      const sub = invoiceSubscription(invoice);
      if (!sub.id) return;
      const userId = sub.metadata.userId || (await subscriptions.userOfStripeSubscription(ctx, sub.id));
      if (!userId) return;
      const tier = sub.metadata.tier && isPaidTier(sub.metadata.tier) ? sub.metadata.tier : 'premium';
      const end = invoice.lines?.data?.[0]?.period?.end ?? invoice.period_end;
      await fulfil(ctx, {
        provider: 'stripe',
        providerId: invoice.id,
        userId,
        productType: 'subscription',
        tier,
        amountCents: invoice.amount_paid,
        currency: invoice.currency,
        periodEnd: new Date(end * 1000),
        renewal: true,
        autoRenew: true,
        stripeCustomerId: idOf(invoice.customer),
        stripeSubscriptionId: sub.id,
      });
      return;
    }
    case 'invoice.payment_failed': {
      const invoice = event.data.object;
      const sub = invoiceSubscription(invoice);
      if (!sub.id) return;
      const userId = sub.metadata.userId || (await subscriptions.userOfStripeSubscription(ctx, sub.id));
      await inTx(ctx, async (tx) => {
        if (userId && !(await auth.holdUser(tx, userId))) return orphaned(tx, { userId, stripeSubscriptionId: sub.id });
        await subscriptions.setRenewal(tx, sub.id!, false);
        if (userId) {
          const tier = sub.metadata.tier && isPaidTier(sub.metadata.tier) ? sub.metadata.tier : null;
          await repo.recordOnce(tx.db, {
            userId,
            type: 'subscription',
            description: `${tier ? TIER_LABELS[tier] : 'Membership'} payment failed`,
            amountCents: invoice.amount_due,
            currency: invoice.currency,
            status: 'failed',
            provider: 'stripe',
            providerId: `${invoice.id}:failed:${invoice.attempt_count}`,
            createdAt: now,
            updatedAt: now,
          });
        }
      });
      return;
    }
    case 'customer.subscription.updated': {
      const s = event.data.object;
      const renews = (s.status === 'active' || s.status === 'trialing') && !s.cancel_at_period_end && !s.cancel_at;
      await inTx(ctx, async (tx) => {
        const owner = s.metadata?.userId;
        // Still charging an account that was deleted: cancel it.
        if (owner && !ENDED_SUBSCRIPTION.has(s.status) && !(await auth.holdUser(tx, owner))) return orphaned(tx, { userId: owner, stripeSubscriptionId: s.id });
        await subscriptions.setRenewal(tx, s.id, renews);
      });
      return;
    }
    case 'charge.refunded': {
      const charge = event.data.object;
      await reversePayment(ctx, stripe, idOf(charge.payment_intent), { to: 'refunded', refundedCents: charge.amount_refunded });
      return;
    }
    case 'charge.dispute.created': {
      await reversePayment(ctx, stripe, idOf(event.data.object.payment_intent), { to: 'disputed' });
      return;
    }
    case 'charge.dispute.closed': {
      // Won by us: the money stays, the purchase reads completed again (a membership it ended stays ended).
      const dispute = event.data.object;
      if (dispute.status !== 'won') return;
      const row = await purchaseOfPaymentIntent(stripe, ctx, idOf(dispute.payment_intent));
      if (row) await repo.transition(ctx.db, row.id, ['disputed'], 'completed', now);
      return;
    }
    case 'customer.subscription.deleted': {
      await inTx(ctx, (tx) => subscriptions.setRenewal(tx, event.data.object.id, false));
      return;
    }
    default:
      return;
  }
}

/** A paid Checkout Session that took less than our price: recorded as flagged (for a person), nothing granted. */
async function holdUnderpaid(ctx: PaymentsCtx, p: PaymentRecord, note: string): Promise<void> {
  await inTx(ctx, async (tx) => {
    if (!(await auth.holdUser(tx, p.userId))) return orphaned(tx, p);
    const now = tx.now();
    const recorded = await repo.recordOnce(tx.db, { ...purchaseRow(p, 'flagged', now), fulfilmentNote: note });
    if (recorded) tx.log.warn({ payment: p.providerId, amountCents: p.amountCents }, 'underpaid Checkout Session flagged, nothing granted');
  });
}

/**
 * The purchase a Stripe charge paid for, by its PaymentIntent: a one-off session's (kept as its payment_ref), else
 * the invoice that intent paid (Stripe's invoice payments): a renewal's own id, or a subscription session's first.
 */
async function purchaseOfPaymentIntent(stripe: Stripe, ctx: PaymentsCtx, paymentIntent: string | null): Promise<repo.PurchaseRow | undefined> {
  if (!paymentIntent) return undefined;
  const direct = await repo.findByPaymentRefs(ctx.db, [paymentIntent]);
  if (direct) return direct;
  const invoices: string[] = [];
  try {
    const list = await stripe.invoicePayments.list({ payment: { type: 'payment_intent', payment_intent: paymentIntent }, limit: 10 });
    for (const ip of list.data) {
      const inv = idOf(ip.invoice);
      if (inv) invoices.push(inv);
    }
  } catch (err) {
    throw providerError(err);
  }
  return repo.findByPaymentRefs(ctx.db, invoices);
}

const REFUND_NOTES: Record<repo.PurchaseRow['type'], string> = {
  shield: 'Refunded: the shield is taken back if it was still unused.',
  subscription: 'Refunded: the membership ended.',
  streak_recovery: 'Refunded: the recovered streak stays.',
  other: 'Refunded.',
};

/**
 * A refund or a dispute of a payment: in one transaction the purchase moves to `refunded` / `disputed` (only the
 * call that moved it goes on, so an event delivered again changes nothing) and what it bought is taken back: a
 * refunded shield still unused is removed (never below zero), a refunded or disputed membership ends its paid
 * period now and is cancelled at Stripe (a job), a refunded recovery is noted (the streak stays).
 */
async function reversePayment(
  ctx: PaymentsCtx,
  stripe: Stripe,
  paymentIntent: string | null,
  how: { to: 'refunded'; refundedCents: number } | { to: 'disputed' },
): Promise<void> {
  const row = await purchaseOfPaymentIntent(stripe, ctx, paymentIntent);
  if (!row) {
    ctx.log.warn({ paymentIntent, to: how.to }, 'Stripe refund or dispute of a payment not recorded here: ignored');
    return;
  }
  await inTx(ctx, async (tx) => {
    const now = tx.now();
    const refunded = how.to === 'refunded' ? Math.min(how.refundedCents, row.amountCents) : undefined;
    const from: repo.PurchaseRow['status'][] = how.to === 'refunded' ? ['completed', 'disputed', 'flagged', 'pending'] : ['completed', 'flagged'];
    const moved = await repo.transition(tx.db, row.id, from, how.to, now, refunded);
    if (!moved) {
      // Already refunded: a further partial refund only moves the amount.
      if (refunded !== undefined && row.status === 'refunded' && refunded > row.refundedCents) await repo.setRefunded(tx.db, row.id, refunded, now);
      return;
    }
    if (!moved.userId || row.status === 'flagged' || row.status === 'pending') return; // nothing was granted, or nobody to take from
    if (moved.type === 'shield' && how.to === 'refunded') {
      await streaks.revokePurchasedShield(tx, moved.userId, moved.providerId);
    } else if (moved.type === 'subscription') {
      await subscriptions.endPaidPeriodNow(tx, moved.userId, moved.stripeSubscriptionId);
      const sub = moved.stripeSubscriptionId;
      if (sub) await tx.jobs.enqueue(tx.db, { kind: 'stripe.cancel-subscription', key: sub, payload: { subscriptionId: sub } });
    }
    if (how.to === 'refunded') await repo.setFulfilmentNote(tx.db, moved.providerId, REFUND_NOTES[moved.type]);
    tx.log.info({ payment: moved.providerId, status: how.to }, 'payment reversed');
  });
}

// ---------------------------------------------------------------------------------------------------------
// History, billing portal, test checkout
// ---------------------------------------------------------------------------------------------------------

export async function purchaseHistory(ctx: PaymentsCtx, userId: string): Promise<Purchase[]> {
  const rows = await repo.listPurchases(ctx.db, userId);
  return rows.map((r) => ({
    id: r.id,
    type: r.type,
    description: r.description,
    date: r.createdAt.toISOString(),
    amount: centsToDollars(r.amountCents),
    status: r.status,
  }));
}

export async function billingPortal(ctx: PaymentsCtx, userId: string): Promise<{ url: string }> {
  const { stripe } = ctx;
  if (!stripe) throw notFound(PAYMENT_MESSAGES.noPortal);
  const customer = await subscriptions.stripeCustomerOf(ctx, userId);
  if (!customer) throw badRequest(PAYMENT_MESSAGES.noCustomer);
  try {
    const s = await stripe.billingPortal.sessions.create({ customer, return_url: `${ctx.config.appUrl}/upgrade` });
    return { url: s.url };
  } catch (err) {
    ctx.log.error({ err }, 'Stripe billing portal session could not be created');
    throw providerError(err);
  }
}

function requireTestMode(ctx: PaymentsCtx): void {
  if (ctx.stripe) throw notFound('The test checkout is off: this server takes payments with Stripe');
  // Production without Stripe: nothing is sold for free.
  if (!ctx.config.paymentsTestMode) throw new AppError(503, PAYMENT_MESSAGES.unavailable);
}

function testSessionView(row: repo.TestSessionRow): TestCheckoutSession {
  const product = productOf(row.productType, row.tier && isPaidTier(row.tier) ? row.tier : null);
  return {
    id: row.id,
    productType: row.productType,
    tier: row.tier,
    description: product.recurring ? `${product.name} — ${formatUsd(row.amountCents)} a month` : product.name,
    amount: centsToDollars(row.amountCents),
    recurring: product.recurring,
    status: row.status,
    cancelUrl: cancelPath(row.productType),
  };
}

export async function getTestSession(ctx: PaymentsCtx, userId: string, id: string): Promise<TestCheckoutSession> {
  requireTestMode(ctx);
  const row = await repo.findTestSession(ctx.db, id);
  if (!row || row.userId !== userId) throw notFound(PAYMENT_MESSAGES.sessionNotFound);
  return testSessionView(row);
}

/** Pay on the test checkout: the session becomes paid and is fulfilled (as Stripe's webhook would), once. */
export async function payTestSession(ctx: PaymentsCtx, userId: string, id: string): Promise<{ url: string }> {
  requireTestMode(ctx);
  const row = await repo.payTestSession(ctx.db, id, userId, ctx.now());
  if (!row) throw notFound(PAYMENT_MESSAGES.sessionNotFound);
  if (row.status === 'cancelled') throw conflict('This checkout was cancelled. Start a new one to pay.');
  const r = await fulfil(ctx, viewTestSession(row).record);
  if (r.note) ctx.log.warn({ session: id }, r.note);
  const type = PAYMENT_TYPE_OF[row.productType];
  return { url: `/payment-success?session_id=${row.id}&type=${type}` };
}

export async function cancelTestSession(ctx: PaymentsCtx, userId: string, id: string): Promise<{ url: string }> {
  requireTestMode(ctx);
  const row = await repo.cancelTestSession(ctx.db, id, userId);
  if (!row) throw notFound(PAYMENT_MESSAGES.sessionNotFound);
  if (row.status === 'paid') throw conflict('This checkout is already paid.');
  return { url: cancelPath(row.productType) };
}
