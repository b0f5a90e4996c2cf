import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { currentUser, requireUser } from '@server/plugins/session';
import { messageSchema } from '@shared/schemas/streaks';
import { dismissTrialExpiryBodySchema, subscriptionSchema } from '@shared/schemas/subscriptions';
import * as service from './service';
import { readUserState } from '../user-state/service';
import { subscriptionFromState } from '../user-state/views';
import { contextOf } from '@server/context';

const routes: FastifyPluginAsyncZod = async (app) => {
  // Production without Stripe and without PAYMENTS_TEST_MODE sells nothing (checkout answers 503): the screen says so.
  const paymentsOff = !app.config.stripe && !app.config.paymentsTestMode;
  app.get('/subscription', { onRequest: requireUser, schema: { response: { 200: subscriptionSchema } } }, async (req) => {
    const sub = subscriptionFromState(await readUserState(contextOf(req), currentUser(req)));
    return paymentsOff ? { ...sub, paymentsUnavailable: true as const } : sub;
  });
  app.post(
    '/subscription/dismiss-trial-expiry',
    { onRequest: requireUser, schema: { body: dismissTrialExpiryBodySchema, response: { 200: messageSchema } } },
    async (req) => service.dismissTrialExpiry(contextOf(req), currentUser(req).id),
  );
};

export default routes;
