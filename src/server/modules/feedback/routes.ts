import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { sendFeedbackBodySchema, sendFeedbackResultSchema } from '@shared/schemas/feedback';
import { currentUser, requireUser } from '@server/plugins/session';
import * as service from './service';
import { contextOf } from '@server/context';
import { perUserRateLimit, USER_LIMITS } from '@server/plugins/rate-limit';

/** POST /api/feedback: any signed-in user. The admin inbox (list, read, delete) is in admin-feedback. */
const routes: FastifyPluginAsyncZod = async (app) => {
  app.post(
    '/feedback',
    {
      onRequest: requireUser,
      config: { rateLimit: perUserRateLimit('feedback', USER_LIMITS.feedback) },
      schema: { body: sendFeedbackBodySchema, response: { 201: sendFeedbackResultSchema } },
    },
    async (req, reply) => reply.status(201).send(await service.sendFeedback(contextOf(req), currentUser(req), req.body.message)),
  );
};

export default routes;
