import type { FastifyInstance } from 'fastify';
import healthRoutes from './health/routes';

/** Every API module, registered under /api. Add one line per module. */
export async function registerModules(app: FastifyInstance): Promise<void> {
  await app.register(healthRoutes);
}
