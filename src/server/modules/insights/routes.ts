import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { correlationsResponseSchema } from '@shared/schemas/insights';
import { currentUser, requireUser } from '@server/plugins/session';
import { contextOf } from '@server/context';
import { correlationsFor } from './service';

/** Insights under /api/insights. */
const routes: FastifyPluginAsyncZod = async (app) => {
  app.get('/correlations', { onRequest: requireUser, schema: { response: { 200: correlationsResponseSchema } } }, async (req) =>
    correlationsFor(contextOf(req), currentUser(req)),
  );
};

export default routes;
