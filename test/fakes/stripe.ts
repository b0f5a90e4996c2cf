import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

/**
 * A fake Stripe API on 127.0.0.1 that the real `stripe` SDK talks to (STRIPE_API_URL). It implements the calls
 * the payments module makes — customers, Checkout Sessions (create, retrieve with expand), subscriptions
 * (retrieve, update, cancel), products, billing portal sessions — records every request with its decoded
 * form parameters, and lets a test complete a session as a customer paying would.
 */

export type Params = { [key: string]: string | Params | Params[] | string[] };

export interface RecordedRequest {
  method: string;
  path: string;
  params: Params;
}

export interface FakeSession {
  id: string;
  object: 'checkout.session';
  mode: string;
  status: 'open' | 'complete' | 'expired';
  payment_status: 'unpaid' | 'paid' | 'no_payment_required';
  url: string;
  customer: string | null;
  metadata: Record<string, string>;
  amount_total: number;
  currency: string;
  subscription: string | null;
  success_url: string;
  cancel_url: string;
  client_reference_id: string | null;
  created: number;
  /** Payment mode: the PaymentIntent that paid it (set when completed). */
  payment_intent: string | null;
  /** Subscription mode: the subscription's first invoice (set when completed). */
  invoice: string | null;
}

export interface FakePrice {
  id: string;
  object: 'price';
  product: string;
  unit_amount: number;
  currency: string;
  lookup_key: string | null;
  active: boolean;
  recurring: { interval: string } | null;
}

export interface FakeSubscription {
  id: string;
  object: 'subscription';
  status: string;
  customer: string | null;
  cancel_at_period_end: boolean;
  cancel_at: number | null;
  metadata: Record<string, string>;
  items: { object: 'list'; data: Array<{ id: string; object: 'subscription_item'; current_period_end: number; current_period_start: number; price: { unit_amount: number; product: string } }> };
}

/** Decodes Stripe's form encoding (a[b][0][c]=v) into nested objects and arrays. */
export function decodeForm(body: string): Params {
  const out: Params = {};
  for (const [rawKey, value] of new URLSearchParams(body)) {
    const parts = [...rawKey.matchAll(/([^[\]]+)/g)].map((m) => m[1]!);
    let node: Record<string, unknown> = out;
    parts.forEach((part, i) => {
      const last = i === parts.length - 1;
      if (last) {
        node[part] = value;
        return;
      }
      const nextIsIndex = /^\d+$/.test(parts[i + 1]!);
      node[part] ??= nextIsIndex ? [] : {};
      node = node[part] as Record<string, unknown>;
    });
  }
  return out;
}

export class FakeStripe {
  readonly requests: RecordedRequest[] = [];
  readonly sessions = new Map<string, FakeSession>();
  readonly subscriptions = new Map<string, FakeSubscription>();
  /** PaymentIntent → the invoice it paid (Stripe's invoice payments). */
  readonly invoicePayments = new Map<string, string>();
  readonly prices = new Map<string, FakePrice>();
  /** Period end given to new subscriptions (unix seconds). */
  periodEnd = Math.floor(Date.parse('2026-04-10T12:00:00Z') / 1000);
  /** Make the next calls fail with this status (e.g. 500), until cleared. */
  failWith: number | null = null;
  /** Calls to fail once each, by 'METHOD /path': how many more times, and with which status. */
  private readonly failures = new Map<string, { times: number; status: number }>();
  private server: Server | null = null;
  private seq = 0;
  url = '';

  async start(): Promise<this> {
    this.server = createServer((req, res) => {
      void this.handle(req, res);
    });
    await new Promise<void>((resolve) => this.server!.listen(0, '127.0.0.1', resolve));
    const { port } = this.server.address() as AddressInfo;
    this.url = `http://127.0.0.1:${port}`;
    return this;
  }

  async stop(): Promise<void> {
    await new Promise<void>((resolve) => (this.server ? this.server.close(() => resolve()) : resolve()));
  }

  /**
   * The next `times` calls to exactly `methodAndPath` (e.g. 'DELETE /v1/subscriptions/sub_1') fail with `status`
   * (an API error, Stripe-Should-Retry: false, so the SDK does not retry it by itself: one call per attempt).
   */
  failNext(methodAndPath: string, times = 1, status = 503): void {
    this.failures.set(methodAndPath, { times, status });
  }

