import fp from 'fastify-plugin';
import helmet, { type HelmetOptions } from 'helmet';
import { forbidden } from '../errors';

/**
 * The browser-facing defences every request passes, in one onRequest pass: helmet's security headers on every
 * answer, and the cross-site check of a state-changing call (on top of SameSite=Lax cookies).
 */

declare module 'fastify' {
  interface FastifyContextConfig {
    /** A route called server to server by a third party that proves itself otherwise (Stripe's signed webhook). */
    skipOriginCheck?: boolean;
  }
}

const SAFE = new Set(['GET', 'HEAD', 'OPTIONS']);

/**
 * Helmet's security headers (CSP, HSTS, nosniff, frame and referrer policies…) on every answer. Our options hold no
 * per-request part (no CSP nonces), so helmet's middleware is run ONCE, against a stand-in response, and the headers
 * it sets are copied onto each reply: @fastify/helmet builds the middleware again for every request, which cost ~4%
 * of a cached read's CPU (decision 016). Tests read the headers of real answers.
 */
export function helmetHeaders(options: HelmetOptions): Record<string, string> {
  const headers: Record<string, string> = {};
  const res = {
    setHeader(name: string, value: string | number | readonly string[]) {
      headers[name.toLowerCase()] = Array.isArray(value) ? value.join(', ') : String(value);
    },
    removeHeader(name: string) {
      delete headers[name.toLowerCase()];
    },
    getHeader(name: string) {
      return headers[name.toLowerCase()];
    },
  };
  let failed: unknown = null;
  helmet(options)({ method: 'GET', url: '/', headers: {} } as never, res as never, (err?: unknown) => {
    if (err) failed = err;
  });
  if (failed) throw failed instanceof Error ? failed : new Error(String(failed));
  return headers;
}

export interface SecurityOptions {
  helmet: HelmetOptions;
  /** The app's own origin (APP_URL's). */
  appUrl: string;
}

export default fp<SecurityOptions>(
  async (app, opts) => {
    const headers = helmetHeaders(opts.helmet);
    const allowed = new URL(opts.appUrl).origin;
    app.addHook('onRequest', async (request, reply) => {
      reply.headers(headers);
      // A state-changing call that carries an Origin header must come from the app's own origin (APP_URL) or the
      // host it was addressed to.
      if (SAFE.has(request.method)) return;
      if (request.routeOptions.config?.skipOriginCheck) return;
      const origin = request.headers.origin;
      if (!origin) return;
      if (origin === allowed) return;
      const host = request.headers.host;
      if (host && (origin === `http://${host}` || origin === `https://${host}`)) return;
      throw forbidden('Cross-site request refused');
    });
  },
  { name: 'security' },
);
