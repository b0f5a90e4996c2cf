import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { currentUser, requireUser } from '@server/plugins/session';
import { messageSchema } from '@shared/schemas/streaks';
import { dismissTrialExpiryBodySchema, subscriptionSchema } from '@shared/schemas/subscriptions';
import * as service from './service';
import { readUserState } from '../user-state/service';
import { subscriptionFromState } from '../user-state/views';
import { contextOf } from '@server/context';

const routes: FastifyPluginAsyncZod = async (app) => {
  app.get('/subscription', { onRequest: requireUser, schema: { response: { 200: subscriptionSchema } } }, async (req) =>
    subscriptionFromState(await readUserState(contextOf(req), currentUser(req)), app.config),
  );
  app.post(
    '/subscription/dismiss-trial-expiry',
    { onRequest: requireUser, schema: { body: dismissTrialExpiryBodySchema, response: { 200: messageSchema } } },
    async (req) => service.dismissTrialExpiry(contextOf(req), currentUser(req).id),
  );
};

export default routes;
