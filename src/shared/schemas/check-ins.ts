import { z } from 'zod';
import { AREAS, byAreaScoreKey, ANSWER_COUNT, ANSWER_MESSAGES, SCALE_MAX, SCALE_MIN } from '../domain/scoring';
import { TIERS } from '../domain/tiers';
import {
  BUTTON_LABELS,
  CHECK_IN_MESSAGES,
  COUNTDOWN_LABELS,
  isValidCheckInTime,
  ORIENTATION_MODES,
  WINDOW_TYPES,
} from '../domain/check-in-rules';
import { LEVELS } from '../domain/insights';
import { JOURNAL_FIELDS, JOURNAL_MAX_LENGTH, type JournalField } from '../domain/journal';

export { JOURNAL_FIELDS, JOURNAL_MAX_LENGTH, type JournalField } from '../domain/journal';

/** The check-ins API's messages live with the rules that answer with them. */
export { CHECK_IN_MESSAGES } from '../domain/check-in-rules';

const ANSWER_SHAPE = 'Each answer must be true/false or a whole number from 0 to 4';
const answerSchema = z.union(
  [z.boolean(), z.number().int(ANSWER_SHAPE).min(SCALE_MIN, ANSWER_SHAPE).max(SCALE_MAX, ANSWER_SHAPE)],
  { error: ANSWER_SHAPE },
);

/** PostgreSQL text cannot hold a NUL character: such input is refused (400) instead of failing in the database. */
const noNul = (s: string) => !s.includes('\u0000');
const journalText = z
  .string()
  .max(JOURNAL_MAX_LENGTH, CHECK_IN_MESSAGES.journalTooLong)
  .refine(noNul, 'Journal entries cannot contain a NUL character');

/** POST /api/checkins. score, isPremium and developerMode are accepted as hints and ignored. */
export const checkInSubmissionSchema = z.object({
  answers: z
    .array(answerSchema, { error: ANSWER_MESSAGES.count })
    .length(ANSWER_COUNT, ANSWER_MESSAGES.count),
  /** 7 texts in area order (ai-coach only); empty ones are not saved. */
  journalEntries: z
    .array(journalText.nullable(), { error: 'journalEntries must be a list of 7 texts' })
    .length(ANSWER_COUNT, 'journalEntries must be a list of 7 texts')
    .optional(),
  edit: z.boolean().optional(),
  score: z.number().optional(),
  isPremium: z.boolean().optional(),
  developerMode: z.boolean().optional(),
  /** Decision 022: when the check-in was made (ISO 8601 instant); sent by the offline queue. */
  madeAt: z.iso
    .datetime({ offset: true, error: 'madeAt must be an ISO 8601 date and time, e.g. 2026-11-24T23:30:00Z' })
    .optional(),
});
export type CheckInSubmission = z.infer<typeof checkInSubmissionSchema>;

