import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  notificationCheckQuerySchema,
  notificationCheckSchema,
  notificationSettingsPatchSchema,
  notificationSettingsSchema,
  registerResultSchema,
  registerTokenBodySchema,
  sendResultSchema,
  TOGGLE_SETTING,
  toggleBodySchema,
  vapidPublicKeySchema,
} from '@shared/schemas/notifications';
import { currentUser, requireUser } from '@server/plugins/session';
import * as service from './service';
import { contextOf } from '@server/context';
import { perUserRateLimit, USER_LIMITS } from '@server/plugins/rate-limit';

/** /api/notifications: Web Push devices, reminder settings and reminder health (decision 021). */
const routes: FastifyPluginAsyncZod = async (app) => {
  app.get('/vapid-public-key', { schema: { response: { 200: vapidPublicKeySchema } } }, async () => ({ publicKey: await app.push.publicKey() }));

  app.post(
    '/register-token',
    {
      onRequest: requireUser,
      config: { rateLimit: perUserRateLimit('register-token', USER_LIMITS.registerToken) },
      schema: { body: registerTokenBodySchema, response: { 200: registerResultSchema } },
    },
    async (req) => ({ success: true as const, devices: await service.registerSubscription(contextOf(req), currentUser(req).id, req.body.token) }),
  );

  app.get('/settings', { onRequest: requireUser, schema: { response: { 200: notificationSettingsSchema } } }, async (req) =>
    service.getSettings(contextOf(req), currentUser(req).id),
  );

  app.patch(
    '/settings',
    { onRequest: requireUser, schema: { body: notificationSettingsPatchSchema, response: { 200: notificationSettingsSchema } } },
    async (req) => service.updateSettings(contextOf(req), currentUser(req).id, req.body),
  );

  app.post(
    '/toggle',
    { onRequest: requireUser, schema: { body: toggleBodySchema, response: { 200: notificationSettingsSchema } } },
    async (req) => service.updateSettings(contextOf(req), currentUser(req).id, { [TOGGLE_SETTING[req.body.type]]: req.body.enabled }),
  );

  const sendTestConfig = { rateLimit: perUserRateLimit('send-test', USER_LIMITS.sendTest) };
  app.post('/send-test', { onRequest: requireUser, config: sendTestConfig, schema: { response: { 200: sendResultSchema } } }, async (req) => ({
    success: true as const,
    devices: await service.sendTest(contextOf(req), currentUser(req).id),
  }));

  const triggerConfig = { rateLimit: perUserRateLimit('trigger-checkin', USER_LIMITS.triggerCheckIn) };
  app.post('/trigger-checkin', { onRequest: requireUser, config: triggerConfig, schema: { response: { 200: sendResultSchema } } }, async (req) => ({
    success: true as const,
    devices: await service.triggerCheckIn(contextOf(req), currentUser(req).id),
  }));

  app.get('/check', { onRequest: requireUser, schema: { querystring: notificationCheckQuerySchema, response: { 200: notificationCheckSchema } } }, async (req) =>
    service.check(contextOf(req), currentUser(req).id, req.query.endpoint),
  );
};

export default routes;
