import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { correlationsResponseSchema, strengthResponseSchema, yearQuerySchema, yearResponseSchema } from '@shared/schemas/insights';
import { currentUser, requireUser } from '@server/plugins/session';
import { contextOf } from '@server/context';
import { correlationsFor, yearFor } from './service';
import { strengthOf } from '../streaks/service';

/** Insights under /api/insights. */
const routes: FastifyPluginAsyncZod = async (app) => {
  app.get('/correlations', { onRequest: requireUser, schema: { response: { 200: correlationsResponseSchema } } }, async (req) =>
    correlationsFor(contextOf(req), currentUser(req)),
  );
  app.get(
    '/year',
    { onRequest: requireUser, schema: { querystring: yearQuerySchema, response: { 200: yearResponseSchema } } },
    async (req) => yearFor(contextOf(req), currentUser(req), req.query.year, req.query.area ?? null),
  );
  // Issue 28: the strength score, all tiers.
  app.get('/strength', { onRequest: requireUser, schema: { response: { 200: strengthResponseSchema } } }, async (req) =>
    strengthOf(contextOf(req), currentUser(req).id),
  );
};

export default routes;
