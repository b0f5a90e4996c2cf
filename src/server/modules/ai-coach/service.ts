import { inTx, type ServiceContext } from '@server/context';
import { conversationTitle, CRISIS_ANSWER, isCrisisQuestion, SUMMARY_DAYS, summarise, type CoachSummary } from '@shared/domain/coach';
import { addLocalDays, endOfLocalDay, localDateOf } from '@shared/domain/dates';
import { hasAiCoach } from '@shared/domain/tiers';
import {
  AI_COACH_MESSAGES,
  coachDailyLimitMessage,
  type AskRequest,
  type AskResponse,
  type Conversation,
  type Message,
} from '@shared/schemas/ai-coach';
import { AppError, forbidden, notFound, tooManyRequests } from '@server/errors';
import type { UserRow } from '@server/plugins/session';
import { journalNotesSince, recentDatedAreaScores, userTimeZone } from '../check-ins/service';
import { findingsOf } from '../insights/service';
import { readUserState } from '../user-state/service';
import { streakFromState } from '../user-state/views';
import { withCurrentTier } from '../subscriptions/service';
import { CoachProviderError, type CoachProvider } from './providers';
import * as repo from './repo';

/** How many of a conversation's latest messages go to a configured model (the question included). */
export const CONTEXT_MESSAGES = 20;

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** The user, with an ended trial applied, when their tier includes the AI Coach; 403 otherwise. */
async function coachUser(ctx: ServiceContext, signedIn: UserRow): Promise<UserRow> {
  const user = await withCurrentTier(ctx, signedIn);
  if (!hasAiCoach(user.tier)) throw forbidden(AI_COACH_MESSAGES.tierRequired);
  return user;
}

/** The user's own conversation; 404 for anyone else's, a missing one, or a malformed id. */
async function ownConversation(ctx: ServiceContext, userId: string, id: string): Promise<repo.ConversationRow> {
  const row = UUID.test(id) ? await repo.findConversation(ctx.db, userId, id) : null;
  if (!row) throw notFound(AI_COACH_MESSAGES.conversationNotFound);
  return row;
}

const toConversationDto = (row: repo.ConversationRow): Conversation => ({ id: row.id, title: row.title, createdAt: row.createdAt.toISOString() });
const toMessageDto = (row: repo.MessageRow): Message => ({ id: row.id, role: row.role, content: row.content, createdAt: row.createdAt.toISOString() });

/**
 * The summary of the user's last 14 days, from the check-ins and streaks services, with the findings of their
 * history (insights service) and their journal notes of those 14 days: what both coaches answer from.
 */
export async function coachSummary(ctx: ServiceContext, user: UserRow): Promise<CoachSummary> {
  const today = localDateOf(ctx.now(), userTimeZone(user));
  const from = addLocalDays(today, -(SUMMARY_DAYS - 1));
  const [history, streak, insights, notes] = await Promise.all([
    recentDatedAreaScores(ctx, user.id, SUMMARY_DAYS),
    readUserState(ctx, user).then(streakFromState),
    findingsOf(ctx, user.id),
    journalNotesSince(ctx, user.id, from),
  ]);
  const findings = insights.findings.map(({ a, b, lag, text }) => ({ a, b, lag, text }));
  return { ...summarise(history, today, { current: streak.currentStreak, best: streak.bestStreak }), findings, notes };
}

/**
 * POST /api/ai-coach/ask. The question is stored before any provider is called, so a failure loses nothing
 * (502 with the conversation id). A crisis question gets the crisis answer from no provider at all, and is
 * never refused by a limit.
 *
 * The daily limit (AI_COACH_DAILY_LIMIT per user and local day, issue 31) counts asks in the usage record
 * (coach_usage), which deleting conversations does not touch: the ask is counted with the question (under a
 * per-user lock, so concurrent asks cannot pass the limit together) and given back when the provider fails.
 * Crisis questions count too.
 */
