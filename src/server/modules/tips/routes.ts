import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { tipsResponseSchema } from '@shared/schemas/check-ins';
import { currentUser, requireUser } from '@server/plugins/session';
import { personalisedTips } from './service';
import { contextOf } from '@server/context';

const routes: FastifyPluginAsyncZod = async (app) => {
  app.get('/premium/tips', { onRequest: requireUser, schema: { response: { 200: tipsResponseSchema } } }, async (req) => ({
    tips: await personalisedTips(contextOf(req), currentUser(req)),
  }));
};

export default routes;
