import type { FastifyBaseLogger, FastifyInstance, FastifyRequest } from 'fastify';
import type { AppConfig } from './config';
import type { Db } from './db/client';
import type { DomainEventBus } from './events';
import type { JobQueue } from './jobs/queue';
import type { Mailer } from './plugins/mail';
import type { PushSender } from './plugins/push';
import type { SessionCache } from './plugins/session';

/** The only source of "now" for the server (`app.clock`, a service's `ctx.now()`); tests pass a controllable clock. */
export interface Clock {
  now(): Date;
}

export const systemClock: Clock = { now: () => new Date() };

/** A clock a test can move. */
export interface ControllableClock extends Clock {
  set(at: Date | string): void;
  advance(ms: number): void;
}

export const isControllable = (c: Clock): c is ControllableClock =>
  typeof (c as Partial<ControllableClock>).set === 'function' && typeof (c as Partial<ControllableClock>).advance === 'function';

/** Real time shifted by an offset a browser test can change (TEST_CLOCK=on; never in production). */
export class OffsetClock implements ControllableClock {
  private offset = 0;
  now(): Date {
    return new Date(Date.now() + this.offset);
  }
  set(at: Date | string): void {
    this.offset = new Date(at).getTime() - Date.now();
  }
  advance(ms: number): void {
    this.offset += ms;
  }
}

/** A clock for tests: starts at `start` and moves only when told. */
export class ManualClock implements ControllableClock {
  private current: number;
  constructor(start: Date | string) {
    this.current = new Date(start).getTime();
  }
  now(): Date {
    return new Date(this.current);
  }
  set(at: Date | string): void {
    this.current = new Date(at).getTime();
  }
  advance(ms: number): void {
    this.current += ms;
  }
}

/**
 * What a service needs from the running app, and nothing else (issue 9, docs/decisions/023-service-context.md).
 * Services take this, never the FastifyInstance, so routes, jobs, tests and scripts call them the same way:
 *
 * - a route:  `service.fn(contextOf(request), …)`   (the request's logger, the app's clock)
 * - a job or recurring task: `service.fn(contextOf(app), …)` (`withNow(ctx, slot)` for a task's time slot)
 * - a test or a script without an app: `service.fn({ db, now: () => instant }, …)` where the callee takes a
 *   `DataContext` (it needs only the database and the time)
 * - inside a transaction: `inTx(ctx, (tx) => service.fn(tx, …))` — `tx` is the same context on the transaction,
 *   with one instant for the whole transaction, so the callee's reads and writes share it.
 */
export interface ServiceContext {
  /** The database, or the transaction the caller is in. */
  db: Db;
  /** The app's clock's time (`app.clock`, so TEST_CLOCK moves it). Call once per operation and pass the instant on. */
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

/**
 * What a function that only reads and writes the database needs: the connection (or the transaction the caller is
 * in) and the time. Every ServiceContext is one, so callers pass their context as it is; a test, a bench or a
 * script without an app passes `{ db, now: () => instant }`.
 */
export type DataContext = Pick<ServiceContext, 'db' | 'now'>;

/** The same context on another connection (prefer `inTx`, which makes the transaction's context). */
export function withDb<C extends DataContext>(ctx: C, db: Db): C {
  return { ...ctx, db };
}

/** The same context at a fixed instant (a recurring task's time slot, a batch that must agree on "now"). */
export function withNow<C extends DataContext>(ctx: C, now: Date): C {
  return { ...ctx, now: () => now };
}

/**
 * The one transaction helper. `inTx(ctx, (tx) => …)` runs `fn` in a transaction of `ctx.db` and hands it the
 * transaction's context: the same context on the transaction, with `now()` fixed at the transaction's start (every
 * write and event of one transaction carries one instant). Called with a transaction's context it nests (a
 * savepoint). Drizzle's transaction type differs from the database's only in methods a service never calls, so
 * the cast lives here and nowhere else.
 */
export function inTx<C extends DataContext, T>(ctx: C, fn: (tx: C) => Promise<T>): Promise<T> {
  const at = ctx.now();
  return ctx.db.transaction(async (tx) => fn({ ...ctx, db: tx as unknown as Db, now: () => at }));
}
