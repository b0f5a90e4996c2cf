import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { date, doublePrecision, index, integer, jsonb, pgTable, primaryKey, text, timestamp, uniqueIndex, type PgColumnBuilderBase } from 'drizzle-orm/pg-core';
import { users } from './auth';
import { STREAK_LEDGER_REASONS } from '@shared/schemas/streaks';
import type { StreakSnapshot, StrengthState } from '@shared/domain/streak-engine';

const ts = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' });
const localDate = (name: string) => date(name, { mode: 'string' });

/** A table of dates per user (one row per user and date: a date is never in it twice), with `extra` columns. */
const userDates = <N extends string, E extends Record<string, PgColumnBuilderBase>>(name: N, extra: E) =>
  pgTable(
    name,
    {
      userId: text('user_id')
        .notNull()
        .references(() => users.id, { onDelete: 'cascade' }),
      date: localDate('date').notNull(),
      ...extra,
      createdAt: ts('created_at').notNull().defaultNow(),
    },
    (t) => [primaryKey({ columns: [t.userId, t.date] })],
  );

/** One row per user: the incremental streak state (see shared/domain/streak-engine.ts). */
export const streakStates = pgTable(
  'streak_states',
  {
    userId: text('user_id')
      .primaryKey()
      .references(() => users.id, { onDelete: 'cascade' }),
    currentStreak: integer('current_streak').notNull().default(0),
    bestStreak: integer('best_streak').notNull().default(0),
    freezeDaysRemaining: integer('freeze_days_remaining').notNull().default(0),
    freezeDaysUsed: integer('freeze_days_used').notNull().default(0),
    checkpoint: integer('checkpoint').notNull().default(0),
    lastCompletedDate: localDate('last_completed_date'),
    lastProcessedDate: localDate('last_processed_date'),
    /** When the first unsettled local date (lastProcessedDate + 1) ends: the rollover is due. Null when nothing is at risk. */
    nextRolloverAt: ts('next_rollover_at'),
    /** The zone nextRolloverAt was computed in (a change of users.timezone recomputes it). */
    timezone: text('timezone').notNull().default('UTC'),
    lostStreakValue: integer('lost_streak_value'),
    lostDate: localDate('lost_date'),
    /** Check-ins since the break, while the recovery offer is open. */
    rebuiltDays: integer('rebuilt_days').notNull().default(0),
    /** The missed dates a recovery would bridge (YYYY-MM-DD; at most RECOVERY_WINDOW_DAYS + 1). */
    gapDates: jsonb('gap_dates').$type<string[]>().notNull().default([]),
    recoveryState: text('recovery_state', { enum: ['none', 'available', 'recovered', 'declined'] })
      .notNull()
      .default('none'),
    /**
     * Decision 022: the state as it stood before each of the last few settlements (newest last, a few days'
     * worth), so a late offline check-in can replay the engine from before its date was settled.
     */
    recentStates: jsonb('recent_states').$type<StreakSnapshot[]>().notNull().default([]),
    /**
     * Issue 28: the strength score's incremental state (shared/domain/streak-engine.ts): the per-area strength before the
     * last few settled days, and those days (still correctable). Older days' values are in streak_strength_days.
     */
    strength: jsonb('strength')
      .$type<StrengthState>()
      .notNull()
      .default({ base: [0, 0, 0, 0, 0, 0, 0], recent: [] }),
    updatedAt: ts('updated_at').notNull().defaultNow(),
  },
  (t) => [index('streak_states_next_rollover_idx').on(t.nextRolloverAt)],
);

/** Dates a shield protected. One row per user and date: a day is never frozen twice. */
export const streakFrozenDays = userDates('streak_frozen_days', {});

/** Missed dates bridged by a recovery (shown as $ in the calendar). */
export const streakRecoveredDays = userDates('streak_recovered_days', {
  method: text('method', { enum: ['shield', 'paid'] }).notNull(),
  paymentRef: text('payment_ref'),
});

/**
 * Issue 28: the user's rest days — planned (a date after the day it was planned) or used (ended without a check-in).
 * A cancelled rest day, or one a check-in gave back, is deleted (the ledger keeps the history). One row per user and
 * date; the allowance (REST_DAYS_PER_YEAR per local year) counts these rows under the user's streak-state lock.
 */
export const streakRestDays = userDates('streak_rest_days', {});

/**
 * Issue 28: the per-area strength (AREAS order, 0–1) after each settled date no longer correctable (folded out of
 * streak_states.strength): the 90-day lines read the last of them. Written once per settled day, never updated.
 */
export const streakStrengthDays = pgTable(
  'streak_strength_days',
  {
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    date: localDate('date').notNull(),
    areas: doublePrecision('areas').array().notNull(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.date] })],
);

/** Every change to a user's streak or shields, with the resulting values. */
export const streakLedger = pgTable(
  'streak_ledger',
  {
    id: text('id').primaryKey().$defaultFn(() => randomUUID()),
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** The user's local date the change belongs to. */
    date: localDate('date').notNull(),
    reason: text('reason', { enum: STREAK_LEDGER_REASONS }).notNull(),
    description: text('description').notNull(),
    streakDelta: integer('streak_delta').notNull().default(0),
    shieldsDelta: integer('shields_delta').notNull().default(0),
    currentStreak: integer('current_streak').notNull(),
    freezeDaysRemaining: integer('freeze_days_remaining').notNull(),
    /** Idempotency for external fulfilments (payment reference). */
    ref: text('ref'),
    createdAt: ts('created_at').notNull().defaultNow(),
  },
  (t) => [
    index('streak_ledger_user_idx').on(t.userId, t.createdAt),
    // A rollover decides each user's date once, and a check-in counts once per date.
    uniqueIndex('streak_ledger_once_per_date_uq')
      .on(t.userId, t.date, t.reason)
      .where(sql`${t.reason} in ('check-in', 'shield-used', 'break')`),
    // Once per reference (a payment, a grant); rows without one (check-ins, rollovers) are not in it (drizzle/0020).
    uniqueIndex('streak_ledger_ref_uq')
      .on(t.userId, t.reason, t.ref)
      .where(sql`${t.ref} is not null`),
  ],
);
