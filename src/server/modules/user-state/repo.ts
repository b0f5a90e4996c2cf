import { and, desc, eq, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { Db } from '@server/db/client';
import { batchedRead } from '@server/db/rows';
import { checkIns, journalEntries, streakFrozenDays, streakRestDays, streakStates, subscriptions, users } from '@server/db/schema/index';

/**
 * Each user's latest check-in (its local date and instant) for a LATERAL join to `users`: a top-1 on the unique
 * (user, date) index, read backwards. What the check-in window reads, for the user-state read (the check-in batch's
 * lock has the same join in its fixed text: check-ins/repo.ts, LOCK_USERS).
 */
function latestCheckInLateral(db: Db) {
  return db
    .select({ localDate: checkIns.localDate, createdAt: checkIns.createdAt })
    .from(checkIns)
    .where(and(eq(checkIns.userId, users.id), eq(checkIns.imported, false)))
    .orderBy(desc(checkIns.localDate))
    .limit(1)
    .as('latest_ci');
}

/**
 * The signed-in user's state, in ONE statement (GET /api/dashboard and the spec reads it answers): the user's row,
 * their streak state and
 * subscription (primary keys), today's check-in (the unique (user, date) index) with its journal, the latest
 * check-in (a LATERAL top-1 on the same index, backwards) and whether yesterday was frozen (primary key).
 * Every join is on a unique key, so the answer is one row per user or none. No transaction, no lock, no write.
 *
 * Concurrent reads are one statement for many users (db/rows.ts): the requests come in as parallel arrays —
 * user, today, yesterday: each user with their own dates — unnested WITH ORDINALITY, and each row carries its
 * request's position (`n`), which is how it goes back to its caller (and only to it).
 */
const todayCheckIn = alias(checkIns, 'today_ci');
/** Issue 28: whether today and yesterday are rest days (primary key; a rest day a check-in gave back is gone). */
const todayRest = alias(streakRestDays, 'today_rest');
const yesterdayRest = alias(streakRestDays, 'yesterday_rest');
const req = sql.raw('req');

/** The statement, before it is prepared (tests read its text: every table it reads must announce its changes). */
export function userStateQuery(db: Db) {
  const latest = latestCheckInLateral(db);
  return db
    .select({
      /** The request this row answers: its position in the batch, from 1. */
      n: sql<number>`${req}.n::int`.mapWith(Number),
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
      todayRest: todayRest.date,
      yesterdayRest: yesterdayRest.date,
    })
    .from(
      sql`unnest(${sql.placeholder('userIds')}::text[], ${sql.placeholder('todays')}::text[], ${sql.placeholder('yesterdays')}::date[]) WITH ORDINALITY AS ${req}(user_id, today, yesterday, n)`,
    )
    .innerJoin(users, eq(users.id, sql`${req}.user_id`))
    .leftJoin(streakStates, eq(streakStates.userId, users.id))
    .leftJoin(subscriptions, eq(subscriptions.userId, users.id))
    .leftJoin(todayCheckIn, and(eq(todayCheckIn.userId, users.id), eq(todayCheckIn.localDate, sql`${req}.today`)))
    .leftJoin(journalEntries, eq(journalEntries.checkInId, todayCheckIn.id))
    .leftJoinLateral(latest, sql`true`)
    .leftJoin(streakFrozenDays, and(eq(streakFrozenDays.userId, users.id), eq(streakFrozenDays.date, sql`${req}.yesterday`)))
    .leftJoin(todayRest, and(eq(todayRest.userId, users.id), eq(todayRest.date, sql`${req}.today::date`)))
    .leftJoin(yesterdayRest, and(eq(yesterdayRest.userId, users.id), eq(yesterdayRest.date, sql`${req}.yesterday`)));
}

// A named statement: PostgreSQL parses and plans it once per pooled connection.
const build = (db: Db) => userStateQuery(db).prepare('user_state_read_many');

type Prepared = ReturnType<typeof build>;
type Row = Awaited<ReturnType<Prepared['execute']>>[number];
export type UserStateRows = Omit<Row, 'n'>;

/** One prepared statement per database (the app's; this read never runs inside a transaction's batch). */
const prepared = new WeakMap<Db, Prepared>();

interface StateKey {
  userId: string;
  today: string;
  yesterday: string;
}

const stateReads = batchedRead(async (db: Db, keys: readonly StateKey[]): Promise<readonly (UserStateRows | undefined)[]> => {
  let q = prepared.get(db);
  if (!q) prepared.set(db, (q = build(db)));
  // The same user and dates asked by several callers of one batch (a screen's concurrent calls) are read once:
  // each position in `asked` is one distinct key, and every caller of that key gets its row.
  const asked: StateKey[] = [];
  const position = new Map<string, number>();
  const positionOf = keys.map((k) => {
    const id = `${k.userId}\n${k.today}\n${k.yesterday}`;
    let at = position.get(id);
    if (at === undefined) position.set(id, (at = asked.push(k) - 1));
    return at;
  });
  const rows = await q.execute({
    userIds: asked.map((k) => k.userId),
    todays: asked.map((k) => k.today),
    yesterdays: asked.map((k) => k.yesterday),
  });
  const answers: (UserStateRows | undefined)[] = asked.map(() => undefined);
  for (const { n, ...row } of rows) {
    const key = asked[n - 1];
    // Never another caller's row: the position and the user must both match.
    if (!key || row.user.id !== key.userId || answers[n - 1]) throw new Error('The batched user-state read answered a row to the wrong request');
    answers[n - 1] = row;
  }
  return positionOf.map((at) => answers[at]);
});

/** The user's state rows for these dates; concurrent callers share one statement (db/rows.ts). */
export async function readUserStateRows(db: Db, userId: string, today: string, yesterday: string): Promise<UserStateRows | undefined> {
  return stateReads.load(db, { userId, today, yesterday });
}
