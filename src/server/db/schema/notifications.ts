import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { boolean, index, pgTable, primaryKey, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { users } from './auth';

const ts = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' });

/** One browser push subscription (a device); a user may have several. The endpoint is unique. */
export const pushSubscriptions = pgTable(
  'push_subscriptions',
  {
    id: text('id').primaryKey().$defaultFn(() => randomUUID()),
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    endpoint: text('endpoint').notNull(),
    p256dh: text('p256dh').notNull(),
    auth: text('auth').notNull(),
    createdAt: ts('created_at').notNull(),
    updatedAt: ts('updated_at').notNull(),
    /** The last time the push service accepted a message for this device. */
    lastDeliveredAt: ts('last_delivered_at'),
  },
  (t) => [uniqueIndex('push_subscriptions_endpoint_uq').on(t.endpoint), index('push_subscriptions_user_idx').on(t.userId)],
);

/** Notification preferences; no row means the defaults (both reminders on, modal not seen, no e-mail fallback). */
export const notificationSettings = pgTable('notification_settings', {
  userId: text('user_id')
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  dailyReminders: boolean('daily_reminders').notNull().default(true),
  lastChanceReminders: boolean('last_chance_reminders').notNull().default(true),
  hasSeenNotificationModal: boolean('has_seen_notification_modal').notNull().default(false),
  /** Opt-in: reminders go by e-mail while the user has no live push subscription (decision 021, e-mail fallback). */
  emailFallback: boolean('email_fallback').notNull().default(false),
  /** The last reminder the push service accepted for any of the user's devices. */
  lastReminderDeliveredAt: ts('last_reminder_delivered_at'),
  updatedAt: ts('updated_at').notNull(),
});

/**
 * The next due instant of each reminder kind per user (decision 021). The scheduler claims rows whose next_at has
 * come through the partial index, never by scanning users; next_at is null while the reminder is off or the user
 * has no device.
 */
export const reminderSchedules = pgTable(
  'reminder_schedules',
  {
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    kind: text('kind', { enum: ['daily', 'last-chance'] }).notNull(),
    nextAt: ts('next_at'),
    /**
     * The last local date (YYYY-MM-DD) this reminder was handed to delivery for: the tick hands on only a later
     * date, so each reminder goes once per user, kind and local date whatever changes (decision 021).
     */
    lastLocalDate: text('last_local_date'),
  },
  (t) => [primaryKey({ columns: [t.userId, t.kind] }), index('reminder_schedules_due_idx').on(t.nextAt).where(sql`${t.nextAt} is not null`)],
);
