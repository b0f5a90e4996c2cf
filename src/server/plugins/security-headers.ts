import fp from 'fastify-plugin';
import helmet, { type HelmetOptions } from 'helmet';

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

export default fp<{ helmet: HelmetOptions }>(
  async (app, opts) => {
    const headers = helmetHeaders(opts.helmet);
    app.addHook('onRequest', (_request, reply, done) => {
      reply.headers(headers);
      done();
    });
  },
  { name: 'security-headers' },
);
