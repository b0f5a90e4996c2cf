import { z } from 'zod';

import { TRIAL_TIERS } from '../domain/trials';
import { TIERS } from '../domain/tiers';
import { byAreaScoreKey, SCALE_MAX, SCALE_MIN } from '../domain/scoring';
import { isLocalDate } from '../domain/dates';
import { GENDERS, isPlainName, MAX_NAME_LENGTH, publicUserSchema } from './auth';
import { checkInSchema, journalEntrySchema, JOURNAL_FIELDS, JOURNAL_MAX_LENGTH } from './check-ins';
import { MESSAGE_ROLES } from './ai-coach';
import { notificationSettingsSchema } from './notifications';
import { purchaseSchema } from './payments';
import { ledgerEntrySchema, streakViewSchema } from './streaks';
import { subscriptionSchema } from './subscriptions';

// ---------------------------------------------------------------------------------------------------------
// Profile (PATCH /api/user/profile)
// ---------------------------------------------------------------------------------------------------------

/** Spec part 2 §5 and §9: age 13 to 100 (default 25 in the stepper). */
export const AGE_MIN = 13;
export const AGE_MAX = 100;
export const AGE_DEFAULT = 25;
/** The stepper goes below AGE_MIN (down to this) so an under-13 user reaches the notice (spec §5 Age). */
export const AGE_STEPPER_FLOOR = 5;

export const GENDER_LABELS: Record<(typeof GENDERS)[number], string> = {
  male: 'Male',
  female: 'Female',
  other: 'Other',
  'prefer-not-to-say': 'Prefer not to say',
};

export const PROFILE_MESSAGES = {
  nameRequired: 'Name cannot be empty',
  nameText: 'Name must be text',
  nameTooLong: `Name must be at most ${MAX_NAME_LENGTH} characters long`,
  nameNul: 'Name cannot contain a NUL character',
  nameNotPlain: 'Name cannot contain a web address, "<", ">" or control characters',
  ageWhole: 'Age must be a whole number',
  ageUnder13: `You must be at least ${AGE_MIN} years old to use Big 7. An age under ${AGE_MIN} is not saved.`,
  ageTooHigh: `Age must be between ${AGE_MIN} and ${AGE_MAX}`,
  gender: "Gender must be one of 'male', 'female', 'other' or 'prefer-not-to-say'",
  nothingToUpdate: 'Send at least one of firstName, age or gender',
} as const;

export const profileUpdateSchema = z
  .object({
    firstName: z
      .string({ error: PROFILE_MESSAGES.nameText })
      .trim()
      .min(1, PROFILE_MESSAGES.nameRequired)
      .max(MAX_NAME_LENGTH, PROFILE_MESSAGES.nameTooLong)
      .refine((s) => !s.includes('\u0000'), PROFILE_MESSAGES.nameNul)
      .refine(isPlainName, PROFILE_MESSAGES.nameNotPlain)
      .optional(),
    age: z
      .number({ error: PROFILE_MESSAGES.ageWhole })
      .int(PROFILE_MESSAGES.ageWhole)
      .min(AGE_MIN, PROFILE_MESSAGES.ageUnder13)
      .max(AGE_MAX, PROFILE_MESSAGES.ageTooHigh)
      .optional(),
    gender: z.enum(GENDERS, { error: PROFILE_MESSAGES.gender }).optional(),
  })
  .refine((b) => b.firstName !== undefined || b.age !== undefined || b.gender !== undefined, {
    message: PROFILE_MESSAGES.nothingToUpdate,
  });
export type ProfileUpdate = z.infer<typeof profileUpdateSchema>;

// ---------------------------------------------------------------------------------------------------------
// Support (POST /api/support/contact)
// ---------------------------------------------------------------------------------------------------------

export const SUPPORT_SUBJECT_MAX = 100;
export const SUPPORT_MESSAGE_MAX = 1000;
/** At most this many support messages per user per hour. */
export const SUPPORT_RATE_LIMIT = { max: 5, timeWindow: '1 hour' } as const;

export const SUPPORT_MESSAGES = {
  fillAll: 'Please fill out all fields',
  subjectTooLong: `Subject must be at most ${SUPPORT_SUBJECT_MAX} characters`,
  messageTooLong: `Message must be at most ${SUPPORT_MESSAGE_MAX} characters`,
  nul: 'Text cannot contain a NUL character',
  sent: 'Message sent successfully',
  sentDetail: "We'll respond within 24 hours",
  failed: 'Failed to send message',
  failedDetail: 'Please try again later',
  tooMany: 'You have sent several support messages in the last hour. Please wait a while before sending another.',
} as const;

const supportText = (max: number, tooLong: string) =>
  z
    .string({ error: SUPPORT_MESSAGES.fillAll })
    .trim()
    .min(1, SUPPORT_MESSAGES.fillAll)
    .max(max, tooLong)
    .refine((s) => !s.includes('\u0000'), SUPPORT_MESSAGES.nul);

