import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  accountExportSchema,
  ACCOUNT_MESSAGES,
  deletionOfferSchema,
  exportQuerySchema,
  IMPORT_MAX_BYTES,
  IMPORT_MESSAGES,
  importResultSchema,
} from '@shared/schemas/account';
import { messageSchema } from '@shared/schemas/auth';
import { currentUser, requireUser, SESSION_COOKIE } from '@server/plugins/session';
import { AppError } from '@server/errors';
import { perUserRateLimit } from '@server/plugins/rate-limit';
import { checkInsCsv } from './csv';
import { renderWellnessReport } from './pdf';
import * as service from './service';
import { contextOf } from '@server/context';

/** Exports are heavier than a screen read: 20 per user per 15 minutes (PDF, JSON and CSV counted per route). */
const exportRateLimit = perUserRateLimit(
  'export',
  { max: 20, timeWindow: '15 minutes', what: 'exports' },
  { message: 'Too many exports in a short time. Please try again in a few minutes.' },
);

/** Imports count apart from exports, with the same budget. */
const importRateLimit = perUserRateLimit(
  'import',
  { max: 20, timeWindow: '15 minutes', what: 'imports' },
  { message: 'Too many imports in a short time. Please try again in a few minutes.' },
);

const attachment = (fileName: string) => `attachment; filename="${fileName}"`;

/** Account routes under /api/user (beside the profile routes of the user module). */
const routes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/deletion-offer',
    { onRequest: requireUser, schema: { response: { 200: deletionOfferSchema } } },
    async (request, reply) => {
      reply.header('Cache-Control', 'no-store');
      return service.deletionOffer(contextOf(request), currentUser(request));
    },
  );

  app.delete('/account', { onRequest: requireUser, schema: { response: { 200: messageSchema } } }, async (request, reply) => {
    await service.deleteAccount(contextOf(request), currentUser(request));
    // The sessions went with the user (ON DELETE CASCADE); the browser forgets its cookie too.
    reply.clearCookie(SESSION_COOKIE, { path: '/' });
    return { message: ACCOUNT_MESSAGES.deleted };
  });

  app.post(
    '/export-wellness-data',
    { onRequest: requireUser, config: { rateLimit: exportRateLimit } },
    async (request, reply) => {
      const user = currentUser(request);
      const data = await service.collectExport(contextOf(request), user);
      const fileName = service.datedFileName(contextOf(request), user, 'big7-wellness-report', 'pdf');
      const pdf = await renderWellnessReport({
        data,
        includeJournals: service.reportIncludesJournals(data),
        date: fileName.slice('big7-wellness-report-'.length, -'.pdf'.length),
      });
      return reply
        .header('Content-Type', 'application/pdf')
        .header('Content-Disposition', attachment(fileName))
        .header('Cache-Control', 'no-store')
        .send(pdf);
    },
  );

  app.get(
    '/export',
    { onRequest: requireUser, config: { rateLimit: exportRateLimit }, schema: { querystring: exportQuerySchema } },
    async (request, reply) => {
      const user = currentUser(request);
      const data = await service.collectExport(contextOf(request), user);
      reply.header('Cache-Control', 'no-store');
      if (request.query.format === 'csv') {
        return reply
          .header('Content-Type', 'text/csv; charset=utf-8')
          .header('Content-Disposition', attachment(service.datedFileName(contextOf(request), user, 'big7-check-ins', 'csv')))
          .send(checkInsCsv(data));
      }
      return reply
        .header('Content-Type', 'application/json; charset=utf-8')
        .header('Content-Disposition', attachment(service.datedFileName(contextOf(request), user, 'big7-data', 'json')))
        .send(JSON.stringify(accountExportSchema.parse(data), null, 2));
    },
  );

  // A Big 7 JSON export's content as the body (up to 5 MB: this route's own limit; the app's stays 2 MB).
  app.post(
    '/import',
    {
      onRequest: requireUser,
      bodyLimit: IMPORT_MAX_BYTES,
      config: { rateLimit: importRateLimit },
      // The body is read by the service, which says where a file is damaged (a declared body: any JSON).
      schema: { body: z.unknown(), response: { 200: importResultSchema } },
      // Too large for this route: say what it means here; anything else goes to the app's error handler.
      errorHandler: (error, _request, _reply) => {
        if ((error as { statusCode?: number }).statusCode === 413) throw new AppError(413, IMPORT_MESSAGES.tooLarge);
        throw error;
      },
    },
    async (request) => service.importExport(contextOf(request), currentUser(request), request.body),
  );
};

export default routes;