  /** The requests made to a path (e.g. 'POST /v1/checkout/sessions'). */
  calls(methodAndPath: string): RecordedRequest[] {
    const [method, path] = methodAndPath.split(' ');
    return this.requests.filter((r) => r.method === method && (r.path === path || (path!.endsWith('*') && r.path.startsWith(path!.slice(0, -1)))));
  }

  /** The customer pays: the session completes; subscription mode creates an active subscription. */
  complete(sessionId: string, paymentStatus: FakeSession['payment_status'] = 'paid'): FakeSession {
    const s = this.sessions.get(sessionId);
    if (!s) throw new Error(`no session ${sessionId}`);
    s.status = 'complete';
    s.payment_status = paymentStatus;
    if (s.mode === 'subscription' && !s.subscription) {
      const sub = this.newSubscription(s.customer, (s as FakeSession & { subscriptionMetadata?: Record<string, string> }).subscriptionMetadata ?? s.metadata, s.amount_total);
      s.subscription = sub.id;
      s.invoice = `in_${++this.seq}`;
      this.invoicePayments.set(`pi_${++this.seq}`, s.invoice);
    } else if (s.mode === 'payment' && !s.payment_intent) {
      s.payment_intent = `pi_${++this.seq}`;
    }
    return s;
  }

  /** A renewal invoice paid: the PaymentIntent that paid it (its charge's). */
  payInvoice(invoiceId: string): string {
    const pi = `pi_${++this.seq}`;
    this.invoicePayments.set(pi, invoiceId);
    return pi;
  }

  /** The PaymentIntent that paid a completed session (a subscription's: its first invoice's). */
  paymentIntentOf(sessionId: string): string {
    const s = this.sessions.get(sessionId);
    if (!s) throw new Error(`no session ${sessionId}`);
    if (s.payment_intent) return s.payment_intent;
    const found = [...this.invoicePayments].find(([, inv]) => inv === s.invoice);
    if (!found) throw new Error(`session ${sessionId} is not paid`);
    return found[0];
  }

  /** A charge of a PaymentIntent as a `charge.refunded` event carries it. */
  chargeObject(paymentIntent: string, amount: number, amountRefunded = amount) {
    return {
      id: `ch_${paymentIntent.slice(3)}`,
      object: 'charge',
      amount,
      amount_captured: amount,
      amount_refunded: amountRefunded,
      refunded: amountRefunded >= amount,
      currency: 'usd',
      payment_intent: paymentIntent,
      status: 'succeeded',
      metadata: {},
    };
  }

  /** A dispute of a PaymentIntent's charge as `charge.dispute.*` events carry it. */
  disputeObject(paymentIntent: string, amount: number, status = 'needs_response') {
    return { id: `dp_${paymentIntent.slice(3)}`, object: 'dispute', amount, currency: 'usd', charge: `ch_${paymentIntent.slice(3)}`, payment_intent: paymentIntent, status };
  }

  /** The session as Stripe would embed it in an event (subscription as an id). */
  sessionObject(sessionId: string): FakeSession {
    const s = this.sessions.get(sessionId);
    if (!s) throw new Error(`no session ${sessionId}`);
    const { ...copy } = s as FakeSession & { subscriptionMetadata?: unknown };
    delete (copy as { subscriptionMetadata?: unknown }).subscriptionMetadata;
    return copy;
  }

  /** A live subscription made outside a checkout (e.g. a second one of the same customer). */
  addSubscription(customer: string | null, metadata: Record<string, string>, amount = 499): FakeSubscription {
    return this.newSubscription(customer, metadata, amount);
  }

  private newSubscription(customer: string | null, metadata: Record<string, string>, amount: number): FakeSubscription {
    const id = `sub_${++this.seq}`;
    const sub: FakeSubscription = {
      id,
      object: 'subscription',
      status: 'active',
      customer,
      cancel_at_period_end: false,
      cancel_at: null,
      metadata: { ...metadata },
      items: {
        object: 'list',
        data: [
          {
            id: `si_${this.seq}`,
            object: 'subscription_item',
            current_period_start: this.periodEnd - 30 * 86400,
            current_period_end: this.periodEnd,
            price: { unit_amount: amount, product: `prod_${this.seq}` },
          },
        ],
      },
    };
    this.subscriptions.set(id, sub);
    return sub;
  }

