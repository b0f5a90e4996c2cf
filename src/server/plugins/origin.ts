import fp from 'fastify-plugin';
import { forbidden } from '../errors';

const SAFE = new Set(['GET', 'HEAD', 'OPTIONS']);

declare module 'fastify' {
  interface FastifyContextConfig {
    /** A route called server to server by a third party that proves itself otherwise (Stripe's signed webhook). */
    skipOriginCheck?: boolean;
  }
}

/**
 * Cross-site request defence on top of SameSite=Lax cookies: a state-changing call that carries an
 * Origin header must come from the app's own origin (APP_URL) or the host it was addressed to.
 */
export default fp(
  async (app) => {
    const allowed = new URL(app.config.appUrl).origin;
    app.addHook('onRequest', async (request) => {
      if (SAFE.has(request.method)) return;
      if (request.routeOptions.config?.skipOriginCheck) return;
      const origin = request.headers.origin;
      if (!origin) return;
      const host = request.headers.host;
      if (origin === allowed) return;
      if (host && (origin === `http://${host}` || origin === `https://${host}`)) return;
      throw forbidden('Cross-site request refused');
    });
  },
  { name: 'origin-check' },
);
