import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { dashboardSchema } from '@shared/schemas/dashboard';
import { contextOf } from '@server/context';
import { currentUser, requireUser } from '@server/plugins/session';
import { readUserState } from '../user-state/service';
import { dashboardFromState } from '../user-state/views';

/** GET /api/dashboard: the dashboard's four reads in one round trip, a pure view of the user's state (decision 031). */
const routes: FastifyPluginAsyncZod = async (app) => {
  app.get('/dashboard', { onRequest: requireUser, schema: { response: { 200: dashboardSchema } } }, async (req, reply) => {
    reply.header('Cache-Control', 'no-store');
    return dashboardFromState(await readUserState(contextOf(req), currentUser(req)), app.config);
  });
};

export default routes;