export const supportContactSchema = z.object({
  subject: supportText(SUPPORT_SUBJECT_MAX, SUPPORT_MESSAGES.subjectTooLong),
  message: supportText(SUPPORT_MESSAGE_MAX, SUPPORT_MESSAGES.messageTooLong),
});
export type SupportContact = z.infer<typeof supportContactSchema>;

// ---------------------------------------------------------------------------------------------------------
// Account deletion and its one-time offers (spec part 2 §4)
// ---------------------------------------------------------------------------------------------------------

/** The delete path's one-time offer (issue 30: a gentle tone, a plain way on: DELETE_CONTINUE). */
export const DELETION_OFFERS = {
  'ai-coach': {
    code: 'OFFERAI30',
    tier: 'ai-coach',
    title: 'Before you go: AI Coach free for 30 days',
    description:
      'If Big 7 has not been helping, a different way of using it might. This is offered once: 30 days of AI Coach free — personal coaching, a journal, every Premium feature and 10 shields. No payment, nothing renews. Or continue deleting; it is your choice.',
    accept: 'Try AI Coach free',
  },
  premium: {
    code: 'OFFERPREMIUM30',
    tier: 'premium',
    title: 'Before you go: Premium free for 30 days',
    description:
      'If Big 7 has not been helping, a different way of using it might. This is offered once: 30 days of Premium free — the 5-point answers, personalised tips and 5 shields. No payment, nothing renews. Or continue deleting; it is your choice.',
    accept: 'Try Premium free',
  },
} as const;

/** The offer's way on to the deletion's confirmation. */
export const DELETE_CONTINUE = 'Continue deleting';

export const deletionOfferSchema = z.object({
  /** The one-time offer to show before deleting, or null to go straight to the confirmation. */
  offer: z.object({ code: z.string(), tier: z.enum(TRIAL_TIERS) }).nullable(),
});
export type DeletionOffer = z.infer<typeof deletionOfferSchema>;

export const ACCOUNT_MESSAGES = {
  deleted: 'Your account and all of its data have been deleted',
  exportFailed: 'Failed to generate wellness report',
  unknownFormat: "format must be 'json' or 'csv'",
} as const;

// ---------------------------------------------------------------------------------------------------------
// Data export (GET /api/user/export?format=json|csv; POST /api/user/export-wellness-data is the PDF)
// ---------------------------------------------------------------------------------------------------------

export const EXPORT_FORMATS = ['json', 'csv'] as const;
export const exportQuerySchema = z.object({
  format: z.enum(EXPORT_FORMATS, { error: ACCOUNT_MESSAGES.unknownFormat }),
});

/** The CSV export's header (one row per check-in). */
export const CSV_HEADER = [
  'date',
  'rest',
  'exercise',
  'nutrition',
  'goals',
  'boundaries',
  'connection',
  'joy',
  'score',
  'tier',
  'journal',
] as const;

/** Bump when the JSON shape changes incompatibly. 2 (issue 29): coach, purchases, feedback, notifications, devices, rest days. */
export const EXPORT_VERSION = 2;

/**
 * The JSON export: everything the account owns, except credentials (password hash, session and e-mail tokens)
 * and the security log of failed sign-ins. Documented in docs/data-export.md.
 */
export const accountExportSchema = z.object({
  exportVersion: z.literal(EXPORT_VERSION),
  exportedAt: z.string(),
  profile: publicUserSchema.omit({ isAdmin: true, devTools: true }),
  subscription: subscriptionSchema,
  /** `imported`: brought in from another export (POST /api/user/import): history, never part of the streak. */
  checkIns: z.array(checkInSchema.extend({ journal: journalEntrySchema.nullable(), imported: z.boolean() })),
  summary: z.object({
    checkInCount: z.number().int(),
    /** Mean check-in score as a rounded percentage 0..100; null without check-ins. */
    overallScore: z.number().int().nullable(),
    /** Mean score per area (rest, exercise, …) 0..1; null without check-ins. */
    areaAverages: z.record(z.string(), z.number().nullable()),
  }),
  streak: z.object({
    current: streakViewSchema,
    frozenDays: z.array(z.string()),
    recoveredDays: z.array(z.string()),
    ledger: z.array(ledgerEntrySchema),
  }),
  tierChanges: z.array(
    z.object({
      fromTier: z.string(),
      toTier: z.string(),
      source: z.string(),
      shieldsGranted: z.number().int(),
      expiresAt: z.string().nullable(),
      createdAt: z.string(),
    }),
  ),
  couponRedemptions: z.array(z.object({ code: z.string(), redeemedAt: z.string() })),
  rewardClaims: z.array(z.object({ rewardType: z.enum(TRIAL_TIERS), claimedAt: z.string() })),
  /** The AI coach conversations, newest first, each with its messages oldest first. */
  coachConversations: z.array(
    z.object({
      id: z.string(),
      title: z.string(),
      createdAt: z.string(),
      updatedAt: z.string(),
      messages: z.array(z.object({ role: z.enum(MESSAGE_ROLES), content: z.string(), createdAt: z.string() })),
    }),
  ),
  /** Purchase history (as /purchase-history shows it). */
  purchases: z.array(purchaseSchema),
  /** The feedback messages the user sent, oldest first. */
  feedback: z.array(z.object({ message: z.string(), createdAt: z.string() })),
  notificationSettings: notificationSettingsSchema,
  /** Devices registered for push: the push service's host only (never the endpoint's path or its keys). */
  devices: z.array(z.object({ pushService: z.string(), registeredAt: z.string(), lastDeliveredAt: z.string().nullable() })),
  /** Planned rest days (YYYY-MM-DD). Filled when rest days land (issue 29: the lead adds them to collectExport). */
  restDays: z.array(z.string()),
});
export type AccountExport = z.infer<typeof accountExportSchema>;

