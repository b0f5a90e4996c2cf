import type { FastifyBaseLogger, FastifyInstance, FastifyRequest } from 'fastify';
import type { AppConfig } from './config';
import type { Db } from './db/client';
import type { DomainEventBus } from './events';
import type { JobQueue } from './jobs/queue';
import type { Mailer } from './plugins/mail';
import type { PushSender } from './plugins/push';
import type { SessionCache } from './plugins/session';

/**
 * What a service needs from the running app, and nothing else (issue 9, docs/decisions/023-service-context.md).
 * Services take this, never the FastifyInstance, so routes, jobs, tests and scripts call them the same way:
 *
 * - a route:  `service.fn(contextOf(request), …)`   (the request's logger, the app's clock)
 * - a job or script: `service.fn(contextOf(app), …)`
 * - inside a transaction: `service.fn(withDb(ctx, tx), …)` so the callee's reads and writes share it.
 */
export interface ServiceContext {
  /** The database, or the transaction the caller is in. */
  db: Db;
  /** The clock plugin's time (so TEST_CLOCK moves it). Call once per operation and pass the instant on. */
  now(): Date;
  log: FastifyBaseLogger;
  jobs: JobQueue;
  config: AppConfig;
  events: DomainEventBus;
  mailer: Mailer;
  push: PushSender;
  sessionCache: SessionCache;
  /** Which engine `db` runs on (the admin's scaling report says so). */
  dbEngine: 'pglite' | 'postgres';
}

/** The context of a request (its logger), or of the app itself for jobs, scripts and tests. */
export function contextOf(source: FastifyInstance | FastifyRequest): ServiceContext {
  const app: FastifyInstance = 'server' in source && 'raw' in source ? source.server : (source as FastifyInstance);
  return {
    db: app.db,
    now: () => app.clock.now(),
    log: source.log,
    jobs: app.jobs,
    config: app.config,
    events: app.events,
    mailer: app.mailer,
    push: app.push,
    sessionCache: app.sessionCache,
    dbEngine: app.dbEngine,
  };
}

/** The same context on another connection, typically the transaction the caller opened. */
export function withDb(ctx: ServiceContext, db: Db): ServiceContext {
  return { ...ctx, db };
}

/**
 * Runs `fn` in a transaction of `db` (the one copy of this helper). Drizzle's transaction type differs from the
 * database's only in methods a service never calls, so the cast lives here and nowhere else.
 */
export function inTx<T>(db: Db, fn: (tx: Db) => Promise<T>): Promise<T> {
  return db.transaction(async (tx) => fn(tx as unknown as Db));
}
