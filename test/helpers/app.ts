import type { FastifyInstance, FastifyServerOptions } from 'fastify';
import { buildApp } from '@server/app';
import { loadConfig, type AppConfig } from '@server/config';
import { ManualClock } from '@server/context';
import type { Mailer, MailMessage } from '@server/plugins/mail';
import type { EventWiring } from '@server/events';
import { contextOf, withNow, type ServiceContext } from '@server/context';
import { createTestDb, type Engine } from './db';
import { startPushService, type FakePushService } from '@test/fakes/push-service';

export function testConfig(env: Record<string, string> = {}): AppConfig {
  return loadConfig({ NODE_ENV: 'test', APP_URL: 'http://localhost:3000', LOG_LEVEL: 'silent', ...env });
}

/** Collects e-mails in memory (for tests that do not exercise SMTP itself). */
export class MemoryMailer implements Mailer {
  readonly sent: MailMessage[] = [];
  async send(m: MailMessage) {
    this.sent.push(m);
  }
  close() {}
  last(to?: string): MailMessage | undefined {
    return [...this.sent].reverse().find((m) => !to || m.to === to);
  }
}

export interface TestApp {
  app: FastifyInstance;
  clock: ManualClock;
  mailer: Mailer;
  engine: Engine;
  /** Waits until this app has seen the change notifications of everything committed so far (db/change-feed.ts). */
  changesSeen(): Promise<void>;
  /**
   * The services' context of this app, as a job or a script gets it (`contextOf(app)`): the test clock, or fixed at
   * `at` when given. Tests call services the way the app does: `service.fn(t.ctx(), …)`.
   */
  ctx(at?: Date | string): ServiceContext;
  close(): Promise<void>;
}

export async function buildTestApp(
  engine: Engine,
  opts: {
    env?: Record<string, string>;
    now?: string;
    mailer?: Mailer;
    webRoot?: string;
    events?: EventWiring;
    /** Fastify logger options, e.g. { level: 'warn', stream } to capture the log. Default: no log. */
    logger?: FastifyServerOptions['logger'];
  } = {},
): Promise<TestApp> {
  const handle = await createTestDb(engine);
  const clock = new ManualClock(opts.now ?? '2026-03-10T12:00:00Z');
  const mailer = opts.mailer ?? new MemoryMailer();
  const app = await buildApp({
    config: testConfig(opts.env),
    db: handle.db,
    dbEngine: handle.engine,
    changes: handle.changes,
    clock,
    mailer,
    webRoot: opts.webRoot ?? null,
    ...(opts.logger ? { logger: opts.logger } : {}),
    // The job runner is off in tests (NODE_ENV=test): a test runs due jobs with app.jobs.drain(). No retry jitter.
    jobsRandom: () => 0,
    ...(opts.events ? { events: opts.events } : {}),
  });
  await app.ready();
  return {
    app,
    clock,
    mailer,
    engine,
    changesSeen: () => handle.changes.flush(),
    ctx: (at) => (at === undefined ? contextOf(app) : withNow(contextOf(app), new Date(at))),
    async close() {
      await app.close();
      await handle.close();
    },
  };
}

/** A test app whose Web Push messages go to a fake push service on 127.0.0.1 (allowed as a push host). */
export async function startAppWithPushService(engine: Engine, now: string): Promise<{ t: TestApp; push: FakePushService }> {
  const push = await startPushService();
  const t = await buildTestApp(engine, { now, env: { PUSH_ALLOWED_HOSTS: push.host } });
  return { t, push };
}
