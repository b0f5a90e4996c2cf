import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  analyticsMetricsSchema,
  businessMetricsSchema,
  failedJobsQuerySchema,
  failedJobsSchema,
  scalingReadinessSchema,
  timeRangeQuerySchema,
} from '@shared/schemas/analytics';
import { requireAdmin } from '@server/plugins/session';
import * as service from './service';
import { contextOf } from '@server/context';

/**
 * Owner analytics (DECISIONS: admin only): GET /api/admin/business-metrics, GET /api/admin/scaling-readiness,
 * GET /api/analytics/business-metrics?timeRange=7d|30d|90d|all, and the system's failed background jobs
 * (GET /api/admin/jobs/failed?limit=). 401 signed out, 403 for anyone not in ADMIN_EMAILS (checked before the query
 * is validated), 400 for another timeRange or limit.
 */
const routes: FastifyPluginAsyncZod = async (app) => {
  const guard = { onRequest: requireAdmin };

  app.get('/admin/business-metrics', { ...guard, schema: { response: { 200: businessMetricsSchema } } }, async (req) => service.businessMetrics(contextOf(req)));

  app.get('/admin/scaling-readiness', { ...guard, schema: { response: { 200: scalingReadinessSchema } } }, async (req) => service.scalingReadiness(contextOf(req)));

  app.get(
    '/admin/jobs/failed',
    { ...guard, schema: { querystring: failedJobsQuerySchema, response: { 200: failedJobsSchema } } },
    async (req, reply) => {
      reply.header('Cache-Control', 'no-store');
      return service.failedJobs(contextOf(req), req.query.limit);
    },
  );

  app.get(
    '/analytics/business-metrics',
    { ...guard, schema: { querystring: timeRangeQuerySchema, response: { 200: analyticsMetricsSchema } } },
    async (req) => service.analyticsMetrics(contextOf(req), req.query.timeRange),
  );
};

export default routes;
