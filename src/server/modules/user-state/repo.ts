import { and, desc, eq, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { Db } from '@server/db/client';
import { checkIns, journalEntries, streakFrozenDays, streakStates, subscriptions, users } from '@server/db/schema/index';

/**
 * The signed-in user's state, in ONE statement (GET /api/dashboard and the spec reads it answers): the user's row,
 * their streak state and
 * subscription (primary keys), today's check-in (the unique (user, date) index) with its journal, the latest
 * check-in (a LATERAL top-1 on the same index, backwards) and whether yesterday was frozen (primary key).
 * Every join is on a unique key, so the answer is one row or none. No transaction, no lock, no write.
 */
const todayCheckIn = alias(checkIns, 'today_ci');

function build(db: Db) {
  const latest = db
    .select({ localDate: checkIns.localDate, createdAt: checkIns.createdAt })
    .from(checkIns)
    .where(eq(checkIns.userId, users.id))
    .orderBy(desc(checkIns.localDate))
    .limit(1)
    .as('latest_ci');
  return db
    .select({
      user: users,
      // Only what the views need: not the streak's snapshots (jsonb, decision 022) nor Stripe's ids. Each nested
      // object starts with its primary key: drizzle answers null for a left-joined object whose FIRST field is null.
      state: {
        userId: streakStates.userId,
        timezone: streakStates.timezone,
        currentStreak: streakStates.currentStreak,
        bestStreak: streakStates.bestStreak,
        freezeDaysRemaining: streakStates.freezeDaysRemaining,
        freezeDaysUsed: streakStates.freezeDaysUsed,
        checkpoint: streakStates.checkpoint,
        lastCompletedDate: streakStates.lastCompletedDate,
        lastProcessedDate: streakStates.lastProcessedDate,
        lostStreakValue: streakStates.lostStreakValue,
        lostDate: streakStates.lostDate,
        rebuiltDays: streakStates.rebuiltDays,
        gapDates: streakStates.gapDates,
        recoveryState: streakStates.recoveryState,
      },
      subscription: {
        userId: subscriptions.userId,
        nextExpiryAt: subscriptions.nextExpiryAt,
        premiumExpiresAt: subscriptions.premiumExpiresAt,
        aiCoachExpiresAt: subscriptions.aiCoachExpiresAt,
        trialJustExpired: subscriptions.trialJustExpired,
        previousTier: subscriptions.previousTier,
        paidTier: subscriptions.paidTier,
        paidUntil: subscriptions.paidUntil,
        autoRenew: subscriptions.autoRenew,
        scheduledTier: subscriptions.scheduledTier,
        stripeCustomerId: subscriptions.stripeCustomerId,
      },
      today: todayCheckIn,
      journal: journalEntries,
      latestDate: latest.localDate,
      latestCreatedAt: latest.createdAt,
      yesterdayFrozen: streakFrozenDays.date,
    })
    .from(users)
    .leftJoin(streakStates, eq(streakStates.userId, users.id))
    .leftJoin(subscriptions, eq(subscriptions.userId, users.id))
    .leftJoin(todayCheckIn, and(eq(todayCheckIn.userId, users.id), eq(todayCheckIn.localDate, sql.placeholder('today'))))
    .leftJoin(journalEntries, eq(journalEntries.checkInId, todayCheckIn.id))
    .leftJoinLateral(latest, sql`true`)
    .leftJoin(streakFrozenDays, and(eq(streakFrozenDays.userId, users.id), eq(streakFrozenDays.date, sql.placeholder('yesterday'))))
    .where(eq(users.id, sql.placeholder('userId')))
    .limit(1)
    // A named statement: PostgreSQL parses and plans it once per pooled connection.
    .prepare('user_state_read');
}

type Prepared = ReturnType<typeof build>;
export type UserStateRows = Awaited<ReturnType<Prepared['execute']>>[number];

/** One prepared statement per database (the app's; this read never runs inside a transaction). */
const prepared = new WeakMap<Db, Prepared>();

export async function readUserStateRows(db: Db, userId: string, today: string, yesterday: string): Promise<UserStateRows | undefined> {
  let q = prepared.get(db);
  if (!q) prepared.set(db, (q = build(db)));
  const rows = await q.execute({ userId, today, yesterday });
  return rows[0];
}
