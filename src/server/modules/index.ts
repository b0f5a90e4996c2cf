import type { FastifyInstance } from 'fastify';
import healthRoutes from './health/routes';
import authRoutes from './auth/routes';
import userRoutes from './user/routes';
import checkInRoutes from './check-ins/routes';
import tipsRoutes from './tips/routes';

/** Every API module, registered under /api. Add one line per module. */
export async function registerModules(app: FastifyInstance): Promise<void> {
  await app.register(healthRoutes);
  await app.register(authRoutes, { prefix: '/auth' });
  await app.register(userRoutes, { prefix: '/user' });
  await app.register(checkInRoutes);
  await app.register(tipsRoutes);
  await app.register(import('./streaks/routes'));
  await app.register(import('./subscriptions/routes'));
  await app.register(import('./rewards/routes'));
  await app.register(import('./coupons/routes'));
  await app.register(import('./dev-tools/routes'));
  await app.register(import('./feedback/routes'));
  await app.register(import('./admin-feedback/routes'));
  await app.register(import('./ai-coach/routes'), { prefix: '/ai-coach' });
  await app.register(import('./admin/routes'));
}
