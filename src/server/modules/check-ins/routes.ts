import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { publicUserSchema } from '@shared/schemas/auth';
import {
  checkInIdParamsSchema,
  checkInResultSchema,
  checkInStatusSchema,
  checkInSubmissionSchema,
  checkInTimeBodySchema,
  historyQuerySchema,
  historyResponseSchema,
  idParamsSchema,
  journalEntrySchema,
  journalUpdateSchema,
  orientationStateSchema,
  todayResponseSchema,
} from '@shared/schemas/check-ins';
import { currentUser, requireUser } from '@server/plugins/session';
import * as service from './service';
import { readUserState } from '../user-state/service';
import { todayFromState } from '../user-state/views';
import { contextOf } from '@server/context';

/** Check-ins, journal entries and the check-in time. Registered under /api without a prefix (the spec's paths). */
const routes: FastifyPluginAsyncZod = async (app) => {
  // onRequest: an unauthenticated call gets 401 before its body is validated.
  const guard = { onRequest: requireUser };

  /** The check-in window and today's check-in, from the user's state (also start-session and orientation-state). */
  const today = async (req: FastifyRequest) => todayFromState(await readUserState(contextOf(req), currentUser(req)));

  app.get('/checkins/today', { ...guard, schema: { response: { 200: todayResponseSchema } } }, async (req) => today(req));

  app.get(
    '/checkins/history',
    { ...guard, schema: { querystring: historyQuerySchema, response: { 200: historyResponseSchema } } },
    async (req) => service.history(contextOf(req), currentUser(req), req.query.limit),
  );

  app.get('/checkins/orientation-state', { ...guard, schema: { response: { 200: orientationStateSchema } } }, async (req) => {
    const status = await today(req);
    return status.orientationState;
  });

  // Starting a check-in records nothing: it answers the current window state so the client can bail out early.
  app.post('/checkins/start-session', { ...guard, schema: { response: { 200: checkInStatusSchema } } }, async (req) => {
    const { checkIn: _c, journalEntry: _j, ...status } = await today(req);
    return status;
  });

  app.post(
    '/checkins',
    { ...guard, schema: { body: checkInSubmissionSchema, response: { 200: checkInResultSchema, 201: checkInResultSchema } } },
    async (req, reply) => {
      const key = service.idempotencyKeyOf(req.headers['idempotency-key']);
      const { created, ...result } = await service.submitCheckIn(contextOf(req), currentUser(req), req.body, key);
      return reply.status(created ? 201 : 200).send(result);
    },
  );

  app.get(
    '/journal-entries/check-in/:id',
    { ...guard, schema: { params: idParamsSchema, response: { 200: z.array(journalEntrySchema) } } },
    async (req) => service.journalFor(contextOf(req), currentUser(req), req.params.id),
  );

  app.post(
    '/journal-entries/:checkInId',
    { ...guard, schema: { params: checkInIdParamsSchema, body: journalUpdateSchema, response: { 200: journalEntrySchema } } },
    async (req) => service.saveJournalField(contextOf(req), currentUser(req), req.params.checkInId, req.body),
  );

  app.patch(
    '/user/check-in-time',
    { ...guard, schema: { body: checkInTimeBodySchema, response: { 200: publicUserSchema } } },
    async (req) => service.changeCheckInTime(contextOf(req), currentUser(req), req.body.checkInTime),
  );
};

export default routes;
