import type { ServiceContext } from './context';
import type { JOB_KINDS, JobKind } from './jobs/kinds';
import type { JobQueue, JobSpec } from './jobs/queue';
import type { PaidTier } from '../shared/domain/prices';
import type { ProductType } from '../shared/schemas/payments';

/**
 * Domain events: what a module announces after a write, and who acts on it. The consumers of every event are
 * wired in one place, `eventWiring` in `app.ts` (see docs/decisions/013-domain-events.md). A check-in publishes none:
 * the check-ins service calls the streak's step and enqueues its job itself, in its transaction (decision 013).
 */

/**
 * A payment the provider confirmed, recorded for the first time (published by the payments service inside the
 * transaction that wrote the purchase row, so at most once per provider id; docs/decisions/023-service-context.md).
 * The provider-neutral shape: Stripe's Checkout Session or invoice, or the built-in test checkout.
 */
export interface PaymentSucceeded {
  provider: 'stripe' | 'test';
  /** The provider's id of this payment (unique): Checkout Session id, or the invoice id of a renewal. */
  providerId: string;
  userId: string;
  productType: ProductType;
  tier: PaidTier | null;
  amountCents: number;
  currency: string;
  /** Subscriptions: the end of the period paid for. */
  periodEnd?: Date;
  /** Subscriptions: a renewal of the current one (no shields granted again). */
  renewal?: boolean;
  autoRenew?: boolean;
  stripeCustomerId?: string | null;
  stripeSubscriptionId?: string | null;
  /** What a Stripe charge of this payment names (PaymentIntent, or the session's first invoice): refunds find it by this. */
  paymentRef?: string | null;
  now: Date;
}

/** What the in-transaction consumers of a payment may answer. */
export interface PaymentEffects {
  /** The payment was taken but its product could not be applied (said to the payer; kept on the purchase). */
  note?: string;
  /** A Stripe subscription the new one replaced: the payments service enqueues its cancellation (a job) in the transaction. */
  replacedStripeSubscriptionId?: string | null;
}

/** Every event: its data, and what its in-transaction consumers may answer. */
export interface DomainEvents {
  'payment.succeeded': { event: PaymentSucceeded; effect: PaymentEffects };
}

export type EventName = keyof DomainEvents;
export type EventOf<N extends EventName> = DomainEvents[N]['event'];
export type EffectOf<N extends EventName> = DomainEvents[N]['effect'];

/** A job to enqueue for an event: any kind of jobs/kinds.ts with its typed payload. */
export type AnyJobSpec = { [K in JobKind]: JobSpec<typeof JOB_KINDS, K> }[JobKind];

/** An in-transaction consumer: a function of one event, answering what the publisher may hand back. */
export type InTransactionConsumer<N extends EventName> = (tx: ServiceContext, event: EventOf<N>) => Promise<EffectOf<N> | void>;

export interface EventConsumers<N extends EventName> {
  /**
   * Work that must share the write: run in order inside its transaction (`tx` is the transaction's context, from
   * `inTx`); one that throws rolls the write back. Keep these to database writes of this one request (no network,
   * no e-mail).
   */
  inTransaction: ReadonlyArray<InTransactionConsumer<N>>;
  /**
   * Everything else: each becomes a job enqueued in that same transaction (so it exists iff the write commits),
   * run after commit with retries. Derive the key from the event so a repeated event enqueues nothing new.
   */
  jobs: ReadonlyArray<JobConsumer<N>>;
}

/** A job consumer: the job for an event. Its key comes from the event, so publishing it again enqueues nothing new. */
export type JobConsumer<N extends EventName> = (event: EventOf<N>) => AnyJobSpec;

export type EventWiring = { [N in EventName]: EventConsumers<N> };

/** Publishes events to the consumers of one wiring. */
export class DomainEventBus {
  constructor(
    private readonly wiring: EventWiring,
    private readonly queue: Pick<JobQueue, 'enqueueMany'>,
  ) {}

  /**
   * Call inside the transaction of the write, with its context (`inTx(ctx, (tx) => … tx.events.publish(tx, …))`): the
   * in-transaction consumers run in order, then the jobs are enqueued in one statement. Returns the consumers' answers,
   * in order.
   */
  async publish<N extends EventName>(tx: ServiceContext, name: N, event: EventOf<N>): Promise<EffectOf<N>[]> {
    const consumers = this.wiring[name] as EventConsumers<N>;
    const effects: EffectOf<N>[] = [];
    for (const handle of consumers.inTransaction) {
      const effect = await handle(tx, event);
      if (effect) effects.push(effect);
    }
    const jobs = consumers.jobs.map((job) => job(event));
    if (jobs.length) await this.queue.enqueueMany(tx.db, jobs);
    return effects;
  }
}
