import { z } from 'zod';
import { REST_DAYS_PER_REQUEST } from '../domain/rest-days';

/** Why a streak ledger row exists. */
export const STREAK_LEDGER_REASONS = [
  'check-in',
  'shield-used',
  'break',
  'recovery',
  'decline',
  'purchase',
  'tier-grant',
  'developer',
  /** Decision 022: a late offline check-in corrected a settled day (shield returned, break undone). */
  'offline-correction',
  /** Issue 28: a rest day planned, cancelled before it started, used (ended without a check-in), or given back by a check-in. */
  'rest-day-planned',
  'rest-day-cancelled',
  'rest-day-used',
  'rest-day-returned',
  /** Issue 31: a refunded shield purchase took back a shield still unused. */
  'refund',
] as const;
export type StreakLedgerReason = (typeof STREAK_LEDGER_REASONS)[number];

const localDate = z.string().regex(/^\d{4}-\d{2}-\d{2}$/);

export const streakViewSchema = z.object({
  currentStreak: z.number().int(),
  bestStreak: z.number().int(),
  /** Legacy counter of shields used. */
  freezeDaysUsed: z.number().int(),
  /** Shields left. */
  freezeDaysRemaining: z.number().int(),
  /** Highest milestone achieved: the floor a break resets to. */
  checkpoint: z.number().int(),
  level: z.object({ name: z.string(), min: z.number().int(), icon: z.string() }),
  /** The icon to show: the level's, or a snowflake when yesterday was frozen and today has no check-in. */
  icon: z.string(),
  nextMilestone: z
    .object({
      days: z.number().int(),
      name: z.string(),
      emoji: z.string(),
      daysToGo: z.number().int(),
      /** 0..100 */
      progress: z.number(),
    })
    .nullable(),
  milestones: z.array(
    z.object({ days: z.number().int(), name: z.string(), emoji: z.string(), label: z.string(), achieved: z.boolean() }),
  ),
  yesterdayFrozen: z.boolean(),
  /** Issue 28: today is a planned rest day, or yesterday was one (ended without a check-in). */
  todayRest: z.boolean(),
  yesterdayRest: z.boolean(),
  todayCompleted: z.boolean(),
  /** The user's local today. */
  today: localDate,
  lastCompletedDate: localDate.nullable(),
  recoveryAvailable: z.boolean(),
  lostStreakValue: z.number().int().nullable(),
});
export type StreakView = z.infer<typeof streakViewSchema>;

export const frozenDaysSchema = z.object({ frozenDays: z.array(localDate) });
export const recoveryPaymentsSchema = z.object({ recoveryDates: z.array(localDate) });
/** offerEndsOn: the last local date the recovery offer stands (null with no offer). */
export const recoveryAvailableSchema = z.object({
  available: z.number().int(),
  lostStreakValue: z.number().int(),
  offerEndsOn: localDate.nullable(),
});
export const recoverResultSchema = z.object({
  message: z.string(),
  currentStreak: z.number().int(),
  freezeDaysRemaining: z.number().int(),
});
export const messageSchema = z.object({ message: z.string() });

export const CALENDAR_DAY_STATES = [
  'before-registration',
  'frozen',
  'completed',
  'milestone',
  'today-open',
  'today-waiting',
  'today-missed',
  'missed',
  'recovered',
  /** Issue 28: a rest day (used, today's, or planned) without a check-in. */
  'rest',
  'future',
] as const;
export type CalendarDayState = (typeof CALENDAR_DAY_STATES)[number];

export const calendarQuerySchema = z.object({
  month: z
    .string({ message: 'month is required (YYYY-MM)' })
    // Years 1970–2999: other years are not calendar months a streak can have (year 0 is not even a date).
    .regex(/^(19[7-9]\d|2\d{3})-(0[1-9]|1[0-2])$/, 'month must look like YYYY-MM (a year from 1970 to 2999)'),
});
export const calendarDaySchema = z.object({
  date: localDate,
  state: z.enum(CALENDAR_DAY_STATES),
  /** The streak reached on a completed day. */
  streak: z.number().int().optional(),
});
export type CalendarDay = z.infer<typeof calendarDaySchema>;
export const calendarSchema = z.object({ month: z.string(), today: localDate, days: z.array(calendarDaySchema) });

export const ledgerEntrySchema = z.object({
  id: z.string(),
  date: localDate,
  createdAt: z.string(),
  reason: z.enum(STREAK_LEDGER_REASONS),
  description: z.string(),
  streakDelta: z.number().int(),
  shieldsDelta: z.number().int(),
  currentStreak: z.number().int(),
  freezeDaysRemaining: z.number().int(),
});
export type LedgerEntry = z.infer<typeof ledgerEntrySchema>;
export const ledgerSchema = z.object({ entries: z.array(ledgerEntrySchema) });

// Rest days (issue 28)
export const restDaysSchema = z.object({
  /** This year's rest days and the planned ones, ascending (a rest day given back by a check-in is not listed). */
  restDays: z.array(localDate),
  limitPerYear: z.number().int(),
  /** This local year's rest days (planned or used); a date planned next year counts against next year's. */
  usedThisYear: z.number().int(),
  remainingThisYear: z.number().int(),
});
export type RestDaysView = z.infer<typeof restDaysSchema>;
export const planRestDaysBodySchema = z.object({
  dates: z
    .array(z.string({ message: 'Pick rest days as dates (YYYY-MM-DD).' }), { message: 'dates must be a list of dates (YYYY-MM-DD)' })
    .min(1, 'Pick at least one date.')
    .max(REST_DAYS_PER_REQUEST, `Plan at most ${REST_DAYS_PER_REQUEST} rest days at once.`),
});
export const restDayParamsSchema = z.object({
  date: z.string().regex(/^\d{4}-\d{2}-\d{2}$/, 'The date must look like YYYY-MM-DD.'),
});

// Developer tools
export const resetFreezeDaysBodySchema = z.object({
  freezeDays: z.number({ message: 'freezeDays must be a number' }).int('freezeDays must be a whole number').min(0).max(999),
});
export const setStreakBodySchema = z.object({
  days: z.number({ message: 'days must be a number' }).int('days must be a whole number').min(0, 'days must be 0 to 365').max(365, 'days must be 0 to 365'),
});
export const createLostStreakBodySchema = z.object({
  lostDays: z
    .number({ message: 'lostDays must be a number' })
    .int('lostDays must be a whole number')
    .min(1, 'lostDays must be 1 to 365')
    .max(365, 'lostDays must be 1 to 365'),
});
export const devStreakResultSchema = z.object({ message: z.string(), currentStreak: z.number().int() });
export const devLostStreakResultSchema = z.object({ message: z.string(), lostStreakValue: z.number().int() });
export const devFreezeResultSchema = z.object({ message: z.string(), freezeDaysRemaining: z.number().int() });
export const devShieldProtectionResultSchema = z.object({
  message: z.string(),
  frozenDate: localDate,
  freezeDaysRemaining: z.number().int(),
});
