import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { bigint, check, index, integer, pgTable, primaryKey, text, timestamp } from 'drizzle-orm/pg-core';
import { users } from './auth';

const ts = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' });

/** An AI Coach conversation: one per first question, owned by one user. */
export const coachConversations = pgTable(
  'coach_conversations',
  {
    id: text('id').primaryKey().$defaultFn(() => randomUUID()),
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** The first question, shortened. */
    title: text('title').notNull(),
    createdAt: ts('created_at').notNull().defaultNow(),
    updatedAt: ts('updated_at').notNull().defaultNow(),
  },
  (t) => [index('coach_conversations_user_idx').on(t.userId, t.createdAt)],
);

/**
 * The messages of a conversation: the user's questions and the coach's answers. `seq` orders them (two
 * messages can share an instant); user_id is kept on each message so the per-user ask limit counts them directly.
 */
export const coachMessages = pgTable(
  'coach_messages',
  {
    id: text('id').primaryKey().$defaultFn(() => randomUUID()),
    seq: bigint('seq', { mode: 'number' }).generatedAlwaysAsIdentity().notNull(),
    conversationId: text('conversation_id')
      .notNull()
      .references(() => coachConversations.id, { onDelete: 'cascade' }),
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    role: text('role', { enum: ['user', 'assistant'] }).notNull(),
    content: text('content').notNull(),
    createdAt: ts('created_at').notNull().defaultNow(),
  },
  (t) => [
    index('coach_messages_conversation_idx').on(t.conversationId, t.seq),
    index('coach_messages_user_role_created_idx').on(t.userId, t.role, t.createdAt),
    check('coach_messages_role', sql`${t.role} in ('user', 'assistant')`),
  ],
);

/**
 * How many questions a user asked the AI Coach on each of their local days (issue 31): the daily limit counts
 * these, not the stored messages, so deleting conversations gives no questions back. Every answered ask counts
 * (a crisis question too); an ask the provider failed is given back.
 */
export const coachUsage = pgTable(
  'coach_usage',
  {
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** The user's local date of the asks (YYYY-MM-DD, in their timezone at the time). */
    localDate: text('local_date').notNull(),
    asks: integer('asks').notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.userId, t.localDate] }), check('coach_usage_asks', sql`${t.asks} >= 0`)],
);
