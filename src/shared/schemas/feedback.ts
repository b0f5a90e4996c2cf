import { z } from 'zod';

/** Feedback limits (spec part 2 §5, §9): at most 4000 characters after trimming; the counter turns red above 3800. */
export const FEEDBACK_MAX_LENGTH = 4000;
export const FEEDBACK_WARN_LENGTH = 3800;

export const FEEDBACK_MESSAGES = {
  blankTitle: 'Feedback Required',
  blank: 'Please enter your feedback',
  tooLongTitle: 'Message too long',
  tooLong: `Please keep your feedback under ${FEEDBACK_MAX_LENGTH} characters`,
  noNul: 'Feedback cannot contain a NUL character',
  badId: 'Invalid feedback id',
  notFound: 'Feedback not found',
} as const;

/** The first problem with a typed feedback message (checked after trimming), or null; the form and the server agree. */
export function feedbackProblem(raw: string): { title: string; message: string } | null {
  const text = raw.trim();
  if (!text) return { title: FEEDBACK_MESSAGES.blankTitle, message: FEEDBACK_MESSAGES.blank };
  if (text.length > FEEDBACK_MAX_LENGTH) return { title: FEEDBACK_MESSAGES.tooLongTitle, message: FEEDBACK_MESSAGES.tooLong };
  return null;
}

/** POST /api/feedback {message}: any signed-in user. */
export const sendFeedbackBodySchema = z.object({
  message: z
    .string({ message: FEEDBACK_MESSAGES.blank })
    .trim()
    .min(1, FEEDBACK_MESSAGES.blank)
    .max(FEEDBACK_MAX_LENGTH, FEEDBACK_MESSAGES.tooLong)
    // PostgreSQL text cannot hold NUL.
    .refine((s) => !s.includes('\u0000'), FEEDBACK_MESSAGES.noNul),
});
export type SendFeedbackBody = z.infer<typeof sendFeedbackBodySchema>;

export const sendFeedbackResultSchema = z.object({ id: z.string(), message: z.string() });
export type SendFeedbackResult = z.infer<typeof sendFeedbackResultSchema>;

/** One feedback item as the admin inbox shows it (spec part 2 §3): name and e-mail as they were when it was sent. */
export const feedbackItemSchema = z.object({
  id: z.string(),
  name: z.string(),
  email: z.string().nullable(),
  message: z.string(),
  createdAt: z.string(),
  read: z.boolean(),
});
export type FeedbackItem = z.infer<typeof feedbackItemSchema>;

/** GET /api/feedback: every item, newest first. */
export const feedbackListSchema = z.array(feedbackItemSchema);

export const unreadCountSchema = z.object({ count: z.number().int().nonnegative() });
export type UnreadCount = z.infer<typeof unreadCountSchema>;

const UUID_RE = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
export const feedbackIdParamsSchema = z.object({ id: z.string().regex(UUID_RE, FEEDBACK_MESSAGES.badId) });