  private send(res: ServerResponse, status: number, body: unknown): void {
    res.writeHead(status, { 'Content-Type': 'application/json', 'Request-Id': `req_${++this.seq}` });
    res.end(JSON.stringify(body));
  }

  private notFound(res: ServerResponse, what: string): void {
    this.send(res, 404, { error: { type: 'invalid_request_error', code: 'resource_missing', message: `No such ${what}` } });
  }

  private async handle(req: IncomingMessage, res: ServerResponse): Promise<void> {
    const chunks: Buffer[] = [];
    for await (const c of req) chunks.push(c as Buffer);
    const url = new URL(req.url ?? '/', 'http://x');
    const method = req.method ?? 'GET';
    const params = decodeForm(method === 'GET' || method === 'DELETE' ? url.search.slice(1) : Buffer.concat(chunks).toString('utf8'));
    this.requests.push({ method, path: url.pathname, params });
    if (!(req.headers.authorization ?? '').startsWith('Bearer sk_')) {
      return this.send(res, 401, { error: { type: 'invalid_request_error', message: 'Invalid API Key provided' } });
    }
    if (this.failWith) return this.send(res, this.failWith, { error: { type: 'api_error', message: 'Fake Stripe failure' } });
    const failure = this.failures.get(`${method} ${url.pathname}`);
    if (failure && failure.times > 0) {
      failure.times -= 1;
      res.writeHead(failure.status, { 'Content-Type': 'application/json', 'Request-Id': `req_${++this.seq}`, 'Stripe-Should-Retry': 'false' });
      res.end(JSON.stringify({ error: { type: 'api_error', message: 'Fake Stripe: temporarily unavailable' } }));
      return;
    }
    const p = url.pathname;
    let m: RegExpMatchArray | null;

    if (method === 'POST' && p === '/v1/customers') {
      return this.send(res, 200, { id: `cus_${++this.seq}`, object: 'customer', email: params.email ?? null, metadata: params.metadata ?? {} });
    }
    if (method === 'POST' && p === '/v1/products') {
      return this.send(res, 200, { id: `prod_${++this.seq}`, object: 'product', name: params.name });
    }
    if (method === 'POST' && p === '/v1/checkout/sessions') {
      const id = `cs_test_${++this.seq}${Math.random().toString(36).slice(2, 10)}`;
      const items = (params.line_items as Params[] | undefined) ?? [];
      const amount = items.reduce((sum, it) => {
        const pd = it.price_data as Params | undefined;
        return sum + Number(pd?.unit_amount ?? 0) * Number(it.quantity ?? 1);
      }, 0);
      const subData = params.subscription_data as Params | undefined;
      const session: FakeSession & { subscriptionMetadata?: Record<string, string> } = {
        id,
        object: 'checkout.session',
        mode: String(params.mode),
        status: 'open',
        payment_status: 'unpaid',
        url: `https://checkout.stripe.com/c/pay/${id}`,
        customer: typeof params.customer === 'string' ? params.customer : null,
        metadata: (params.metadata as Record<string, string>) ?? {},
        amount_total: amount,
        currency: 'usd',
        subscription: null,
        success_url: String(params.success_url).replace('{CHECKOUT_SESSION_ID}', id),
        cancel_url: String(params.cancel_url),
        client_reference_id: typeof params.client_reference_id === 'string' ? params.client_reference_id : null,
        created: Math.floor(Date.now() / 1000),
        subscriptionMetadata: (subData?.metadata as Record<string, string>) ?? undefined,
        payment_intent: null,
        invoice: null,
      };
      this.sessions.set(id, session);
      return this.send(res, 200, this.sessionObject(id));
    }
    if (method === 'GET' && (m = p.match(/^\/v1\/checkout\/sessions\/([^/]+)$/))) {
      const s = this.sessions.get(decodeURIComponent(m[1]!));
      if (!s) return this.notFound(res, `checkout.session: '${m[1]}'`);
      const out: Record<string, unknown> = { ...this.sessionObject(s.id) };
      const expand = params.expand as string[] | undefined;
      if (expand?.includes('subscription') && s.subscription) out.subscription = this.subscriptions.get(s.subscription) ?? s.subscription;
      return this.send(res, 200, out);
    }
    if (method === 'GET' && p === '/v1/invoice_payments') {
      const payment = params.payment as Params | undefined;
      const pi = typeof payment?.payment_intent === 'string' ? payment.payment_intent : '';
      const inv = this.invoicePayments.get(pi);
      const data = inv ? [{ id: `inpay_${pi.slice(3)}`, object: 'invoice_payment', invoice: inv, is_default: true, status: 'paid', payment: { type: 'payment_intent', payment_intent: pi } }] : [];
      return this.send(res, 200, { object: 'list', url: '/v1/invoice_payments', has_more: false, data });
    }
    if (method === 'GET' && p === '/v1/prices') {
      const keys = (params.lookup_keys as string[] | undefined) ?? [];
      const data = [...this.prices.values()].filter((pr) => pr.active && pr.lookup_key !== null && keys.includes(pr.lookup_key));
      return this.send(res, 200, { object: 'list', url: '/v1/prices', has_more: false, data });
    }
    if (method === 'POST' && p === '/v1/prices') {
      const lookupKey = typeof params.lookup_key === 'string' ? params.lookup_key : null;
      if (lookupKey && params.transfer_lookup_key === 'true') for (const pr of this.prices.values()) if (pr.lookup_key === lookupKey) pr.lookup_key = null;
      const recurring = params.recurring as Params | undefined;
      const price: FakePrice = {
        id: `price_${++this.seq}`,
        object: 'price',
        product: String(params.product),
        unit_amount: Number(params.unit_amount),
        currency: String(params.currency ?? 'usd'),
        lookup_key: lookupKey,
        active: true,
        recurring: recurring ? { interval: String(recurring.interval) } : null,
      };
      this.prices.set(price.id, price);
      return this.send(res, 200, price);
    }
    if (method === 'GET' && p === '/v1/subscriptions') {
      const status = typeof params.status === 'string' ? params.status : 'active';
      const data = [...this.subscriptions.values()].filter(
        (sub) => (!params.customer || sub.customer === params.customer) && (status === 'all' ? true : sub.status === status),
      );
      return this.send(res, 200, { object: 'list', url: '/v1/subscriptions', has_more: false, data });
    }
    if ((m = p.match(/^\/v1\/subscriptions\/([^/]+)$/))) {
      const sub = this.subscriptions.get(decodeURIComponent(m[1]!));
      if (!sub) return this.notFound(res, `subscription: '${m[1]}'`);
      if (method === 'GET') return this.send(res, 200, sub);
      if (method === 'DELETE') {
        sub.status = 'canceled';
        return this.send(res, 200, sub);
      }
      if (method === 'POST') {
        if (params.metadata) sub.metadata = { ...sub.metadata, ...(params.metadata as Record<string, string>) };
        if (params.cancel_at_period_end !== undefined) sub.cancel_at_period_end = params.cancel_at_period_end === 'true';
        const items = params.items as Params[] | undefined;
        const pd = items?.[0]?.price_data as Params | undefined;
        if (pd && sub.items.data[0]) sub.items.data[0].price = { unit_amount: Number(pd.unit_amount), product: String(pd.product) };
        const priceId = items?.[0]?.price;
        const known = typeof priceId === 'string' ? this.prices.get(priceId) : undefined;
        if (typeof priceId === 'string' && !known) return this.notFound(res, `price: '${priceId}'`);
        if (known && sub.items.data[0]) sub.items.data[0].price = { unit_amount: known.unit_amount, product: known.product };
        return this.send(res, 200, sub);
      }
    }
    if (method === 'POST' && p === '/v1/billing_portal/sessions') {
      return this.send(res, 200, {
        id: `bps_${++this.seq}`,
        object: 'billing_portal.session',
        customer: params.customer,
        return_url: params.return_url,
        url: `https://billing.stripe.com/p/session/test_${this.seq}`,
      });
    }
    return this.send(res, 404, { error: { type: 'invalid_request_error', message: `Unrecognized request URL (${method}: ${p})` } });
  }
}
