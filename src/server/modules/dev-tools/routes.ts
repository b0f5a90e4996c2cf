import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { isControllable } from '../../plugins/clock';
import { currentUser, requireUser } from '../../plugins/session';
import {
  createLostStreakBodySchema,
  devFreezeResultSchema,
  devLostStreakResultSchema,
  devShieldProtectionResultSchema,
  devStreakResultSchema,
  messageSchema,
  resetFreezeDaysBodySchema,
  setStreakBodySchema,
} from '../../../shared/schemas/streaks';
import * as streaks from '../streaks/service';
import { resetTrialNotification } from '../subscriptions/service';

const testClockBodySchema = z
  .object({ at: z.iso.datetime({ offset: true }).optional(), advanceMs: z.number().int().optional() })
  .refine((b) => (b.at === undefined) !== (b.advanceMs === undefined), 'Send either at or advanceMs');

/** Developer tools: registered only with DEV_TOOLS on, so every path answers 404 otherwise. */
const routes: FastifyPluginAsyncZod = async (app) => {
  // Browser tests move the server's clock (TEST_CLOCK=on, refused in production).
  const clock = app.clock;
  if (app.config.testClock && isControllable(clock)) {
    app.post(
      '/test/clock',
      { schema: { body: testClockBodySchema, response: { 200: z.object({ now: z.string() }) } } },
      async (req) => {
        if (req.body.at !== undefined) clock.set(req.body.at);
        else clock.advance(req.body.advanceMs!);
        return { now: clock.now().toISOString() };
      },
    );
  }
  if (!app.config.devTools) return;
  const guard = { onRequest: requireUser };

  app.post(
    '/dev/create-lost-streak',
    { ...guard, schema: { body: createLostStreakBodySchema, response: { 200: devLostStreakResultSchema } } },
    async (req) => streaks.devCreateLostStreak(app, currentUser(req).id, req.body.lostDays),
  );
  app.post(
    '/test/set-streak',
    { ...guard, schema: { body: setStreakBodySchema, response: { 200: devStreakResultSchema } } },
    async (req) => streaks.devSetStreak(app, currentUser(req).id, req.body.days),
  );
  for (const path of ['/test/reset-streak', '/developer/reset-streak']) {
    app.post(path, { ...guard, schema: { response: { 200: devStreakResultSchema } } }, async (req) =>
      streaks.devResetStreak(app, currentUser(req).id),
    );
  }
  app.post('/developer/reset-trial-notification', { ...guard, schema: { response: { 200: messageSchema } } }, async (req) =>
    resetTrialNotification(app, currentUser(req).id),
  );
  app.post(
    '/test/simulate-shield-protection',
    { ...guard, schema: { response: { 200: devShieldProtectionResultSchema } } },
    async (req) => streaks.devSimulateShieldProtection(app, currentUser(req).id),
  );
  app.post(
    '/streak/reset-freeze-days',
    { ...guard, schema: { body: resetFreezeDaysBodySchema, response: { 200: devFreezeResultSchema } } },
    async (req) => streaks.devResetFreezeDays(app, currentUser(req).id, req.body.freezeDays),
  );
};

export default routes;
