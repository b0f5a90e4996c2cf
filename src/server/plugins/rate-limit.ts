import fp from 'fastify-plugin';
import rateLimit from '@fastify/rate-limit';

/**
 * Per-route rate limits (routes opt in with `config.rateLimit`). With REDIS_URL the counters are
 * shared by every instance; otherwise they live in this process.
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
      errorResponseBuilder: (_req, ctx) => ({
        statusCode: 429,
        message: `Too Many Requests. Please wait ${Math.ceil(ctx.ttl / 60000)} minute(s) and try again.`,
      }),
    });
  },
  { name: 'rate-limit' },
);