// ---------------------------------------------------------------------------------------------------------
// Import (POST /api/user/import): the check-ins and journals of a Big 7 JSON export, version 1 or 2
// ---------------------------------------------------------------------------------------------------------

/** The largest import body (the route's own body limit; other routes keep the app's). */
export const IMPORT_MAX_BYTES = 5 * 1024 * 1024;
/** Export versions an import reads. */
export const IMPORT_VERSIONS = [1, 2] as const;

export const IMPORT_MESSAGES = {
  notExport: 'This is not a Big 7 export: choose the .json file that "Export my data" downloaded (it starts with "exportVersion").',
  version: (v: unknown) => `This export's version (${String(v)}) cannot be imported: Big 7 imports versions ${IMPORT_VERSIONS.join(' and ')}.`,
  tooLarge: `The file is larger than ${IMPORT_MAX_BYTES / 1024 / 1024} MB, so it cannot be a Big 7 export. Choose the .json file that "Export my data" downloaded.`,
  duplicateDate: (date: string) => `The export lists ${date} more than once; a date has one check-in.`,
  field: (where: string, problem: string) => `The export is damaged at ${where}: ${problem}. Nothing was imported.`,
  done: (imported: number) => (imported === 1 ? '1 day imported' : `${imported} days imported`),
} as const;

const score = z.number({ error: 'a score must be a number from 0 to 1' }).min(0, 'a score cannot be below 0').max(100, 'a score must be from 0 to 1');
const importJournalText = z
  .string({ error: 'a journal text must be text' })
  .max(JOURNAL_MAX_LENGTH, `a journal text can be at most ${JOURNAL_MAX_LENGTH} characters`)
  .refine((t) => !t.includes('\u0000'), 'a journal text cannot contain a NUL character')
  .nullable()
  .optional();
const ANSWERS_SHAPE = 'answers must be 7 answers, all true/false or all whole numbers from 0 to 4';

/** One check-in of an export as an import reads it (other fields — ids, summary — are ignored). */
export const importCheckInSchema = z.object({
  date: z.string({ error: 'date must be a date as YYYY-MM-DD' }).refine(isLocalDate, 'date must be a real date as YYYY-MM-DD'),
  ...byAreaScoreKey(() => score),
  score: score.optional(),
  answers: z
    .array(z.union([z.boolean(), z.number().int().min(SCALE_MIN).max(SCALE_MAX)]), { error: ANSWERS_SHAPE })
    .length(7, ANSWERS_SHAPE)
    .refine((a) => a.every((x) => typeof x === 'boolean') || a.every((x) => typeof x === 'number'), ANSWERS_SHAPE),
  subscriptionTierAtCheckIn: z.enum(TIERS, { error: `subscriptionTierAtCheckIn must be one of ${TIERS.join(', ')}` }).default('free'),
  timezone: z.string({ error: 'timezone must be text' }).min(1, 'timezone cannot be empty').max(100, 'timezone is too long'),
  createdAt: z.iso.datetime({ offset: true, error: 'createdAt must be an ISO instant' }).optional(),
  updatedAt: z.iso.datetime({ offset: true, error: 'updatedAt must be an ISO instant' }).optional(),
  journal: z
    .object(Object.fromEntries(JOURNAL_FIELDS.map((f) => [f, importJournalText])) as Record<(typeof JOURNAL_FIELDS)[number], typeof importJournalText>, {
      error: 'journal must be an object or null',
    })
    .nullable()
    .optional(),
});
export type ImportCheckIn = z.infer<typeof importCheckInSchema>;

export const importFileSchema = z.object({
  exportVersion: z.union(IMPORT_VERSIONS.map((v) => z.literal(v))),
  checkIns: z.array(importCheckInSchema, { error: 'checkIns must be a list' }),
});

/** POST /api/user/import's answer. */
export const importResultSchema = z.object({
  /** Days added. */
  imported: z.number().int(),
  /** Days of the file left out: the account has them already, or they are too recent (a check-in may still come). */
  skipped: z.number().int(),
});
export type ImportResult = z.infer<typeof importResultSchema>;

