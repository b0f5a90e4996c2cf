import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { boolean, index, integer, pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';

const ts = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' });

export const users = pgTable(
  'users',
  {
    id: text('id').primaryKey().$defaultFn(() => randomUUID()),
    /** Always stored lower-cased and trimmed. */
    email: text('email').notNull(),
    passwordHash: text('password_hash'),
    firstName: text('first_name').notNull(),
    lastName: text('last_name'),
    profileImageUrl: text('profile_image_url'),
    age: integer('age'),
    gender: text('gender', { enum: ['male', 'female', 'other', 'prefer-not-to-say'] }),
    /** How the account was created: 'email' or 'google'. */
    provider: text('provider', { enum: ['email', 'google'] }).notNull().default('email'),
    googleSub: text('google_sub'),
    /**
     * True when the Google link was made (or confirmed) with an e-mail Google had verified and that equals the
     * account's: only then does the Google identity prove ownership of the address. A password reset drops a
     * link that is not.
     */
    googleLinkVerified: boolean('google_link_verified').notNull().default(false),
    /** The effective tier; trials and payments change it through the subscriptions service. */
    tier: text('tier', { enum: ['free', 'ad-free', 'premium', 'ai-coach', 'therapy'] })
      .notNull()
      .default('free'),
    timezone: text('timezone').notNull().default('UTC'),
    checkInTime: text('check_in_time').notNull().default('20:00'),
    emailVerifiedAt: ts('email_verified_at'),
    firstCheckInCompleted: boolean('first_check_in_completed').notNull().default(false),
    premiumOfferUsed: boolean('premium_offer_used').notNull().default(false),
    createdAt: ts('created_at').notNull().defaultNow(),
    updatedAt: ts('updated_at').notNull().defaultNow(),
  },
  (t) => [uniqueIndex('users_email_uq').on(t.email), uniqueIndex('users_google_sub_uq').on(t.googleSub)],
);

export const sessions = pgTable(
  'sessions',
  {
    /** SHA-256 of the random token held in the cookie; the token itself is never stored. */
    id: text('id').primaryKey(),
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    createdAt: ts('created_at').notNull().defaultNow(),
    expiresAt: ts('expires_at').notNull(),
  },
  (t) => [index('sessions_user_idx').on(t.userId), index('sessions_expires_idx').on(t.expiresAt)],
);

export const emailTokens = pgTable(
  'email_tokens',
  {
    /**
     * The row's id (the e-mail job's key names it). Rows written before issue 31 used the token's SHA-256 here; the
     * token itself is made only by the job that sends the e-mail (token_hash).
     */
    id: text('id').primaryKey(),
    /** SHA-256 of the token sent by e-mail, set by the `mail.send` job when it sends (null: not sent yet). */
    tokenHash: text('token_hash'),
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    purpose: text('purpose', { enum: ['verify-email', 'reset-password'] }).notNull(),
    createdAt: ts('created_at').notNull().defaultNow(),
    expiresAt: ts('expires_at').notNull(),
    usedAt: ts('used_at'),
  },
  (t) => [
    index('email_tokens_user_idx').on(t.userId, t.purpose),
    uniqueIndex('email_tokens_token_hash_uq').on(t.tokenHash),
    // The periodic clean-up finds expired and used tokens by these.
    index('email_tokens_expires_idx').on(t.expiresAt),
    index('email_tokens_used_idx').on(t.usedAt).where(sql`${t.usedAt} is not null`),
  ],
);

/** Failed sign-in attempts, for the per-e-mail limit shared by every server instance. */
export const signinFailures = pgTable(
  'signin_failures',
  {
    id: text('id').primaryKey().$defaultFn(() => randomUUID()),
    email: text('email').notNull(),
    createdAt: ts('created_at').notNull().defaultNow(),
  },
  (t) => [
    index('signin_failures_email_idx').on(t.email, t.createdAt),
    // The periodic clean-up finds old rows by this.
    index('signin_failures_created_idx').on(t.createdAt),
  ],
);
