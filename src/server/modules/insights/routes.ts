import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { correlationsResponseSchema, strengthResponseSchema } from '@shared/schemas/insights';
import { currentUser, requireUser } from '@server/plugins/session';
import { contextOf } from '@server/context';
import { correlationsFor } from './service';
import { strengthView } from '../streaks/service';

/** Insights under /api/insights. */
const routes: FastifyPluginAsyncZod = async (app) => {
  app.get('/correlations', { onRequest: requireUser, schema: { response: { 200: correlationsResponseSchema } } }, async (req) =>
    correlationsFor(contextOf(req), currentUser(req)),
  );
  // Issue 28: the strength score, all tiers.
  app.get('/strength', { onRequest: requireUser, schema: { response: { 200: strengthResponseSchema } } }, async (req) =>
    strengthView(contextOf(req), currentUser(req).id),
  );
};

export default routes;
