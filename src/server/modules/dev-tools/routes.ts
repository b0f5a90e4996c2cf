import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { badRequest } from '@server/errors';
import { isControllable } from '@server/context';
import { currentUser, requireUser } from '@server/plugins/session';
import {
  createLostStreakBodySchema,
  devFreezeResultSchema,
  devLostStreakResultSchema,
  devShieldProtectionResultSchema,
  devStreakResultSchema,
  messageSchema,
  resetFreezeDaysBodySchema,
  setStreakBodySchema,
} from '@shared/schemas/streaks';
import * as streaks from '../streaks/service';
import { resetTrialNotification } from '../subscriptions/service';
import { contextOf } from '@server/context';

/** How far the test clock may move from where it stood when the server started, either way. */
export const TEST_CLOCK_RANGE_DAYS = 400;
const TEST_CLOCK_RANGE_MS = TEST_CLOCK_RANGE_DAYS * 86_400_000;

const testClockBodySchema = z
  .object({
    at: z.iso.datetime({ offset: true }).optional(),
    advanceMs: z
      .number()
      .int()
      .min(-TEST_CLOCK_RANGE_MS, `advanceMs must be at least -${TEST_CLOCK_RANGE_MS} (${TEST_CLOCK_RANGE_DAYS} days back)`)
      .max(TEST_CLOCK_RANGE_MS, `advanceMs must be at most ${TEST_CLOCK_RANGE_MS} (${TEST_CLOCK_RANGE_DAYS} days ahead)`)
      .optional(),
  })
  .refine((b) => (b.at === undefined) !== (b.advanceMs === undefined), 'Send either at or advanceMs');

/** Developer tools: registered only with DEV_TOOLS on, so every path answers 404 otherwise. */
const routes: FastifyPluginAsyncZod = async (app) => {
  if (!app.config.devTools) return;

  // Browser tests move the server's clock (TEST_CLOCK=on, which config accepts only with DEV_TOOLS=on and
  // never in production). No sign-in: tests move the clock before anyone signs up. The clock stays within
  // TEST_CLOCK_RANGE_DAYS of where it stood at start-up, however many moves add up.
  const clock = app.clock;
  if (app.config.testClock && isControllable(clock)) {
    const origin = clock.now().getTime();
    const earliest = new Date(origin - TEST_CLOCK_RANGE_MS).toISOString();
    const latest = new Date(origin + TEST_CLOCK_RANGE_MS).toISOString();
    app.post(
      '/test/clock',
      { schema: { body: testClockBodySchema, response: { 200: z.object({ now: z.string() }) } } },
      async (req) => {
        const target = req.body.at !== undefined ? Date.parse(req.body.at) : clock.now().getTime() + req.body.advanceMs!;
        if (Math.abs(target - origin) > TEST_CLOCK_RANGE_MS) {
          throw badRequest(
            `The test clock can move at most ${TEST_CLOCK_RANGE_DAYS} days from the server's start: choose a time between ${earliest} and ${latest}`,
          );
        }
        clock.set(new Date(target));
        return { now: clock.now().toISOString() };
      },
    );
  }

  const guard = { onRequest: requireUser };

  app.post(
    '/dev/create-lost-streak',
    { ...guard, schema: { body: createLostStreakBodySchema, response: { 200: devLostStreakResultSchema } } },
    async (req) => streaks.devCreateLostStreak(contextOf(req), currentUser(req).id, req.body.lostDays),
  );
  app.post(
    '/test/set-streak',
    { ...guard, schema: { body: setStreakBodySchema, response: { 200: devStreakResultSchema } } },
    async (req) => streaks.devSetStreak(contextOf(req), currentUser(req).id, req.body.days),
  );
  for (const path of ['/test/reset-streak', '/developer/reset-streak']) {
    app.post(path, { ...guard, schema: { response: { 200: devStreakResultSchema } } }, async (req) =>
      streaks.devResetStreak(contextOf(req), currentUser(req).id),
    );
  }
  app.post('/developer/reset-trial-notification', { ...guard, schema: { response: { 200: messageSchema } } }, async (req) =>
    resetTrialNotification(contextOf(req), currentUser(req).id),
  );
  app.post(
    '/test/simulate-shield-protection',
    { ...guard, schema: { response: { 200: devShieldProtectionResultSchema } } },
    async (req) => streaks.devSimulateShieldProtection(contextOf(req), currentUser(req).id),
  );
  app.post(
    '/streak/reset-freeze-days',
    { ...guard, schema: { body: resetFreezeDaysBodySchema, response: { 200: devFreezeResultSchema } } },
    async (req) => streaks.devResetFreezeDays(contextOf(req), currentUser(req).id, req.body.freezeDays),
  );
};

export default routes;
