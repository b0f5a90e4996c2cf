import os from 'node:os';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { healthReportSchema, versionSchema, type HealthReport } from '../../../shared/schemas/health';
import { pingDb } from '../../db/client';
import { APP_VERSION } from '../../../shared/version';

const routes: FastifyPluginAsyncZod = async (app) => {
  app.get('/health', { schema: { response: { 200: healthReportSchema, 503: healthReportSchema } } }, async (_req, reply) => {
    const memory = { percentage: Math.round((1 - os.freemem() / os.totalmem()) * 1000) / 10 };
    const uptime = Math.round(process.uptime());
    try {
      const responseTime = await pingDb(app.db);
      const status: HealthReport['status'] = responseTime > 1000 || memory.percentage > 95 ? 'degraded' : 'healthy';
      return { status, database: { responseTime }, memory, uptime };
    } catch (err) {
      app.log.error({ err }, 'health check: database unreachable');
      return reply.status(503).send({ status: 'unhealthy', database: { responseTime: -1 }, memory, uptime });
    }
  });

  app.get('/version', { schema: { response: { 200: versionSchema } } }, async (_req, reply) => {
    reply.header('Cache-Control', 'no-store');
    return { version: APP_VERSION };
  });
};

export default routes;
