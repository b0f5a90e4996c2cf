import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { SUPPORT_MESSAGES, SUPPORT_RATE_LIMIT, supportContactSchema } from '@shared/schemas/account';
import { messageSchema } from '@shared/schemas/auth';
import { perUserRateLimit } from '@server/plugins/rate-limit';
import { currentUser, requireVerifiedEmail } from '@server/plugins/session';
import * as service from './service';

const routes: FastifyPluginAsyncZod = async (app) => {
  app.post(
    '/support/contact',
    {
      // A support message waits for a verified address (docs/decisions/037).
      onRequest: requireVerifiedEmail('support'),
      config: {
        // After validation (preHandler): only messages that would be sent count towards the limit.
        rateLimit: perUserRateLimit('support', { ...SUPPORT_RATE_LIMIT, what: 'support messages' }, { message: SUPPORT_MESSAGES.tooMany }),
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
