import { pgTable, primaryKey, text, timestamp } from 'drizzle-orm/pg-core';

const ts = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' });

/**
 * One-time offers (coupons) used by an e-mail address: HMAC-SHA256 of the normalised address under the server's
 * secret, never the address itself. Kept after the account is deleted, for this one purpose: a coupon is once
 * per address, also across deleting and re-creating the account (decision 018). The primary key makes the
 * redemption once, inside the coupon's transaction.
 */
export const redeemedOffers = pgTable(
  'redeemed_offers',
  {
    emailHash: text('email_hash').notNull(),
    code: text('code').notNull(),
    redeemedAt: ts('redeemed_at').notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.emailHash, t.code] })],
);

/** Server-wide settings generated once and shared by every instance (e.g. the offer-hash secret when HASH_SECRET is unset). */
export const appSettings = pgTable('app_settings', {
  key: text('key').primaryKey(),
  value: text('value').notNull(),
  createdAt: ts('created_at').notNull().defaultNow(),
});
