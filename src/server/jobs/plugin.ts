import fp from 'fastify-plugin';
import type { FastifyInstance } from 'fastify';
import { sendMailJob } from '../plugins/mail';
import { JOB_KINDS } from './kinds';
import { JobQueue, PermanentJobError, scheduleRecurring, type JobHandlers, type RecurringTask } from './queue';
import { cleanupExpired } from './cleanup';
import { rolloverTick } from './rollover';
import * as notifications from '../modules/notifications/service';
import { sendReminderEmailJob } from '../modules/notifications/email-fallback';
import { withEmailLink } from '../modules/auth/service';
import { cancelAccountSubscriptionsJob, cancelReplacedSubscriptionJob } from '../modules/payments/service';
import { contextOf, withNow } from '../context';

declare module 'fastify' {
  interface FastifyInstance {
    /** The durable job queue: `app.jobs.enqueue(tx, …)` inside the transaction of the write that causes the job. */
    jobs: JobQueue;
  }
}

export interface JobsOptions {
  /** Poll for due jobs in this process (JOBS; off under NODE_ENV=test, where tests call runDue()/drain()). */
  run: boolean;
  /** How often the runner looks for due jobs (default 1 s). */
  pollIntervalMs?: number;
  /** How often the day rollover runs (default every minute: users become due at their own local midnight). */
  rolloverIntervalMs?: number;
  /** How often the reminder scheduler claims due reminders (default 30 s: each is sent within 60 s of its time). */
  reminderIntervalMs?: number;
  /** Random source of the retry jitter (tests pass () => 0). */
  random?: () => number;
}

const HOUR = 60 * 60 * 1000;
const DAY = 24 * HOUR;

/** Work that repeats: one line per task. Each time slot becomes one job, so several instances run it once. */
function recurringTasks(app: FastifyInstance, opts: JobsOptions): RecurringTask[] {
  return [
    {
      name: 'rollover',
      everyMs: opts.rolloverIntervalMs ?? 60_000,
      run: async (now) => {
        const r = await rolloverTick(withNow(contextOf(app), now));
        if (r.users || r.trialsExpired) app.log.info(r, 'rollover tick');
      },
    },
    {
      name: 'cleanup.expired',
      everyMs: HOUR,
      run: async (now) => {
        const r = await cleanupExpired(withNow(contextOf(app), now));
        if (r.sessions || r.emailTokens || r.signinFailures || r.idempotencyKeys) app.log.info(r, 'cleanup');
      },
    },
    {
      name: 'reminders',
      everyMs: opts.reminderIntervalMs ?? 30_000,
      run: async (now) => {
        const r = await notifications.reminderTick(contextOf(app), now);
        if (r.enqueued) app.log.info(r, 'reminders tick');
      },
    },
    { name: 'jobs.prune', everyMs: HOUR, run: async (now) => void (await app.jobs.prune(new Date(+now - 7 * DAY), new Date(+now - 30 * DAY))) },
  ];
}

/** The handler of every job kind (kinds and payloads: jobs/kinds.ts). */
function jobHandlers(app: FastifyInstance, tasks: readonly RecurringTask[]): JobHandlers<typeof JOB_KINDS> {
  return {
    'mail.send': async (message) => {
      // A link's token is made now (issue 31): nothing usable waits in the queue. Null: the link is no longer wanted.
      const ready = await withEmailLink(contextOf(app), message);
      if (ready) await sendMailJob(app.mailer, ready);
    },
    'reminders.batch': async (p, job) => void (await notifications.sendReminderBatch(contextOf(app), p, job)),
    'push.deliver': (p) => notifications.deliverJob(contextOf(app), p),
    'reminders.email': async (p) => void (await sendReminderEmailJob(contextOf(app), p)),
    'reminders.checked-in': async (p) => void (await notifications.skipRemindersThrough(contextOf(app), p)),
    'reminders.checked-in-batch': async (p) => void (await notifications.skipRemindersThroughMany(contextOf(app), p.checkIns)),
    'stripe.cancel-subscription': (p) => cancelReplacedSubscriptionJob(contextOf(app), p),
    'stripe.cancel-account-subscriptions': (p) => cancelAccountSubscriptionsJob(contextOf(app), p),
    recurring: async ({ task }) => {
      const found = tasks.find((t) => t.name === task);
      if (!found) throw new PermanentJobError(`no recurring task named "${task}"`);
      await found.run(app.clock.now());
    },
  };
}

/**
 * Decorates `app.jobs` (always: requests enqueue, tests drain) and, when `run` is set, polls for due jobs in this
 * process: the recurring tasks' current slots are enqueued, then due jobs are claimed in batches and run. Safe with
 * several instances on one PostgreSQL (see JobQueue).
 */
export default fp<JobsOptions>(
  async (app, opts) => {
    const tasks = recurringTasks(app, opts);
    const queue = new JobQueue({
      db: app.db,
      clock: app.clock,
      log: app.log,
      kinds: JOB_KINDS,
      handlers: jobHandlers(app, tasks),
      ...(opts.random ? { random: opts.random } : {}),
    });
    app.decorate('jobs', queue);
    if (!opts.run) return;

    const pollIntervalMs = opts.pollIntervalMs ?? 1000;
    const scheduled = new Map<string, number>(); // task → the slot this process last enqueued
    let running: Promise<void> | null = null;
    let timer: NodeJS.Timeout | null = null;
    let stopped = false;

    const poll = async () => {
      try {
        const now = app.clock.now();
        const toSchedule = tasks.filter((t) => scheduled.get(t.name) !== Math.floor(now.getTime() / t.everyMs));
        await scheduleRecurring(queue, toSchedule, now);
        for (const t of toSchedule) scheduled.set(t.name, Math.floor(now.getTime() / t.everyMs));
        // Every due job, up to 20 at a time, each slot refilled as it frees (JobQueue.pump).
        await queue.pump(20, () => stopped);
      } catch (err) {
        app.log.error({ err }, 'job runner poll failed');
      }
    };
    const loop = () => {
      running = poll().finally(() => {
        running = null;
        if (!stopped) {
          timer = setTimeout(loop, pollIntervalMs);
          timer.unref();
        }
      });
    };
    app.addHook('onReady', async () => loop()); // the first poll catches up after downtime
    app.addHook('onClose', async () => {
      stopped = true;
      if (timer) clearTimeout(timer);
      await running; // let jobs under way finish before the pool closes
    });
  },
  { name: 'jobs' },
);
