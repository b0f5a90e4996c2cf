import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { boolean, index, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import { users } from './auth';

const ts = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' });

/**
 * Feedback sent from /settings, read by the admins on /feedback. The sender's name and e-mail are copied at
 * send time (the inbox shows who wrote it then); the rows go with the account when it is deleted.
 */
export const feedback = pgTable(
  'feedback',
  {
    id: text('id').primaryKey().$defaultFn(() => randomUUID()),
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    email: text('email'),
    message: text('message').notNull(),
    read: boolean('read').notNull().default(false),
    readAt: ts('read_at'),
    createdAt: ts('created_at').notNull().defaultNow(),
  },
  (t) => [
    index('feedback_created_idx').on(t.createdAt),
    index('feedback_user_idx').on(t.userId),
    index('feedback_unread_idx').on(t.createdAt).where(sql`${t.read} = false`),
  ],
);
