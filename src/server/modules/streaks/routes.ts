import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { currentUser, requireUser } from '@server/plugins/session';
import {
  calendarQuerySchema,
  calendarSchema,
  frozenDaysSchema,
  ledgerSchema,
  messageSchema,
  planRestDaysBodySchema,
  restDayParamsSchema,
  restDaysSchema,
  recoverResultSchema,
  recoveryAvailableSchema,
  recoveryPaymentsSchema,
  streakViewSchema,
} from '@shared/schemas/streaks';
import * as service from './service';
import { readUserState } from '../user-state/service';
import { streakFromState } from '../user-state/views';
import { contextOf } from '@server/context';

const routes: FastifyPluginAsyncZod = async (app) => {
  const guard = { onRequest: requireUser };

  app.get('/streak', { ...guard, schema: { response: { 200: streakViewSchema } } }, async (req) =>
    streakFromState(await readUserState(contextOf(req), currentUser(req))),
  );
  app.get('/streak/frozen-days', { ...guard, schema: { response: { 200: frozenDaysSchema } } }, async (req) =>
    service.frozenDays(contextOf(req), currentUser(req).id),
  );
  app.get('/streak/recovery-payments', { ...guard, schema: { response: { 200: recoveryPaymentsSchema } } }, async (req) =>
    service.recoveryPayments(contextOf(req), currentUser(req).id),
  );
  app.get('/streak/recovery-available', { ...guard, schema: { response: { 200: recoveryAvailableSchema } } }, async (req) =>
    service.recoveryStatus(contextOf(req), currentUser(req).id),
  );
  app.post('/streak/recover', { ...guard, schema: { response: { 200: recoverResultSchema } } }, async (req) =>
    service.recoverWithShield(contextOf(req), currentUser(req).id),
  );
  app.post('/streak/decline-recovery', { ...guard, schema: { response: { 200: messageSchema } } }, async (req) =>
    service.declineRecovery(contextOf(req), currentUser(req).id),
  );
  app.get(
    '/streak/calendar',
    { ...guard, schema: { querystring: calendarQuerySchema, response: { 200: calendarSchema } } },
    async (req) => service.calendar(contextOf(req), currentUser(req), req.query.month),
  );
  // Issue 28: rest days.
  app.get('/streak/rest-days', { ...guard, schema: { response: { 200: restDaysSchema } } }, async (req) =>
    service.restDays(contextOf(req), currentUser(req)),
  );
  app.post('/streak/rest-days', { ...guard, schema: { body: planRestDaysBodySchema, response: { 200: restDaysSchema } } }, async (req) =>
    service.planRestDays(contextOf(req), currentUser(req).id, req.body.dates),
  );
  app.delete(
    '/streak/rest-days/:date',
    { ...guard, schema: { params: restDayParamsSchema, response: { 200: restDaysSchema } } },
    async (req) => service.cancelRestDay(contextOf(req), currentUser(req).id, req.params.date),
  );
  for (const path of ['/streak/ledger', '/streak/usage-history']) {
    app.get(path, { ...guard, schema: { response: { 200: ledgerSchema } } }, async (req) =>
      service.ledger(contextOf(req), currentUser(req).id),
    );
  }
};

export default routes;
