import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { SUPPORT_MESSAGES, SUPPORT_RATE_LIMIT, supportContactSchema } from '@shared/schemas/account';
import { messageSchema } from '@shared/schemas/auth';
import { tooManyRequests } from '@server/errors';
import { currentUser, requireUser } from '@server/plugins/session';
import * as service from './service';

const routes: FastifyPluginAsyncZod = async (app) => {
  app.post(
    '/support/contact',
    {
      onRequest: requireUser,
      config: {
        rateLimit: {
          ...SUPPORT_RATE_LIMIT,
          // After validation: only messages that would be sent count towards the limit.
          hook: 'preHandler',
          keyGenerator: (request: FastifyRequest) => `support:${request.user?.id ?? request.ip}`,
          errorResponseBuilder: (_req: FastifyRequest, ctx: { ttl: number }) => tooManyRequests(ctx.ttl / 1000, SUPPORT_MESSAGES.tooMany),
        },
      },
      schema: { body: supportContactSchema, response: { 200: messageSchema } },
    },
    async (request) => {
      await service.sendSupportMessage(app, currentUser(request), request.body);
      return { message: SUPPORT_MESSAGES.sent };
    },
  );
};

export default routes;
