import type { FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import rateLimit, { normalizeIP } from '@fastify/rate-limit';
import { tooManyRequests } from '../errors';

/** DECISIONS.md: 100 auth requests per IP per 15 minutes, across every auth route together. */
export const AUTH_IP_LIMIT = { max: 100, timeWindow: '15 minutes' } as const;

declare module 'fastify' {
  interface FastifyInstance {
    /**
     * onRequest hook for the per-IP auth budget. Every route that uses it draws from ONE counter per client
     * address (not one per route), shared by every instance through Redis when REDIS_URL is set.
     */
    authRateLimit: (request: FastifyRequest, reply: FastifyReply) => Promise<void>;
  }
}

/**
 * Rate limits: routes opt in with `config.rateLimit` (counted per route) or with a shared hook such as
 * `app.authRateLimit` (one counter for all the routes using it). With REDIS_URL the counters are shared by
 * every instance; otherwise they live in this process.
 */
export default fp(
  async (app) => {
    let redis: unknown;
    if (app.config.redisUrl) {
      const { Redis } = await import('ioredis');
      const client = new Redis(app.config.redisUrl, { connectTimeout: 500, maxRetriesPerRequest: 1 });
      app.addHook('onClose', async () => {
        client.disconnect();
      });
      redis = client;
    }
    await app.register(rateLimit, {
      global: false,
      ...(redis ? { redis: redis as never, skipOnError: true } : {}),
      // Through the error handler: 429 'Too Many Requests' (the plugin has already set Retry-After).
      errorResponseBuilder: (_req, ctx) => tooManyRequests(ctx.ttl / 1000),
    });

    // `app.rateLimit(opts)` builds one store for the hook it returns, so every route using this hook shares
    // the counter. (A route-level `config.rateLimit`, even with a `groupId`, gets a store of its own per
    // route in @fastify/rate-limit 11, so it cannot give one budget across routes.)
    const limiter = app.rateLimit({
      max: AUTH_IP_LIMIT.max,
      timeWindow: AUTH_IP_LIMIT.timeWindow,
      keyGenerator: (request) => `auth:${normalizeIP(request.ip)}`,
    });
    app.decorate('authRateLimit', async (request: FastifyRequest, reply: FastifyReply) => {
      await limiter.call(app, request, reply);
    });
  },
  { name: 'rate-limit' },
);