export async function ask(ctx: ServiceContext, signedIn: UserRow, provider: CoachProvider, body: AskRequest): Promise<AskResponse> {
  const user = await coachUser(ctx, signedIn);
  const question = body.question;
  const existing = body.conversationId ? await ownConversation(ctx, user.id, body.conversationId) : null;
  const crisis = isCrisisQuestion(question);
  const now = ctx.now();
  const tz = userTimeZone(user);
  const today = localDateOf(now, tz);
  const limit = ctx.config.aiCoachDailyLimit;

  const conversationId = await inTx(ctx, async ({ db: tx }) => {
    await repo.lockUserAsks(tx, user.id);
    if (!crisis && (await repo.asksOn(tx, user.id, today)) >= limit) {
      throw tooManyRequests((endOfLocalDay(today, tz).getTime() + 1 - now.getTime()) / 1000, coachDailyLimitMessage(limit));
    }
    await repo.countAsk(tx, user.id, today, 1);
    const id = existing?.id ?? (await repo.createConversation(tx, user.id, conversationTitle(question), now)).id;
    await repo.addMessage(tx, { userId: user.id, conversationId: id, role: 'user', content: question, now });
    return id;
  });

  let advice: string;
  if (crisis) {
    advice = CRISIS_ANSWER;
  } else {
    const [summary, conversation] = await Promise.all([
      coachSummary(ctx, user),
      repo.listMessages(ctx.db, user.id, conversationId, CONTEXT_MESSAGES),
    ]);
    try {
      advice = await provider.answer({
        question,
        summary,
        firstName: user.firstName || null,
        conversation: conversation.map((m) => ({ role: m.role, content: m.content })),
      });
    } catch (err) {
      // Not answered: the ask does not count against the daily limit.
      await repo.countAsk(ctx.db, user.id, today, -1);
      if (!(err instanceof CoachProviderError)) throw err;
      ctx.log.warn({ err, provider: provider.name }, 'AI coach provider failed');
      throw new AppError(502, AI_COACH_MESSAGES.providerFailed, { conversationId });
    }
  }
  const answeredAt = ctx.now();
  await inTx(ctx, async ({ db: tx }) => {
    await repo.addMessage(tx, { userId: user.id, conversationId, role: 'assistant', content: advice, now: answeredAt });
    await repo.touchConversation(tx, user.id, conversationId, answeredAt);
  });
  return { advice, conversationId };
}

/** GET /api/ai-coach/conversations: newest first. */
export async function conversations(ctx: ServiceContext, signedIn: UserRow): Promise<Conversation[]> {
  const user = await coachUser(ctx, signedIn);
  return (await repo.listConversations(ctx.db, user.id)).map(toConversationDto);
}

/** GET /api/ai-coach/conversations/:id/messages: oldest first. */
export async function messages(ctx: ServiceContext, signedIn: UserRow, id: string): Promise<Message[]> {
  const user = await coachUser(ctx, signedIn);
  const conversation = await ownConversation(ctx, user.id, id);
  return (await repo.listMessages(ctx.db, user.id, conversation.id)).map(toMessageDto);
}

/** DELETE /api/ai-coach/conversations/:id: the conversation and its messages. */
export async function deleteConversation(ctx: ServiceContext, signedIn: UserRow, id: string): Promise<{ message: string }> {
  const user = await coachUser(ctx, signedIn);
  if (!UUID.test(id) || !(await repo.deleteConversation(ctx.db, user.id, id))) throw notFound(AI_COACH_MESSAGES.conversationNotFound);
  return { message: AI_COACH_MESSAGES.deletedText };
}

/** Every conversation of the user with its messages (the data export; any tier: an ended plan keeps its history). */
export async function conversationsExport(ctx: ServiceContext, userId: string) {
  const rows = await repo.listConversations(ctx.db, userId);
  return Promise.all(
    rows.map(async (c) => ({
      id: c.id,
      title: c.title,
      createdAt: c.createdAt.toISOString(),
      updatedAt: c.updatedAt.toISOString(),
      messages: (await repo.listMessages(ctx.db, userId, c.id)).map((m) => ({ role: m.role, content: m.content, createdAt: m.createdAt.toISOString() })),
    })),
  );
}