export const checkInSchema = z.object({
  id: z.string(),
  /** YYYY-MM-DD in the user's timezone at submission. */
  date: z.string(),
  ...byAreaScoreKey(() => z.number()),
  /** Mean of the seven area scores, 0..1. */
  score: z.number(),
  answers: z.array(z.union([z.boolean(), z.number()])),
  subscriptionTierAtCheckIn: z.enum(TIERS),
  timezone: z.string(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type CheckInDto = z.infer<typeof checkInSchema>;

export const journalEntrySchema = z.object({
  id: z.string(),
  checkInId: z.string(),
  restJournal: z.string().nullable(),
  exerciseJournal: z.string().nullable(),
  nutritionJournal: z.string().nullable(),
  goalsJournal: z.string().nullable(),
  boundariesJournal: z.string().nullable(),
  connectionJournal: z.string().nullable(),
  joyJournal: z.string().nullable(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type JournalEntryDto = z.infer<typeof journalEntrySchema>;

export const orientationStateSchema = z.object({
  mode: z.enum(ORIENTATION_MODES),
  shouldShowFirstTimeCheckIn: z.boolean(),
  endsAt: z.string().nullable(),
});

const buttonLabels = Object.values(BUTTON_LABELS) as [string, ...string[]];
const countdownLabels = Object.values(COUNTDOWN_LABELS) as [string, ...string[]];

export const windowStateSchema = z.object({
  localDate: z.string(),
  canCheckIn: z.boolean(),
  canEdit: z.boolean(),
  windowType: z.enum(WINDOW_TYPES).nullable(),
  message: z.string(),
  buttonLabel: z.enum(buttonLabels),
  opensAt: z.string(),
  closesAt: z.string(),
  isOpen: z.boolean(),
  nextOpensAt: z.string(),
  countdown: z.object({ target: z.string(), label: z.enum(countdownLabels) }),
});

export const checkInStatusSchema = z.object({
  localDate: z.string(),
  timezone: z.string(),
  checkInTime: z.string(),
  serverTime: z.string(),
  hasCheckedInToday: z.boolean(),
  windowState: windowStateSchema,
  orientationState: orientationStateSchema,
  /** How this user answers now: yes/no or the 0..4 scale. */
  answerMode: z.enum(['boolean', 'scale']),
  journalEnabled: z.boolean(),
});

export const todayResponseSchema = checkInStatusSchema.extend({
  checkIn: checkInSchema.nullable(),
  journalEntry: journalEntrySchema.nullable(),
});
export type TodayResponse = z.infer<typeof todayResponseSchema>;

export const historyQuerySchema = z.object({
  limit: z.coerce.number().int().min(1).max(5000).optional(),
});

export const historyResponseSchema = z.object({
  /** Newest first. */
  checkIns: z.array(checkInSchema),
  /** Number of check-ins the overall score is based on ('Based on N check-ins'). */
  count: z.number().int(),
  /** Mean check-in score over all check-ins as a rounded percentage; null with none. */
  overallScore: z.number().int().nullable(),
  /** Per-area mean over all check-ins (0..1), null with none. */
  areaAverages: z.object(Object.fromEntries(AREAS.map((a) => [a, z.number().nullable()])) as Record<
    (typeof AREAS)[number],
    z.ZodNullable<z.ZodNumber>
  >),
});
export type HistoryResponse = z.infer<typeof historyResponseSchema>;

export const celebrationSchema = z.object({
  type: z.string(),
  milestone: z.number().int(),
  message: z.string(),
  features: z.array(z.string()),
});
export const milestoneRewardSchema = z.object({ rewardType: z.string(), milestone: z.number().int() });

export const checkInResultSchema = z.object({
  id: z.string(),
  date: z.string(),
  isFirstCheckIn: z.boolean(),
  replaced: z.boolean(),
  score: z.number(),
  celebration: celebrationSchema.nullable(),
  milestoneReward: milestoneRewardSchema.nullable(),
  /** The streak after this check-in; null when it did not move it (an edit) or is not known here (a late one). */
  currentStreak: z.number().int().nullable().optional(),
});
export type CheckInResult = z.infer<typeof checkInResultSchema>;


const idParam = z.string().min(1).max(100).refine(noNul, 'Invalid id');
export const idParamsSchema = z.object({ id: idParam });
export const checkInIdParamsSchema = z.object({ checkInId: idParam });

/** POST /api/journal-entries/:checkInId: one (or more) journal fields; an empty text clears it. */
export const journalUpdateSchema = z
  .object(
    Object.fromEntries(JOURNAL_FIELDS.map((f) => [f, journalText.nullable().optional()])) as Record<
      JournalField,
      z.ZodOptional<z.ZodNullable<z.ZodString>>
    >,
  )
  .strict()
  .refine((v) => JOURNAL_FIELDS.some((f) => v[f] !== undefined), {
    message: `Send one journal field (${JOURNAL_FIELDS.join(', ')})`,
  });

export const checkInTimeBodySchema = z.object({
  checkInTime: z
    .string({ error: CHECK_IN_MESSAGES.checkInTimeInvalid })
    .refine(isValidCheckInTime, CHECK_IN_MESSAGES.checkInTimeInvalid),
});

export const tipSchema = z.object({
  category: z.enum(AREAS),
  icon: z.string(),
  /** Percent 0..100: the area's all-time average, the same figure as history's areaAverages. */
  score: z.number().int(),
  level: z.enum(LEVELS as [string, ...string[]]),
  tip: z.string(),
});
export const tipsResponseSchema = z.object({ tips: z.array(tipSchema) });
export type TipDto = z.infer<typeof tipSchema>;
