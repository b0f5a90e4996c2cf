import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { boolean, check, doublePrecision, index, integer, jsonb, pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { byAreaScoreKey } from '@shared/domain/scoring';
import { users } from './auth';

const ts = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' });

/** One row per user per local date (the date in the user's timezone when it was submitted; it never moves). */
export const checkIns = pgTable(
  'check_ins',
  {
    id: text('id').primaryKey().$defaultFn(() => randomUUID()),
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** YYYY-MM-DD in the user's timezone at submission. */
    localDate: text('local_date').notNull(),
    /** Area scores 0..1 (older imported rows may hold 0..100; normalised when read). */
    ...byAreaScoreKey((area) => doublePrecision(`${area}_score`).notNull()),
    /** Mean of the seven area scores, 0..1. */
    score: doublePrecision('score').notNull(),
    /** The 7 answers in area order: booleans (yes/no) or integers 0..4 (scale). */
    answers: jsonb('answers').$type<(boolean | number)[]>().notNull(),
    subscriptionTierAtCheckIn: text('subscription_tier_at_check_in', {
      enum: ['free', 'ad-free', 'premium', 'ai-coach', 'therapy'],
    })
      .notNull()
      .default('free'),
    timezone: text('timezone').notNull(),
    /**
     * Brought in from a Big 7 export (POST /api/user/import): history that counts in scores, trends and
     * correlations, never in the streak, shields, milestones, rewards, the strength score or the check-in window.
     */
    imported: boolean('imported').notNull().default(false),
    createdAt: ts('created_at').notNull().defaultNow(),
    updatedAt: ts('updated_at').notNull().defaultNow(),
  },
  (t) => [
    // No index on the date alone: nothing reads check-ins by date across users (the analytics read their roll-ups),
    // and a check-in wrote it for nothing (drizzle/0020).
    uniqueIndex('check_ins_user_date_uq').on(t.userId, t.localDate),
    check('check_ins_local_date_shape', sql`${t.localDate} ~ '^[0-9]{4}-[0-9]{2}-[0-9]{2}$'`),
  ],
);

/** Journal text for a check-in's answers (ai-coach): one row per check-in, one nullable column per area. */
export const journalEntries = pgTable(
  'journal_entries',
  {
    id: text('id').primaryKey().$defaultFn(() => randomUUID()),
    checkInId: text('check_in_id')
      .notNull()
      .references(() => checkIns.id, { onDelete: 'cascade' }),
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    restJournal: text('rest_journal'),
    exerciseJournal: text('exercise_journal'),
    nutritionJournal: text('nutrition_journal'),
    goalsJournal: text('goals_journal'),
    boundariesJournal: text('boundaries_journal'),
    connectionJournal: text('connection_journal'),
    joyJournal: text('joy_journal'),
    createdAt: ts('created_at').notNull().defaultNow(),
    updatedAt: ts('updated_at').notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('journal_entries_check_in_uq').on(t.checkInId),
    index('journal_entries_user_idx').on(t.userId),
    check(
      'journal_entries_length',
      sql`coalesce(char_length(${t.restJournal}), 0) <= 280 and coalesce(char_length(${t.exerciseJournal}), 0) <= 280
        and coalesce(char_length(${t.nutritionJournal}), 0) <= 280 and coalesce(char_length(${t.goalsJournal}), 0) <= 280
        and coalesce(char_length(${t.boundariesJournal}), 0) <= 280 and coalesce(char_length(${t.connectionJournal}), 0) <= 280
        and coalesce(char_length(${t.joyJournal}), 0) <= 280`,
    ),
  ],
);

/**
 * Idempotency keys of POST /api/checkins (decision 022): the first answer to a (user, key) is stored in the
 * check-in's transaction; a retry with the same key and body gets it again, with a different body a 422.
 */
export const checkInIdempotencyKeys = pgTable(
  'check_in_idempotency_keys',
  {
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    key: text('key').notNull(),
    /** sha256 of the request body (canonical JSON). */
    requestHash: text('request_hash').notNull(),
    statusCode: integer('status_code').notNull(),
    response: jsonb('response').$type<Record<string, unknown>>().notNull(),
    createdAt: ts('created_at').notNull().defaultNow(),
  },
  (t) => [uniqueIndex('check_in_idempotency_user_key_uq').on(t.userId, t.key), index('check_in_idempotency_created_idx').on(t.createdAt)],
);
