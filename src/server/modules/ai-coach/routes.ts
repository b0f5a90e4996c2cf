import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  askRequestSchema,
  askResponseSchema,
  conversationParamsSchema,
  conversationsResponseSchema,
  deleteConversationResponseSchema,
  messagesResponseSchema,
} from '@shared/schemas/ai-coach';
import { currentUser, requireUser } from '@server/plugins/session';
import { coachProviderFor, type CoachProvider } from './providers';
import * as service from './service';
import { contextOf } from '@server/context';
import { perUserRateLimit, USER_LIMITS } from '@server/plugins/rate-limit';
import { isCrisisQuestion } from '@shared/domain/coach';

export interface AiCoachRoutesOptions {
  /** Replaces the configured provider (tests). */
  provider?: CoachProvider;
}

/** The AI Coach, under /api/ai-coach: ai-coach tier only; each conversation reachable by its owner only. */
const routes: FastifyPluginAsyncZod<AiCoachRoutesOptions> = async (app, opts) => {
  const provider = opts.provider ?? coachProviderFor(app.config);
  const guard = { onRequest: requireUser };

  // Per user and hour, beside the daily limit of the service; a crisis question is never refused.
  const askLimit = perUserRateLimit('ai-ask', USER_LIMITS.aiAsk, {
    skip: (req) => isCrisisQuestion(String((req.body as { question?: unknown } | undefined)?.question ?? '')),
  });
  app.post('/ask', { ...guard, config: { rateLimit: askLimit }, schema: { body: askRequestSchema, response: { 200: askResponseSchema } } }, async (req) =>
    service.ask(contextOf(req), currentUser(req), provider, req.body),
  );

  app.get('/conversations', { ...guard, schema: { response: { 200: conversationsResponseSchema } } }, async (req) =>
    service.conversations(contextOf(req), currentUser(req)),
  );

  app.get(
    '/conversations/:id/messages',
    { ...guard, schema: { params: conversationParamsSchema, response: { 200: messagesResponseSchema } } },
    async (req) => service.messages(contextOf(req), currentUser(req), req.params.id),
  );

  app.delete(
    '/conversations/:id',
    { ...guard, schema: { params: conversationParamsSchema, response: { 200: deleteConversationResponseSchema } } },
    async (req) => service.deleteConversation(contextOf(req), currentUser(req), req.params.id),
  );
};

export default routes;
