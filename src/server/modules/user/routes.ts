import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { publicUserSchema, timezoneBodySchema } from '@shared/schemas/auth';
import { profileUpdateSchema } from '@shared/schemas/account';
import { currentUser, requireUser, toPublicUser } from '@server/plugins/session';
import * as service from './service';
import { contextOf } from '@server/context';

const routes: FastifyPluginAsyncZod = async (app) => {
  app.patch(
    '/timezone',
    { onRequest: requireUser, schema: { body: timezoneBodySchema, response: { 200: publicUserSchema } } },
    async (request) => {
      const user = await service.updateTimezone(contextOf(request), currentUser(request), request.body.timezone);
      return toPublicUser(user, app.config);
    },
  );

  app.patch(
    '/profile',
    { onRequest: requireUser, schema: { body: profileUpdateSchema, response: { 200: publicUserSchema } } },
    async (request) => {
      const user = await service.updateProfile(contextOf(request), currentUser(request), request.body);
      return toPublicUser(user, app.config);
    },
  );
};

export default routes;
