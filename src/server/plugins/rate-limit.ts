import type { FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import rateLimit, { normalizeIP } from '@fastify/rate-limit';
import { tooManyRequests } from '../errors';

/** DECISIONS.md: 100 auth requests per IP per 15 minutes, across every auth route together. */
export const AUTH_IP_LIMIT = { max: 100, timeWindow: '15 minutes' } as const;

/** What one person may do per route in a window (issue 31, finding 5): above real use, below abuse. */
export const USER_LIMITS = {
  checkout: { max: 30, timeWindow: '1 hour', what: 'checkout attempts' },
  processPayment: { max: 30, timeWindow: '1 hour', what: 'payment confirmations' },
  couponRedeem: { max: 20, timeWindow: '1 hour', what: 'coupon codes' },
  feedback: { max: 20, timeWindow: '1 hour', what: 'feedback messages' },
  aiAsk: { max: 20, timeWindow: '1 hour', what: 'AI Coach questions' },
  registerToken: { max: 30, timeWindow: '1 hour', what: 'device registrations' },
  sendTest: { max: 10, timeWindow: '1 hour', what: 'test notifications' },
  triggerCheckIn: { max: 10, timeWindow: '1 hour', what: 'check-in reminders' },
} as const;

/** "in 1 minute", "in 12 minutes", "in 1 hour"… for a wait of `seconds`. */
function waitText(seconds: number): string {
  const minutes = Math.max(1, Math.ceil(seconds / 60));
  if (minutes < 60) return `in ${minutes} minute${minutes === 1 ? '' : 's'}`;
  const hours = Math.ceil(minutes / 60);
  return `in ${hours} hour${hours === 1 ? '' : 's'}`;
}

/**
 * A route's `config.rateLimit` counted per signed-in user (the user id; the address before sign-in), shared by
 * every instance through Redis when REDIS_URL is set. Counted in preHandler, after the session and the body are
 * read, so `skip` may look at the body. Over the limit: 429 with Retry-After and a sentence saying when to retry.
 */
export function perUserRateLimit(
  name: string,
  limit: { max: number; timeWindow: string; what: string },
  opts: { message?: string; skip?: (request: FastifyRequest) => boolean } = {},
) {
  return {
    max: limit.max,
    timeWindow: limit.timeWindow,
    hook: 'preHandler' as const,
    keyGenerator: (request: FastifyRequest) => `${name}:${request.user?.id ?? normalizeIP(request.ip)}`,
    ...(opts.skip ? { allowList: (request: FastifyRequest) => opts.skip!(request) } : {}),
    errorResponseBuilder: (_req: FastifyRequest, ctx: { ttl: number }) =>
      tooManyRequests(
        ctx.ttl / 1000,
        opts.message ??
          `You have reached the limit of ${limit.max} ${limit.what} per ${limit.timeWindow.replace(/^1 /, '')}. Please try again ${waitText(ctx.ttl / 1000)}.`,
      ),
  };
}

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
