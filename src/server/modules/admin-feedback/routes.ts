import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { feedbackIdParamsSchema, feedbackItemSchema, feedbackListSchema, unreadCountSchema } from '@shared/schemas/feedback';
import { requireAdmin } from '@server/plugins/session';
import * as service from './service';
import { contextOf } from '@server/context';

/**
 * The feedback inbox (DECISIONS: admin only): GET /api/feedback, GET /api/feedback/unread-count,
 * PATCH /api/feedback/:id/read, DELETE /api/feedback/:id. 401 signed out, 403 for anyone not in ADMIN_EMAILS.
 */
const routes: FastifyPluginAsyncZod = async (app) => {
  // onRequest: the role is checked before the id is validated.
  const guard = { onRequest: requireAdmin };

  app.get('/feedback', { ...guard, schema: { response: { 200: feedbackListSchema } } }, async (req) => service.list(contextOf(req)));

  app.get('/feedback/unread-count', { ...guard, schema: { response: { 200: unreadCountSchema } } }, async (req) =>
    service.unreadCount(contextOf(req)),
  );

  app.patch(
    '/feedback/:id/read',
    { ...guard, schema: { params: feedbackIdParamsSchema, response: { 200: feedbackItemSchema } } },
    async (req) => service.markRead(contextOf(req), req.params.id),
  );

  app.delete(
    '/feedback/:id',
    { ...guard, schema: { params: feedbackIdParamsSchema, response: { 200: z.object({ message: z.string() }) } } },
    async (req) => service.remove(contextOf(req), req.params.id),
  );
};

export default routes;
