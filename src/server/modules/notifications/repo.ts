import { and, asc, eq, isNotNull, lte, sql } from 'drizzle-orm';
import type { Db } from '@server/db/client';
import type { Conn } from '@server/jobs/queue';
import { checkIns, notificationSettings, pushSubscriptions, reminderSchedules, streakRestDays, users } from '@server/db/schema/index';
import type { ReminderKind } from '@shared/domain/reminders';

export type SettingsRow = typeof notificationSettings.$inferSelect;
export type SubscriptionRow = typeof pushSubscriptions.$inferSelect;

export async function findSettings(db: Conn, userId: string): Promise<SettingsRow | null> {
  const [row] = await db.select().from(notificationSettings).where(eq(notificationSettings.userId, userId));
  return row ?? null;
}

export async function upsertSettings(
  db: Conn,
  userId: string,
  patch: Partial<Pick<SettingsRow, 'dailyReminders' | 'lastChanceReminders' | 'hasSeenNotificationModal' | 'emailFallback' | 'lastReminderDeliveredAt'>>,
  now: Date,
): Promise<SettingsRow> {
  const [row] = await db
    .insert(notificationSettings)
    .values({ userId, ...patch, updatedAt: now })
    .onConflictDoUpdate({ target: notificationSettings.userId, set: { ...patch, updatedAt: now } })
    .returning();
  return row!;
}

/** Adds a device, or moves an endpoint already known (the same browser, maybe another account) to this user. */
export async function upsertSubscription(db: Conn, userId: string, sub: { endpoint: string; p256dh: string; auth: string }, now: Date) {
  await db
    .insert(pushSubscriptions)
    .values({ userId, ...sub, createdAt: now, updatedAt: now })
    .onConflictDoUpdate({ target: pushSubscriptions.endpoint, set: { userId, p256dh: sub.p256dh, auth: sub.auth, updatedAt: now } });
}

export function listSubscriptions(db: Conn, userId: string): Promise<SubscriptionRow[]> {
  return db.select().from(pushSubscriptions).where(eq(pushSubscriptions.userId, userId)).orderBy(asc(pushSubscriptions.createdAt));
}

/** The user's devices, the one registered (or registered again) longest ago first. */
export function listSubscriptionsByLastRegistered(db: Conn, userId: string): Promise<SubscriptionRow[]> {
  return db
    .select()
    .from(pushSubscriptions)
    .where(eq(pushSubscriptions.userId, userId))
    .orderBy(asc(pushSubscriptions.updatedAt), asc(pushSubscriptions.createdAt), asc(pushSubscriptions.id));
}

/** Every device of these users (a reminder batch reads them in one query). */
export function listSubscriptionsOf(db: Conn, userIds: readonly string[]): Promise<SubscriptionRow[]> {
  if (userIds.length === 0) return Promise.resolve([]);
  return db.select().from(pushSubscriptions).where(sql`${pushSubscriptions.userId} = ANY(${textArray(userIds)})`).orderBy(asc(pushSubscriptions.createdAt));
}

/** The user an endpoint is registered to now, if any. */
export async function findEndpointOwner(db: Conn, endpoint: string): Promise<string | null> {
  const [row] = await db.select({ userId: pushSubscriptions.userId }).from(pushSubscriptions).where(eq(pushSubscriptions.endpoint, endpoint));
  return row?.userId ?? null;
}

export async function findSubscription(db: Conn, id: string): Promise<SubscriptionRow | null> {
  const [row] = await db.select().from(pushSubscriptions).where(eq(pushSubscriptions.id, id));
  return row ?? null;
}

export async function deleteSubscription(db: Conn, id: string): Promise<void> {
  await db.delete(pushSubscriptions).where(eq(pushSubscriptions.id, id));
}

export async function deleteSubscriptions(db: Conn, ids: readonly string[]): Promise<void> {
  if (ids.length) await db.delete(pushSubscriptions).where(sql`${pushSubscriptions.id} = ANY(${textArray(ids)})`);
}

/**
 * A reminder batch's deliveries in two statements: each device's last delivery, and each user's last reminder
 * delivered (a settings row is made with the defaults where there is none).
 */
