import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { cleanupExpired } from './cleanup';
import { rolloverTick } from './rollover';

export interface JobsOptions {
  /** How often the rollover runs (default every minute: users become due at their own local midnight). */
  intervalMs?: number;
  /** How often expired sessions, e-mail tokens and old sign-in failures are deleted (default every hour). */
  cleanupIntervalMs?: number;
}

/**
 * Runs `run` every `intervalMs` and once when the app is ready (to catch up after downtime), never two runs of
 * it at once; logs what it did (when `run` answers something) and its failures. stop() waits for a run under way.
 */
function periodic(app: FastifyInstance, name: string, intervalMs: number, run: () => Promise<object | null>) {
  let running: Promise<void> | null = null;
  let timer: NodeJS.Timeout | null = null;
  const tick = () => {
    running ??= (async () => {
      try {
        const r = await run();
        if (r) app.log.info(r, name);
      } catch (err) {
        app.log.error({ err }, `${name} failed`);
      } finally {
        running = null;
      }
    })();
    return running;
  };
  return {
    start() {
      timer = setInterval(() => void tick(), intervalMs);
      timer.unref();
      void tick();
    },
    async stop() {
      if (timer) clearInterval(timer);
      await running; // let an in-flight batch commit before the pool closes
    },
  };
}

/**
 * Runs the scheduled jobs in the server process: the day rollover and the clean-up. Safe with several
 * instances: rollover batches claim rows with SKIP LOCKED, and the clean-up skips rows another one is deleting.
 */
export default fp<JobsOptions>(
  async (app, opts) => {
    const jobs = [
      periodic(app, 'rollover tick', opts.intervalMs ?? 60_000, async () => {
        const r = await rolloverTick(app.db, app.clock.now());
        return r.users || r.trialsExpired ? r : null;
      }),
      periodic(app, 'cleanup', opts.cleanupIntervalMs ?? 60 * 60_000, async () => {
        const r = await cleanupExpired(app.db, app.clock.now());
        return r.sessions || r.emailTokens || r.signinFailures ? r : null;
      }),
    ];
    app.addHook('onReady', async () => {
      for (const job of jobs) job.start();
    });
    app.addHook('onClose', async () => {
      await Promise.all(jobs.map((job) => job.stop()));
    });
  },
  { name: 'jobs' },
);
