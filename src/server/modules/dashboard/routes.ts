import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { dashboardSchema } from '@shared/schemas/dashboard';
import { contextOf } from '@server/context';
import { currentUser, requireUser } from '@server/plugins/session';
import { toPublicUser } from '../auth/public-user';
import { todayStatus } from '../check-ins/service';
import { getStreakView } from '../streaks/service';
import { getSubscription } from '../subscriptions/service';
import * as service from './service';

/** GET /api/dashboard: the dashboard's four reads in one round trip (issue 10, decision 016). */
const routes: FastifyPluginAsyncZod = async (app) => {
  app.get('/dashboard', { onRequest: requireUser, schema: { response: { 200: dashboardSchema } } }, async (req, reply) => {
    reply.header('Cache-Control', 'no-store');
    const ctx = contextOf(req);
    const user = currentUser(req);
    const answer = await service.readDashboard(ctx, user);
    if (answer) return answer;
    // Something was due (see readDashboard): the spec endpoints' services bring it up to date, as those four
    // calls would have, and the one read answers again. Rare: the first read after a rollover or a trial's end.
    const subscription = await getSubscription(ctx, user.id);
    const today = await todayStatus(ctx, user);
    const streak = await getStreakView(ctx, user.id);
    return (
      (await service.readDashboard(ctx, user)) ?? {
        user: { ...toPublicUser(user, app.config), tier: subscription.tier },
        today,
        streak,
        subscription,
      }
    );
  });
};

export default routes;