export async function recordReminderDeliveries(db: Conn, subscriptionIds: readonly string[], userIds: readonly string[], now: Date): Promise<void> {
  if (subscriptionIds.length) await db.update(pushSubscriptions).set({ lastDeliveredAt: now }).where(sql`${pushSubscriptions.id} = ANY(${textArray(subscriptionIds)})`);
  if (userIds.length) {
    const at = now.toISOString();
    await db.execute(sql`INSERT INTO notification_settings (user_id, last_reminder_delivered_at, updated_at)
      SELECT u, ${at}::timestamptz, ${at}::timestamptz FROM unnest(${textArray(userIds)}) AS u
      ON CONFLICT (user_id) DO UPDATE SET last_reminder_delivered_at = excluded.last_reminder_delivered_at, updated_at = excluded.updated_at`);
  }
}

export async function markDelivered(db: Conn, sub: SubscriptionRow, now: Date, reminder: boolean): Promise<void> {
  await db.update(pushSubscriptions).set({ lastDeliveredAt: now }).where(eq(pushSubscriptions.id, sub.id));
  if (reminder) await upsertSettings(db, sub.userId, { lastReminderDeliveredAt: now }, now);
}

export async function findUserClock(db: Conn, userId: string): Promise<{ timezone: string; checkInTime: string } | null> {
  const [row] = await db.select({ timezone: users.timezone, checkInTime: users.checkInTime }).from(users).where(eq(users.id, userId));
  return row ?? null;
}

/** Where and how to write to the user (the e-mail reminder fallback), with their timezone. */
export async function findUserContact(db: Conn, userId: string): Promise<{ email: string; firstName: string; timezone: string } | null> {
  const [row] = await db.select({ email: users.email, firstName: users.firstName, timezone: users.timezone }).from(users).where(eq(users.id, userId));
  return row ?? null;
}

/** What a reminder batch needs of each user: the timezone and the reminder settings (null: the defaults). */
export async function findReminderFacts(db: Conn, userIds: readonly string[]) {
  if (userIds.length === 0) return [];
  return db
    .select({
      userId: users.id,
      timezone: users.timezone,
      dailyReminders: notificationSettings.dailyReminders,
      lastChanceReminders: notificationSettings.lastChanceReminders,
      emailFallback: notificationSettings.emailFallback,
    })
    .from(users)
    .leftJoin(notificationSettings, eq(notificationSettings.userId, users.id))
    .where(sql`${users.id} = ANY(${textArray(userIds)})`);
}

/** Which of these (user, local date) pairs have a check-in, as "userId|localDate" (one query). */
export async function checkedInOn(db: Conn, pairs: ReadonlyArray<{ userId: string; localDate: string }>): Promise<Set<string>> {
  if (pairs.length === 0) return new Set();
  const res = (await db.execute(sql`SELECT c.user_id, c.local_date FROM check_ins AS c
    JOIN unnest(${textArray(pairs.map((p) => p.userId))}, ${textArray(pairs.map((p) => p.localDate))}) AS v(user_id, local_date)
      ON c.user_id = v.user_id AND c.local_date = v.local_date`)) as unknown as {
    rows: Array<{ user_id: string; local_date: string }>;
  };
  return new Set(res.rows.map((r) => `${r.user_id}|${r.local_date}`));
}

/** Which of these (user, local date) pairs are the user's rest days (issue 28: no reminder then), as "userId|localDate". */
export async function restingOn(db: Conn, pairs: ReadonlyArray<{ userId: string; localDate: string }>): Promise<Set<string>> {
  if (pairs.length === 0) return new Set();
  const res = (await db.execute(sql`SELECT r.user_id, r.date::text AS local_date FROM streak_rest_days AS r
    JOIN unnest(${textArray(pairs.map((p) => p.userId))}, ${textArray(pairs.map((p) => p.localDate))}) AS v(user_id, local_date)
      ON r.user_id = v.user_id AND r.date = v.local_date::date`)) as unknown as {
    rows: Array<{ user_id: string; local_date: string }>;
  };
  return new Set(res.rows.map((r) => `${r.user_id}|${r.local_date}`));
}

