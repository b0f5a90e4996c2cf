import fp from 'fastify-plugin';
import { rolloverTick } from './rollover';

export interface JobsOptions {
  /** How often the rollover runs (default every minute: users become due at their own local midnight). */
  intervalMs?: number;
}

/** Runs the day rollover in the server process. Safe with several instances: each batch claims rows with SKIP LOCKED. */
export default fp<JobsOptions>(
  async (app, opts) => {
    const intervalMs = opts.intervalMs ?? 60_000;
    let running: Promise<void> | null = null;
    const tick = () => {
      running ??= (async () => {
        try {
          const r = await rolloverTick(app.db, app.clock.now());
          if (r.users || r.trialsExpired) app.log.info(r, 'rollover tick');
        } catch (err) {
          app.log.error({ err }, 'rollover tick failed');
        } finally {
          running = null;
        }
      })();
      return running;
    };
    let timer: NodeJS.Timeout | null = null;
    app.addHook('onReady', async () => {
      timer = setInterval(() => void tick(), intervalMs);
      timer.unref();
      void tick(); // catch up after downtime
    });
    app.addHook('onClose', async () => {
      if (timer) clearInterval(timer);
      await running; // let an in-flight batch commit before the pool closes
    });
  },
  { name: 'jobs' },
);
