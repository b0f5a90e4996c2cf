import { z } from 'zod';

/** One e-mail: the `mail.send` payload, and the Mailer's `MailMessage` (plugins/mail.ts derives it from this). */
export const mailMessageSchema = z.object({
  to: z.string(),
  subject: z.string(),
  text: z.string(),
  /** Where replies go (e.g. the user who wrote to support). */
  replyTo: z.string().optional(),
  html: z.string().optional(),
  /**
   * An e-mailed link (verification, reset): the text and html carry EMAIL_LINK_TOKEN where the token goes. The job
   * makes the token when it sends and stores only its hash on this email_tokens row, so no table holds a usable link.
   */
  emailLink: z.object({ tokenId: z.string() }).optional(),
});

/** One reminder: the user, the kind and the user's local date it is for. */
const reminderRef = z.object({ userId: z.string(), kind: z.enum(['daily', 'last-chance']), localDate: z.string() });

/** A check-in (its user, local date and zone) whose day's reminders are done. */
const checkedIn = z.object({ userId: z.string(), localDate: z.string(), timezone: z.string() });

/**
 * Every kind of durable job: its payload (checked again when the job runs) and its retry policy. The handler of
 * each kind is registered in `jobs/plugin.ts`. Add a kind here, then its handler there.
 */