/** Whether `localDate` is one of the user's rest days (issue 28). */
export async function isRestDay(db: Conn, userId: string, localDate: string): Promise<boolean> {
  const [row] = await db
    .select({ date: streakRestDays.date })
    .from(streakRestDays)
    .where(and(eq(streakRestDays.userId, userId), eq(streakRestDays.date, localDate)));
  return !!row;
}

export async function hasCheckInOn(db: Conn, userId: string, localDate: string): Promise<boolean> {
  const [row] = await db
    .select({ id: checkIns.id })
    .from(checkIns)
    .where(and(eq(checkIns.userId, userId), eq(checkIns.localDate, localDate)));
  return !!row;
}

export async function setNextAt(db: Conn, userId: string, kind: ReminderKind, nextAt: Date | null): Promise<void> {
  await db
    .insert(reminderSchedules)
    .values({ userId, kind, nextAt })
    .onConflictDoUpdate({ target: [reminderSchedules.userId, reminderSchedules.kind], set: { nextAt } });
}

export function listSchedules(db: Conn, userId: string) {
  return db.select().from(reminderSchedules).where(eq(reminderSchedules.userId, userId));
}

export interface DueRow {
  userId: string;
  kind: ReminderKind;
  nextAt: Date;
  /** The last local date this reminder was handed on for (null: never). */
  lastLocalDate: string | null;
  timezone: string;
  checkInTime: string;
}

/**
 * Locks up to `limit` due schedule rows (next_at ≤ now, through the partial index), skipping rows another instance
 * holds. Call inside the transaction that enqueues their jobs and advances them.
 */
export async function claimDue(tx: Conn, now: Date, limit: number): Promise<DueRow[]> {
  const rows = await tx
    .select({
      userId: reminderSchedules.userId,
      kind: reminderSchedules.kind,
      nextAt: reminderSchedules.nextAt,
      lastLocalDate: reminderSchedules.lastLocalDate,
      timezone: users.timezone,
      checkInTime: users.checkInTime,
    })
    .from(reminderSchedules)
    .innerJoin(users, eq(users.id, reminderSchedules.userId))
    .where(and(isNotNull(reminderSchedules.nextAt), lte(reminderSchedules.nextAt, now)))
    .orderBy(asc(reminderSchedules.nextAt))
    .limit(limit)
    .for('update', { of: reminderSchedules, skipLocked: true });
  return rows as DueRow[];
}

/** Sets next_at and last_local_date of many rows in one statement (four array parameters, whatever the count). */
export async function advanceMany(tx: Conn, rows: Array<{ userId: string; kind: ReminderKind; nextAt: Date; lastLocalDate: string | null }>): Promise<void> {
  if (rows.length === 0) return;
  await tx.execute(sql`UPDATE reminder_schedules AS r SET next_at = v.next_at, last_local_date = v.last_local_date
    FROM unnest(${textArray(rows.map((r) => r.userId))}, ${textArray(rows.map((r) => r.kind))},
                ${sql.param(rows.map((r) => r.nextAt.toISOString()))}::timestamptz[], ${textArray(rows.map((r) => r.lastLocalDate))})
      AS v(user_id, kind, next_at, last_local_date)
    WHERE r.user_id = v.user_id AND r.kind = v.kind`);
}

/** Moves the reminder to `nextAt` if it is due at or before `through` (one that is off or later stays as it is). */
export async function moveDueThrough(db: Conn, userId: string, kind: ReminderKind, through: Date, nextAt: Date): Promise<boolean> {
  const rows = await db
    .update(reminderSchedules)
    .set({ nextAt })
    .where(and(eq(reminderSchedules.userId, userId), eq(reminderSchedules.kind, kind), isNotNull(reminderSchedules.nextAt), lte(reminderSchedules.nextAt, through)))
    .returning({ userId: reminderSchedules.userId });
  return rows.length > 0;
}

/**
 * One text[] parameter: a batch's ids go to the database as a single array (`= ANY(…)`, `unnest(…)`), not as
 * one parameter each, so building and parsing the statement costs the same for 10 rows as for 1,000.
 */
function textArray(values: ReadonlyArray<string | null>) {
  return sql`${sql.param([...values])}::text[]`;
}

export type { Db };
