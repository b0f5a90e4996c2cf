import type { FastifyInstance } from 'fastify';
import Stripe from 'stripe';

export const WEBHOOK_SECRET = 'whsec_test_secret';
const signer = new Stripe('sk_test_signer');
let seq = 0;

/** Posts a Stripe event to the app's webhook, signed with the secret (or another one), as Stripe would. */
export async function postStripeEvent(app: FastifyInstance, type: string, object: unknown, opts: { id?: string; secret?: string } = {}) {
  const payload = JSON.stringify({
    id: opts.id ?? `evt_h${++seq}`,
    object: 'event',
    type,
    api_version: '2026-10-28.endive',
    created: 1,
    data: { object },
  });
  const header = signer.webhooks.generateTestHeaderString({ payload, secret: opts.secret ?? WEBHOOK_SECRET });
  const res = await app.inject({
    method: 'POST',
    url: '/api/stripe/webhook',
    headers: { 'content-type': 'application/json', 'stripe-signature': header },
    payload,
  });
  return { status: res.statusCode, body: res.json() as Record<string, unknown> };
}

/** The environment that points the app at a FakeStripe. */
export const stripeEnv = (fakeUrl: string): Record<string, string> => ({
  STRIPE_SECRET_KEY: 'sk_test_fake',
  STRIPE_WEBHOOK_SECRET: WEBHOOK_SECRET,
  STRIPE_API_URL: fakeUrl,
});
