import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { currentUser, requireUser } from '@server/plugins/session';
import { claimRewardBodySchema, claimRewardResultSchema, rewardsAvailableSchema } from '@shared/schemas/subscriptions';
import * as service from './service';
import { contextOf } from '@server/context';

const routes: FastifyPluginAsyncZod = async (app) => {
  app.get('/rewards/available', { onRequest: requireUser, schema: { response: { 200: rewardsAvailableSchema } } }, async (req) =>
    service.availableRewards(contextOf(req), currentUser(req)),
  );
  app.post(
    '/rewards/claim',
    { onRequest: requireUser, schema: { body: claimRewardBodySchema, response: { 200: claimRewardResultSchema } } },
    async (req) => service.claimReward(contextOf(req), currentUser(req).id, req.body.rewardType),
  );
};

export default routes;
