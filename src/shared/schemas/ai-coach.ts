import { z } from 'zod';

/** The longest question the AI Coach takes (after trimming). */
export const AI_QUESTION_MAX_LENGTH = 2_000;
/** The default of AI_COACH_DAILY_LIMIT: questions per user per local day. */
export const AI_COACH_DEFAULT_DAILY_LIMIT = 30;

/** The 429 of the daily limit (its Retry-After says when the person's day ends). */
export const coachDailyLimitMessage = (limit: number) =>
  `You have asked the AI Coach ${limit} questions today, the most for one day. Please come back tomorrow.`;

export const AI_COACH_MESSAGES = {
  questionRequired: 'Please enter a question for the AI Coach.',
  questionRequiredTitle: 'Question Required',
  questionTooLong: `Please keep your question under ${AI_QUESTION_MAX_LENGTH.toLocaleString('en-US')} characters.`,
  questionNul: 'Your question contains a character that cannot be saved. Please retype it.',
  tierRequired: 'The AI Coach is part of the AI Coach plan. Upgrade to ask it your wellness questions.',
  conversationNotFound: 'Conversation not found',
  providerFailed: 'The AI Coach could not answer right now. Your question is saved in the conversation; please try again in a moment.',
  askFailedTitle: 'AI Coach Error',
  deletedTitle: 'Conversation deleted',
  deletedText: 'Your conversation has been removed.',
  deleteFailedTitle: 'Delete failed',
  deleteConfirm: 'Delete this conversation?',
} as const;

const noNul = (s: string) => !s.includes('\u0000');

export const askRequestSchema = z.object({
  question: z
    .string({ error: AI_COACH_MESSAGES.questionRequired })
    .trim()
    .min(1, AI_COACH_MESSAGES.questionRequired)
    .max(AI_QUESTION_MAX_LENGTH, AI_COACH_MESSAGES.questionTooLong)
    .refine(noNul, AI_COACH_MESSAGES.questionNul),
  /** Continue this conversation; omit (or null) to start a new one. */
  conversationId: z.string({ error: 'conversationId must be a text id' }).max(100).nullable().optional(),
});
export type AskRequest = z.infer<typeof askRequestSchema>;

export const askResponseSchema = z.object({ advice: z.string(), conversationId: z.string() });
export type AskResponse = z.infer<typeof askResponseSchema>;

export const conversationSchema = z.object({ id: z.string(), title: z.string(), createdAt: z.string() });
export type Conversation = z.infer<typeof conversationSchema>;
export const conversationsResponseSchema = z.array(conversationSchema);

export const MESSAGE_ROLES = ['user', 'assistant'] as const;
export type MessageRole = (typeof MESSAGE_ROLES)[number];
export const messageSchema = z.object({
  id: z.string(),
  role: z.enum(MESSAGE_ROLES),
  content: z.string(),
  createdAt: z.string(),
});
export type Message = z.infer<typeof messageSchema>;
export const messagesResponseSchema = z.array(messageSchema);

/** Conversation ids in paths: any text (a malformed one is simply not found). */
export const conversationParamsSchema = z.object({ id: z.string().max(200) });

export const deleteConversationResponseSchema = z.object({ message: z.string() });
