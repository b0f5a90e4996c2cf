import type { FastifyInstance } from 'fastify';
import healthRoutes from './health/routes';
import authRoutes from './auth/routes';
import userRoutes from './user/routes';
import checkInRoutes from './check-ins/routes';
import tipsRoutes from './tips/routes';
import * as rewards from './rewards/service';
import * as streaks from './streaks/service';
import * as subscriptions from './subscriptions/service';
import type { EventWiring } from '../events';

/**
 * Who acts on each domain event (src/server/events.ts), in one place. In-transaction consumers share the write;
 * `jobs` entries become durable jobs enqueued in that transaction (how to add one: docs/decisions/013-domain-events.md).
 */
export const eventWiring: EventWiring = {
  'check-in.recorded': {
    // The streak, shields and milestone rewards move with the check-in, or not at all.
    inTransaction: [{ many: (tx, events) => streaks.onCheckIns(tx, events, rewards.rewardClaimable) }],
    // After commit: the day is done, so its reminders still due are skipped (notifications skipRemindersThrough).
    // One job for the check-ins a batch created, keyed by the first of them; replacing today's check-in (not created)
    // enqueues nothing.
    jobs: [
      {
        many: (events) => {
          const created = events.filter((e) => e.isNew);
          if (!created.length) return [];
          const checkIns = created.map((e) => ({ userId: e.userId, localDate: e.localDate, timezone: e.timezone }));
          return [{ kind: 'reminders.checked-in-batch', key: created[0]!.checkInId, payload: { checkIns } }];
        },
      },
    ],
  },
  'payment.succeeded': {
    // Published once per provider payment id, in the transaction that records the purchase (payments service):
    // the product is granted with the payment row or not at all. A shield or a recovery is the streak's; a
    // membership's paid period (its tier change and tier shields) the subscription's.
    inTransaction: [(tx, event) => streaks.onPaymentSucceeded(tx, event), (tx, event) => subscriptions.onPaymentSucceeded(tx, event)],
    // After-commit work goes here as jobs keyed by the payment, e.g. a receipt e-mail:
    // (e) => ({ kind: 'mail.send', key: `receipt:${e.providerId}`, payload: receiptEmail(e) }).
    jobs: [],
  },
};

/** Every API module, registered under /api. Add one line per module. */
export async function registerModules(app: FastifyInstance): Promise<void> {
  await app.register(healthRoutes);
  await app.register(authRoutes, { prefix: '/auth' });
  await app.register(userRoutes, { prefix: '/user' });
  await app.register(import('./account/routes'), { prefix: '/user' });
  await app.register(import('./support/routes'));
  await app.register(checkInRoutes);
  await app.register(tipsRoutes);
  await app.register(import('./insights/routes'), { prefix: '/insights' });
  await app.register(import('./streaks/routes'));
  await app.register(import('./subscriptions/routes'));
  await app.register(import('./dashboard/routes'));
  await app.register(import('./rewards/routes'));
  await app.register(import('./coupons/routes'));
  await app.register(import('./payments/routes'));
  await app.register(import('./dev-tools/routes'));
  await app.register(import('./feedback/routes'));
  await app.register(import('./admin-feedback/routes'));
  await app.register(import('./ai-coach/routes'), { prefix: '/ai-coach' });
  await app.register(import('./admin/routes'));
  await app.register(import('./notifications/routes'), { prefix: '/notifications' });
}
