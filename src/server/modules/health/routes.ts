import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { healthReportSchema, versionSchema, type HealthReport } from '@shared/schemas/health';
import { healthReport, memoryPercentage } from './report';
import { APP_VERSION } from '@shared/version';

const routes: FastifyPluginAsyncZod = async (app) => {
  app.get('/health', { schema: { response: { 200: healthReportSchema, 503: healthReportSchema } } }, async (_req, reply) => {
    try {
      return await healthReport(app.db);
    } catch (err) {
      app.log.error({ err }, 'health check: database unreachable');
      const down: HealthReport = { status: 'unhealthy', database: { responseTime: -1 }, memory: { percentage: memoryPercentage() }, uptime: Math.round(process.uptime()) };
      return reply.status(503).send(down);
    }
  });

  app.get('/version', { schema: { response: { 200: versionSchema } } }, async (_req, reply) => {
    reply.header('Cache-Control', 'no-store');
    return { version: APP_VERSION };
  });
};

export default routes;
