import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { currentUser, requireUser } from '@server/plugins/session';
import { redeemCouponBodySchema, redeemCouponResultSchema } from '@shared/schemas/subscriptions';
import * as service from './service';
import { contextOf } from '@server/context';
import { perUserRateLimit, USER_LIMITS } from '@server/plugins/rate-limit';

const routes: FastifyPluginAsyncZod = async (app) => {
  await service.seedCoupons(contextOf(app));
  await service.backfillRedeemedOffers(contextOf(app));
  app.post(
    '/coupons/redeem',
    {
      onRequest: requireUser,
      config: { rateLimit: perUserRateLimit('coupon-redeem', USER_LIMITS.couponRedeem) },
      schema: { body: redeemCouponBodySchema, response: { 200: redeemCouponResultSchema } },
    },
    async (req) => service.redeemCoupon(contextOf(req), currentUser(req).id, req.body.code),
  );
};

export default routes;
