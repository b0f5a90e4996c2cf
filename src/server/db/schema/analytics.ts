import { randomUUID } from 'node:crypto';
import { date, index, integer, pgTable, primaryKey, text, timestamp } from 'drizzle-orm/pg-core';
import { users } from './auth';

const ts = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' });
const localDate = (name: string) => date(name, { mode: 'string' });

/**
 * One row per deleted account, for `users.deleted` in the analytics (decision 019). Date only: nothing that
 * could identify the person. Written by recordAccountDeletion() (modules/admin/service.ts) in the deletion's
 * transaction.
 */
export const accountDeletions = pgTable(
  'account_deletions',
  {
    id: text('id').primaryKey().$defaultFn(() => randomUUID()),
    /** The UTC date the account was deleted. */
    deletedOn: localDate('deleted_on').notNull(),
  },
  (t) => [index('account_deletions_deleted_on_idx').on(t.deletedOn)],
);

/**
 * Roll-up of check_ins per user, kept by a database trigger on check_ins (insert / delete; see the migration
 * `analytics_rollups`), so the analytics read 1 row per user instead of every check-in. Goes with the user.
 */
export const userCheckInStats = pgTable(
  'user_check_in_stats',
  {
    userId: text('user_id')
      .primaryKey()
      .references(() => users.id, { onDelete: 'cascade' }),
    checkIns: integer('check_ins').notNull().default(0),
    /** When the user's latest check-in was first submitted (check_ins.created_at). */
    lastCheckInAt: ts('last_check_in_at').notNull(),
    /** users.created_at, copied so that retention is read from this table alone. */
    userCreatedAt: ts('user_created_at').notNull(),
  },
  // No index on lastCheckInAt: the analytics count over the whole table, and with none a check-in's update of its
  // row can stay on its page without touching an index (drizzle/0020).
);

/**
 * Roll-up of check_ins per local date, kept by the check-in triggers, in shards so concurrent writers do not queue
 * on one counter row: an insert counts into its connection's shard (drizzle/0018), a delete or a move out of the
 * shard of its user (0011). A date's count is the sum of its shards; one shard alone means nothing (it may even be
 * negative).
 */
export const checkInDailyCounts = pgTable(
  'check_in_daily_counts',
  {
    localDate: text('local_date').notNull(),
    shard: integer('shard').notNull(),
    checkIns: integer('check_ins').notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.localDate, t.shard] })],
);