export const JOB_KINDS = {
  /** One e-mail through the Mailer. Redacted once sent (it may carry a sign-in link). */
  'mail.send': {
    payload: mailMessageSchema,
    // 20 s, 40 s, 80 s … capped at 30 min: about 4 hours of trying in all.
    policy: { maxAttempts: 12, backoffBaseMs: 20_000, backoffCapMs: 30 * 60_000, leaseMs: 2 * 60_000, redactOnDone: true },
  },
  /**
   * Up to REMINDER_BATCH_SIZE reminders (user, kind, local date) the tick handed on together (decision 021): checks
   * which are still wanted (three reads for the whole batch), pushes to every device with many in flight, and
   * writes the outcomes in one transaction; a device that needs another try becomes a push.deliver job, a user
   * with no device and the e-mail fallback on a reminders.email job. The payload is emptied in that same
   * transaction (a checkpoint), so a later attempt never sends the batch twice.
   */
  'reminders.batch': {
    payload: z.object({ reminders: z.array(reminderRef) }),
    policy: { maxAttempts: 5, backoffBaseMs: 5_000, backoffCapMs: 60_000, leaseMs: 5 * 60_000, redactOnDone: false },
  },
  /**
   * The e-mail reminder fallback (decision 021): one reminder by e-mail to a user with no live push subscription
   * who opted in. Checks again (still wanted, not checked in, window not over), then sends through the Mailer.
   */
  'reminders.email': {
    payload: reminderRef,
    // 20 s, 40 s, 80 s … capped at 5 min: after the window closes the job skips the e-mail.
    policy: { maxAttempts: 8, backoffBaseMs: 20_000, backoffCapMs: 5 * 60_000, leaseMs: 2 * 60_000, redactOnDone: false },
  },
  /**
   * The user checked in for `localDate`: their reminders still due on that date or before move to their next time
   * after it, so none is sent for a day done. Enqueued one per check-in until decision 030's batches (now
   * `reminders.checked-in-batch`); kept for the jobs queued before.
   */
  'reminders.checked-in': {
    payload: checkedIn,
    policy: { maxAttempts: 5, backoffBaseMs: 5_000, backoffCapMs: 60_000, leaseMs: 60_000, redactOnDone: false },
  },
  /**
   * `reminders.checked-in` for every check-in a batch created (one job per committed batch instead of one per
   * check-in: decision 030), keyed by the batch's first created check-in. Each user's reminders move as
   * in `reminders.checked-in`; running it again changes nothing. What the check-in path enqueues now;
   * `reminders.checked-in` stays for the jobs queued before.
   */
  'reminders.checked-in-batch': {
    payload: z.object({ checkIns: z.array(checkedIn) }),
    policy: { maxAttempts: 5, backoffBaseMs: 5_000, backoffCapMs: 60_000, leaseMs: 60_000, redactOnDone: false },
  },
  /**
   * One Web Push message to one device; 429/5xx retry with backoff (never sooner than a Retry-After), 404/410 remove
   * the subscription. For a reminder (`reminderOf`) each attempt checks again that it is still wanted: the device
   * still the user's, the reminder on, no check-in for that date, and the date's window not over.
   */
  'push.deliver': {
    payload: z.object({
      subscriptionId: z.string(),
      message: z.object({
        title: z.string(),
        body: z.string(),
        tag: z.string(),
        url: z.string(),
        actions: z.array(z.object({ action: z.string(), title: z.string() })),
      }),
      ttlSeconds: z.number().int().min(0),
      reminder: z.boolean(),
      reminderOf: reminderRef.optional(),
    }),
    // 10 s, 20 s, 40 s … capped at 5 min: a reminder is worth little after its window.
    policy: { maxAttempts: 6, backoffBaseMs: 10_000, backoffCapMs: 5 * 60_000, leaseMs: 60_000, redactOnDone: false },
  },
  /**
   * Cancel, at Stripe, a subscription a new one replaced (an upgrade between paid tiers), so it is not charged again.
   * Enqueued by payment fulfilment in the transaction that records the new payment; keyed by the subscription id.
   */
  'stripe.cancel-subscription': {
    payload: z.object({ subscriptionId: z.string().min(1) }),
    // 30 s, 60 s, 120 s … capped at 1 h: about ten hours of trying before it is left failed (and listed) for a person.
    policy: { maxAttempts: 15, backoffBaseMs: 30_000, backoffCapMs: 60 * 60_000, leaseMs: 2 * 60_000, redactOnDone: false },
  },
  /**
   * Cancel, at Stripe, every live subscription of a deleted account (issue 31): the subscription ids it held and
   * every subscription Stripe lists for its customer that is not already ended. Enqueued in the deletion's own
   * transaction; the payload names no person (Stripe's ids only), so the deletion's clean-up of jobs leaves it.
   */
  'stripe.cancel-account-subscriptions': {
    payload: z.object({ customerId: z.string().min(1).nullable(), subscriptionIds: z.array(z.string().min(1)) }),
    // 30 s, 60 s, 120 s … capped at 1 h: about a day of trying before it is left failed (and listed) for a person.
    policy: { maxAttempts: 30, backoffBaseMs: 30_000, backoffCapMs: 60 * 60_000, leaseMs: 2 * 60_000, redactOnDone: false },
  },
  /** One run of a recurring task from `recurringTasks` in `jobs/plugin.ts` (one job per task and time slot). */
  recurring: {
    payload: z.object({ task: z.string() }),
    policy: { maxAttempts: 2, backoffBaseMs: 5_000, backoffCapMs: 60_000, leaseMs: 10 * 60_000, redactOnDone: false },
  },
} as const satisfies Record<string, { payload: z.ZodType; policy: JobPolicy }>;

export interface JobPolicy {
  /** After this many attempts the job is `failed` (and logged). */
  maxAttempts: number;
  /** The delay before the 2nd attempt; each further one doubles, up to the cap. */
  backoffBaseMs: number;
  backoffCapMs: number;
  /** How long a claimed job is held; a runner that has not finished by then is presumed dead. */
  leaseMs: number;
  /** Empty the payload once the job is done. */
  redactOnDone: boolean;
}

export type JobKind = keyof typeof JOB_KINDS;
export type JobPayload<K extends JobKind> = z.infer<(typeof JOB_KINDS)[K]['payload']>;

/**
 * Kinds whose payload lists items of several users (each item with its `userId`), by the list's field: deleting an
 * account takes that user's items out of these jobs and leaves the job to the others (JobQueue.forgetUser).
 */
export const SHARED_PAYLOAD_LISTS: Partial<Record<keyof typeof JOB_KINDS, string>> = {
  'reminders.batch': 'reminders',
  'reminders.checked-in-batch': 'checkIns',
};
