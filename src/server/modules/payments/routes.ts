import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { AppError } from '@server/errors';
import { currentUser, requireUser, requireVerifiedEmail } from '@server/plugins/session';
import {
  createCheckoutBodySchema,
  createCheckoutResultSchema,
  processPaymentBodySchema,
  processPaymentResultSchema,
  purchaseHistorySchema,
  sessionIdParamsSchema,
  testCheckoutSessionSchema,
  urlResultSchema,
} from '@shared/schemas/payments';
import { z } from 'zod';
import { perUserRateLimit, USER_LIMITS } from '@server/plugins/rate-limit';
import * as service from './service';
import { contextOf } from '@server/context';

/**
 * Payments (docs/decisions/017-payments.md): Stripe Checkout when STRIPE_SECRET_KEY and STRIPE_WEBHOOK_SECRET are
 * set, else the built-in TEST MODE checkout. Fulfilment comes only from the provider (the signed webhook, or the
 * session looked up by process-payment), once per payment.
 */
const routes: FastifyPluginAsyncZod = async (app) => {
  const stripe = service.stripeClient(app.config);
  const ctx = (req: FastifyRequest): service.PaymentsCtx => ({ ...contextOf(req), stripe });
  const guard = { onRequest: requireUser };
  if (!stripe && app.config.nodeEnv === 'production') {
    if (app.config.paymentsTestMode) {
      app.log.warn('PAYMENTS_TEST_MODE=on without Stripe in production: the built-in test checkout gives every tier and shield away for free');
    } else {
      app.log.warn('Stripe is not configured: payments are off (checkout answers 503). Set STRIPE_SECRET_KEY and STRIPE_WEBHOOK_SECRET to take payments.');
    }
  }

  app.post(
    '/stripe/create-checkout-session',
    {
      // A purchase waits for a verified address (docs/decisions/037).
      onRequest: requireVerifiedEmail('purchase'),
      config: { rateLimit: perUserRateLimit('checkout', USER_LIMITS.checkout) },
      schema: { body: createCheckoutBodySchema, response: { 200: createCheckoutResultSchema } },
    },
    async (req) => service.createCheckoutSession(ctx(req), currentUser(req), req.body),
  );

  app.post(
    '/stripe/process-payment',
    {
      ...guard,
      config: { rateLimit: perUserRateLimit('process-payment', USER_LIMITS.processPayment) },
      schema: { body: processPaymentBodySchema, response: { 200: processPaymentResultSchema } },
    },
    async (req) => service.processPayment(ctx(req), currentUser(req).id, req.body.sessionId),
  );

  app.get('/purchase-history', { ...guard, schema: { response: { 200: purchaseHistorySchema } } }, async (req, reply) => {
    reply.header('Cache-Control', 'no-store');
    return service.purchaseHistory(ctx(req), currentUser(req).id);
  });

  app.post('/stripe/portal', { ...guard, schema: { response: { 200: urlResultSchema } } }, async (req) =>
    service.billingPortal(ctx(req), currentUser(req).id),
  );

  // The built-in test checkout (404 when Stripe is configured).
  app.get(
    '/stripe/test-checkout/:id',
    { ...guard, schema: { params: sessionIdParamsSchema, response: { 200: testCheckoutSessionSchema } } },
    async (req, reply) => {
      reply.header('Cache-Control', 'no-store');
      return service.getTestSession(ctx(req), currentUser(req).id, req.params.id);
    },
  );
  app.post(
    '/stripe/test-checkout/:id/pay',
    { ...guard, schema: { params: sessionIdParamsSchema, response: { 200: urlResultSchema } } },
    async (req) => service.payTestSession(ctx(req), currentUser(req).id, req.params.id),
  );
  app.post(
    '/stripe/test-checkout/:id/cancel',
    { ...guard, schema: { params: sessionIdParamsSchema, response: { 200: urlResultSchema } } },
    async (req) => service.cancelTestSession(ctx(req), currentUser(req).id, req.params.id),
  );

  // Stripe's webhook: the raw body is needed for the signature, so this encapsulated scope parses JSON as a Buffer.
  await app.register(async (hook) => {
    hook.removeAllContentTypeParsers();
    hook.addContentTypeParser('*', { parseAs: 'buffer', bodyLimit: 1024 * 1024 }, (_req, body, done) => done(null, body));
    hook.post(
      '/stripe/webhook',
      // Stripe posts server to server, from its own origin: the Origin check does not apply.
      { config: { skipOriginCheck: true }, schema: { response: { 200: z.object({ received: z.literal(true) }) } } },
      async (req) => {
        const raw = Buffer.isBuffer(req.body) ? req.body : Buffer.from(typeof req.body === 'string' ? req.body : '');
        const event = service.verifyWebhook(ctx(req), raw, req.headers['stripe-signature']);
        try {
          await service.handleWebhookEvent(ctx(req), event);
        } catch (err) {
          if (err instanceof AppError) throw err;
          // A well-signed event never gets a 500: the failure is logged, and 503 has Stripe send it again later.
          req.log.error({ err, event: event.id, type: event.type }, 'Stripe webhook event could not be handled');
          throw new AppError(503, 'The event could not be handled now. Stripe will send it again.');
        }
        return { received: true as const };
      },
    );
  });
};

export default routes;
