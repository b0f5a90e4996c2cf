import { randomUUID } from 'node:crypto';
import { index, integer, pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { users } from './auth';
import { PRODUCT_TYPES, PURCHASE_STATUSES, PURCHASE_TYPES } from '@shared/schemas/payments';
import { TIERS } from '@shared/domain/tiers';

const ts = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' });


/**
 * Every payment, one row per provider payment (a Checkout Session, a renewal invoice, a failed attempt).
 * `provider_id` is unique: fulfilment inserts this row first (ON CONFLICT DO NOTHING) and grants only when
 * the insert happened, so a payment delivered any number of times is granted once. The user reference is
 * set null when the account is deleted: the row stays for accounting, without personal fields.
 */
export const purchases = pgTable(
  'purchases',
  {
    id: text('id').primaryKey().$defaultFn(() => randomUUID()),
    userId: text('user_id').references(() => users.id, { onDelete: 'set null' }),
    type: text('type', { enum: PURCHASE_TYPES }).notNull(),
    description: text('description').notNull(),
    amountCents: integer('amount_cents').notNull(),
    currency: text('currency').notNull().default('usd'),
    status: text('status', { enum: PURCHASE_STATUSES }).notNull(),
    /** 'stripe' or 'test' (the built-in test checkout). */
    provider: text('provider', { enum: ['stripe', 'test'] }).notNull(),
    /** The provider's id of this payment: Checkout Session id, invoice id (renewals), `<invoice>:failed:<n>`. */
    providerId: text('provider_id').notNull(),
    /** Set when the payment was taken but its product could not be applied (e.g. the recovery offer had closed). */
    fulfilmentNote: text('fulfilment_note'),
    /**
     * What a Stripe charge of this payment points back to (refunds, disputes): the PaymentIntent of a one-off
     * Checkout Session, or the first invoice of a subscription's session. Null for renewals (the invoice is
     * `provider_id`) and the test checkout.
     */
    paymentRef: text('payment_ref'),
    /** The Stripe subscription a membership payment paid for (ended and cancelled when the payment is refunded). */
    stripeSubscriptionId: text('stripe_subscription_id'),
    /** How much of the amount was refunded (revenue leaves it out). */
    refundedCents: integer('refunded_cents').notNull().default(0),
    createdAt: ts('created_at').notNull().defaultNow(),
    updatedAt: ts('updated_at').notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('purchases_provider_id_uq').on(t.providerId),
    index('purchases_user_idx').on(t.userId, t.createdAt),
    index('purchases_payment_ref_idx').on(t.paymentRef),
  ],
);

/** Sessions of the built-in TEST MODE checkout (used only when Stripe is not configured). */
export const testCheckoutSessions = pgTable(
  'test_checkout_sessions',
  {
    id: text('id').primaryKey(),
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    productType: text('product_type', { enum: PRODUCT_TYPES }).notNull(),
    tier: text('tier', { enum: TIERS }),
    amountCents: integer('amount_cents').notNull(),
    status: text('status', { enum: ['open', 'paid', 'cancelled'] }).notNull().default('open'),
    createdAt: ts('created_at').notNull().defaultNow(),
    paidAt: ts('paid_at'),
  },
  (t) => [index('test_checkout_sessions_user_idx').on(t.userId)],
);
