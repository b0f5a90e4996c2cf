import { randomUUID } from 'node:crypto';
import { and, asc, count, desc, eq, inArray, lt, lte, or, sql } from 'drizzle-orm';
import type { z } from 'zod';
import type { Db } from '../db/client';
import { fixedRows, fixedStatement, tableRecordset } from '../db/rows';
import { jobs } from '../db/schema/index';
import type { Clock } from '../context';
import { JOB_KINDS, SHARED_PAYLOAD_LISTS, type JobPolicy } from './kinds';

/** A database handle or a transaction on it. */
type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];
export type Conn = Db | Tx;

export type KindMap = Record<string, { payload: z.ZodType; policy: JobPolicy }>;
export type PayloadOf<M extends KindMap, K extends keyof M> = z.infer<M[K]['payload']>;

export interface JobSpec<M extends KindMap, K extends keyof M & string> {
  kind: K;
  /** Unique per kind: enqueueing a second job with the same kind and key does nothing. */
  key: string;
  payload: PayloadOf<M, K>;
  /** Not before this instant (default: now). */
  runAt?: Date;
}

/** A spec of any kind of the map (what enqueueMany takes: several kinds in one call). */
export type AnyJobSpecOf<M extends KindMap> = { [K in keyof M & string]: JobSpec<M, K> }[keyof M & string];

export interface JobInfo {
  id: number;
  kind: string;
  key: string;
  /** 1 for the first attempt. */
  attempt: number;
  maxAttempts: number;
}

export type JobHandler<P> = (payload: P, job: JobInfo) => Promise<void>;
export type JobHandlers<M extends KindMap> = { [K in keyof M]: JobHandler<PayloadOf<M, K>> };

/** Thrown by a handler when retrying cannot help (e.g. the mail server refused the address): the job fails now. */
export class PermanentJobError extends Error {
  constructor(message: string, options?: { cause?: unknown }) {
    super(message, options);
    this.name = 'PermanentJobError';
  }
}

/**
 * Thrown by a handler when the attempt failed for a while only and the other side said how long to wait (an HTTP
 * Retry-After): the next attempt comes no sooner than that, nor sooner than the kind's backoff.
 */
export class RetryLaterError extends Error {
  constructor(
    message: string,
    readonly retryAfterMs: number,
  ) {
    super(message);
    this.name = 'RetryLaterError';
  }
}

export interface JobLogger {
  info(obj: object, msg: string): void;
  warn(obj: object, msg: string): void;
  error(obj: object, msg: string): void;
}

export type JobRow = typeof jobs.$inferSelect;

export interface RunResult {
  claimed: number;
  done: number;
  retried: number;
  failed: number;
}

/**
 * Inserts a job unless one with the same kind and key exists (INSERT … ON CONFLICT DO NOTHING: no read first).
 * Pass the transaction of the write that causes the job: the job then exists if and only if that write commits.
 * Returns whether a new job was created.
 */
export async function enqueueJob<M extends KindMap, K extends keyof M & string>(
  conn: Conn,
  kinds: M,
  spec: JobSpec<M, K>,
  now: Date,
): Promise<boolean> {
  const def = kinds[spec.kind];
  if (!def) throw new Error(`unknown job kind: ${spec.kind}`);
  const payload = def.payload.parse(spec.payload) as unknown;
  const rows = await conn
    .insert(jobs)
    .values({
      kind: spec.kind,
      key: spec.key,
      payload,
      runAt: spec.runAt ?? now,
      maxAttempts: def.policy.maxAttempts,
      createdAt: now,
    })
    .onConflictDoNothing({ target: [jobs.kind, jobs.key] })
    .returning({ id: jobs.id });
  return rows.length > 0;
}

/** Rows per INSERT of enqueueJobs (one jsonb parameter each: the statement stays small). */
const ENQUEUE_CHUNK = 1000;

/** The columns a new job is written with (tableRecordset); state and attempts take their defaults. */
const NEW_JOBS = tableRecordset(jobs, ['kind', 'key', 'payload', 'runAt', 'maxAttempts', 'createdAt']);
const ENQUEUE = fixedStatement(
  'jobs_enqueue',
  `INSERT INTO jobs (${NEW_JOBS.columns.join(', ')})
        SELECT ${NEW_JOBS.columns.join(', ')} FROM ${NEW_JOBS.from('$1')}
        ON CONFLICT (kind, key) DO NOTHING
        RETURNING id`,
);

/**
 * enqueueJob for many jobs at once: one `INSERT … ON CONFLICT (kind, key) DO NOTHING` per thousand jobs, each payload
 * checked against its kind. A key already queued (or repeated in `specs`) makes no second job. Pass the transaction
 * of the write that causes the jobs. Returns how many new jobs were created.
 */
export async function enqueueJobs<M extends KindMap>(conn: Conn, kinds: M, specs: readonly AnyJobSpecOf<M>[], now: Date): Promise<number> {
  const rows = specs.map((spec) => {
    const def = kinds[spec.kind];
    if (!def) throw new Error(`unknown job kind: ${spec.kind}`);
    return {
      kind: spec.kind,
      key: spec.key,
      payload: def.payload.parse(spec.payload) as unknown,
      runAt: spec.runAt ?? now,
      maxAttempts: def.policy.maxAttempts,
      createdAt: now,
    };
  });
  let created = 0;
  for (let i = 0; i < rows.length; i += ENQUEUE_CHUNK) {
    // ONE jsonb parameter for the rows (jsonb_to_recordset), not six a row.
    created += (await fixedRows(conn as Db, ENQUEUE, [NEW_JOBS.json(rows.slice(i, i + ENQUEUE_CHUNK))])).length;
  }
  return created;
}

/** The delay before attempt `attempt + 1`: base · 2^(attempt−1), capped, plus up to `jitter` of itself. */
export function backoffMs(policy: Pick<JobPolicy, 'backoffBaseMs' | 'backoffCapMs'>, attempt: number, jitter = 0): number {
  const plain = Math.min(policy.backoffCapMs, policy.backoffBaseMs * 2 ** Math.max(0, attempt - 1));
  return Math.round(plain * (1 + jitter));
}

export interface JobQueueOptions<M extends KindMap> {
  db: Db;
  clock: Clock;
  log: JobLogger;
  kinds: M;
  handlers: JobHandlers<M>;
  /** Jobs claimed at a time (default 20). */
  batchSize?: number;
  /** Random source for the backoff jitter (a fraction of the delay, up to `maxJitter`); tests pass () => 0. */
  random?: () => number;
  /** Largest jitter as a fraction of the delay (default 0.2). */
  maxJitter?: number;
}

/**
 * The durable job queue over the `jobs` table, the same on PGlite and PostgreSQL. Any number of queues (one per
 * server instance) may run against one PostgreSQL database: a job is claimed by one of them with
 * FOR UPDATE SKIP LOCKED and held for its kind's lease; handlers run outside the claiming statement, and the
 * outcome is written only by the runner that still holds the job.
 */
export class JobQueue<M extends KindMap = typeof JOB_KINDS> {
  readonly workerId = randomUUID();
  private readonly batchSize: number;
  private readonly random: () => number;
  private readonly maxJitter: number;

  constructor(private readonly opts: JobQueueOptions<M>) {
    this.batchSize = opts.batchSize ?? 20;
    this.random = opts.random ?? Math.random;
    this.maxJitter = opts.maxJitter ?? 0.2;
  }

  get kinds(): M {
    return this.opts.kinds;
  }

  get db(): Db {
    return this.opts.db;
  }

  /** See enqueueJob: call it with the transaction of the write that causes the job. Time from the clock. */
  enqueue<K extends keyof M & string>(conn: Conn, spec: JobSpec<M, K>): Promise<boolean> {
    return enqueueJob(conn, this.opts.kinds, spec, this.opts.clock.now());
  }

  /** See enqueueJobs: many jobs (of any kinds) in one statement per thousand, in the caller's transaction. */
  enqueueMany(conn: Conn, specs: readonly AnyJobSpecOf<M>[]): Promise<number> {
    return enqueueJobs(conn, this.opts.kinds, specs, this.opts.clock.now());
  }

  /**
   * Runs due jobs until none is due and none is running, up to `slots` at a time: a slot that frees is filled at
   * once (a long job, such as a reminder tick that enqueues thousands of deliveries, never holds the others back
   * as a batch would). The runner's poll loop calls this; `stopped` ends claiming (jobs under way finish).
   */
  async pump(slots = this.batchSize, stopped: () => boolean = () => false): Promise<RunResult> {
    const result: RunResult = { claimed: 0, done: 0, retried: 0, failed: 0 };
    const inFlight = new Set<Promise<void>>();
    await this.failAbandoned(this.opts.clock.now());
    for (;;) {
      const free = slots - inFlight.size;
      let full = false;
      if (free > 0 && !stopped()) {
        const want = Math.min(free, this.batchSize);
        const rows = await this.claim(this.opts.clock.now(), want);
        result.claimed += rows.length;
        for (const row of rows) {
          const run: Promise<void> = this.runOne(row)
            .then(
              (outcome) => void (result[outcome] += 1),
              (err: unknown) => this.opts.log.error({ err, job: describe(row) }, `job outcome not recorded: ${row.kind} ${row.key}`),
            )
            .finally(() => inFlight.delete(run));
          inFlight.add(run);
        }
        full = rows.length === want;
      }
      if (inFlight.size === 0) return result;
      // More may be due right now: claim again while there is room; else wait for a slot (or for new work).
      if (!full || inFlight.size >= slots) await Promise.race(inFlight);
    }
  }

  /**
   * Records a long job's progress in its payload, in the transaction that writes the work done so far: a later
   * attempt (after a crash or a lost lease) starts from there instead of from the beginning.
   */
  async checkpoint(conn: Conn, jobId: number, payload: unknown): Promise<void> {
    await conn.update(jobs).set({ payload }).where(eq(jobs.id, jobId));
  }

  /** Claims one batch of due jobs (and jobs whose runner's lease ran out), runs them, records each outcome. */
  async runDue(): Promise<RunResult> {
    const now = this.opts.clock.now();
    await this.failAbandoned(now);
    const claimed = await this.claim(now);
    const result: RunResult = { claimed: claimed.length, done: 0, retried: 0, failed: 0 };
    await Promise.all(
      claimed.map(async (row) => {
        const outcome = await this.runOne(row);
        result[outcome] += 1;
      }),
    );
    return result;
  }

  /** Runs due jobs until none is left (jobs scheduled later stay queued). For tests and scripts. */
  async drain(maxRounds = 1000): Promise<RunResult> {
    const total: RunResult = { claimed: 0, done: 0, retried: 0, failed: 0 };
    for (let i = 0; i < maxRounds; i++) {
      const r = await this.runDue();
      for (const k of Object.keys(total) as (keyof RunResult)[]) total[k] += r[k];
      if (r.claimed === 0) break;
    }
    return total;
  }

  /** Jobs that ended failed, newest first, with their last error. */
  listFailed(limit = 50): Promise<JobRow[]> {
    return this.opts.db.select().from(jobs).where(eq(jobs.state, 'failed')).orderBy(desc(jobs.finishedAt), desc(jobs.id)).limit(limit);
  }

  /** How many jobs are in the failed state (kept 30 days, then pruned). */
  async countFailed(): Promise<number> {
    const [r] = await this.opts.db.select({ n: count() }).from(jobs).where(eq(jobs.state, 'failed'));
    return Number(r?.n ?? 0);
  }

  /**
   * Account deletion (decision 018): deletes, in the caller's transaction, every job that is not running and names
   * the user — their id in its key or payload, or their address in its payload (queued e-mails, reminders, retries,
   * done and failed jobs kept for their days). A job running at that moment finishes on its own: its handler finds
   * no user (and a kind that redacts on done drops its payload then). A scan, not an index: rare, and the table is
   * pruned (done jobs after 7 days, failed ones after 30). A job that lists several users' items
   * (SHARED_PAYLOAD_LISTS: a batch of reminders, of check-ins) loses only this user's items and stays for the others.
   */
  async forgetUser(conn: Conn, user: { id: string; email: string }): Promise<number> {
    for (const [kind, field] of Object.entries(SHARED_PAYLOAD_LISTS)) {
      await conn
        .update(jobs)
        .set({
          payload: sql`jsonb_set(${jobs.payload}, ARRAY[${field}::text], (SELECT coalesce(jsonb_agg(x.item ORDER BY x.n), '[]'::jsonb)
            FROM jsonb_array_elements(${jobs.payload} -> ${field}::text) WITH ORDINALITY AS x(item, n) WHERE x.item ->> 'userId' IS DISTINCT FROM ${user.id}::text))`,
        })
        .where(
          and(
            eq(jobs.kind, kind),
            sql`${jobs.state} <> 'running'`,
            sql`${jobs.payload} -> ${field}::text @> jsonb_build_array(jsonb_build_object('userId', ${user.id}::text))`,
          ),
        );
    }
    const rows = await conn
      .delete(jobs)
      .where(
        and(
          sql`${jobs.state} <> 'running'`,
          sql`(position(${user.id} in ${jobs.key}) > 0 OR position(${user.id} in ${jobs.payload}::text) > 0 OR lower(${jobs.payload}::text) ~ ${addressPattern(user.email)})`,
        ),
      )
      .returning({ id: jobs.id });
    return rows.length;
  }

  /** Deletes finished jobs: done ones finished before `doneBefore`, failed ones before `failedBefore`. */
  async prune(doneBefore: Date, failedBefore: Date): Promise<number> {
    const rows = await this.opts.db
      .delete(jobs)
      .where(
        or(
          and(eq(jobs.state, 'done'), lt(jobs.finishedAt, doneBefore)),
          and(eq(jobs.state, 'failed'), lt(jobs.finishedAt, failedBefore)),
        ),
      )
      .returning({ id: jobs.id });
    return rows.length;
  }

  private async claim(now: Date, limit = this.batchSize): Promise<JobRow[]> {
    const due = this.opts.db
      .select({ id: jobs.id })
      .from(jobs)
      .where(
        or(
          and(eq(jobs.state, 'queued'), lte(jobs.runAt, now)),
          and(eq(jobs.state, 'running'), lte(jobs.lockedUntil, now), lt(jobs.attempts, jobs.maxAttempts)),
        ),
      )
      .orderBy(asc(jobs.runAt))
      .limit(limit)
      .for('update', { skipLocked: true });
    const leaseEnd = sql`${now.toISOString()}::timestamptz + ${this.leaseCase()} * interval '1 millisecond'`;
    return this.opts.db
      .update(jobs)
      .set({ state: 'running', attempts: sql`${jobs.attempts} + 1`, lockedUntil: leaseEnd, lockedBy: this.workerId })
      .where(inArray(jobs.id, due))
      .returning();
  }

  /** The lease of each kind, as SQL (milliseconds). */
  private leaseCase() {
    const entries = Object.entries(this.opts.kinds);
    return sql`(CASE ${jobs.kind} ${sql.join(
      entries.map(([kind, def]) => sql`WHEN ${kind} THEN ${def.policy.leaseMs}::int`),
      sql` `,
    )} ELSE 600000 END)`;
  }

  /** A job whose runner died during its last attempt (lease over, no attempt left) is marked failed and logged. */
  private async failAbandoned(now: Date): Promise<void> {
    const rows = await this.opts.db
      .update(jobs)
      .set({
        state: 'failed',
        lastError: sql`coalesce(${jobs.lastError} || '; ', '') || 'the runner stopped during the last attempt (lease expired)'`,
        finishedAt: now,
        lockedUntil: null,
        lockedBy: null,
      })
      .where(
        and(
          eq(jobs.state, 'running'),
          lte(jobs.lockedUntil, now),
          sql`${jobs.attempts} >= ${jobs.maxAttempts}`,
        ),
      )
      .returning();
    for (const row of rows) this.opts.log.error({ job: describe(row) }, `job failed: ${row.kind} ${row.key}: ${row.lastError}`);
  }

  private async runOne(row: JobRow): Promise<'done' | 'retried' | 'failed'> {
    const kind = row.kind as keyof M & string;
    const def = this.opts.kinds[kind];
    const handler = this.opts.handlers[kind];
    const info: JobInfo = { id: row.id, kind: row.kind, key: row.key, attempt: row.attempts, maxAttempts: row.maxAttempts };
    const mine = and(eq(jobs.id, row.id), eq(jobs.state, 'running'), eq(jobs.lockedBy, this.workerId), eq(jobs.attempts, row.attempts));
    let error: unknown;
    let permanent = false;
    try {
      if (!def || !handler) throw new PermanentJobError(`no handler for job kind "${row.kind}"`);
      const parsed = def.payload.safeParse(row.payload);
      if (!parsed.success) throw new PermanentJobError(`invalid payload: ${parsed.error.issues.map((i) => i.message).join('; ')}`);
      await handler(parsed.data as PayloadOf<M, typeof kind>, info);
      const finishedAt = this.opts.clock.now();
      await this.opts.db
        .update(jobs)
        .set({
          state: 'done',
          finishedAt,
          lockedUntil: null,
          lockedBy: null,
          ...(def.policy.redactOnDone ? { payload: {} } : {}),
        })
        .where(mine);
      return 'done';
    } catch (err) {
      error = err;
      permanent = err instanceof PermanentJobError;
    }
    const now = this.opts.clock.now();
    const message = errorText(error);
    if (permanent || row.attempts >= row.maxAttempts) {
      await this.opts.db
        .update(jobs)
        .set({ state: 'failed', lastError: message, finishedAt: now, lockedUntil: null, lockedBy: null })
        .where(mine);
      this.opts.log.error({ job: { ...describe(row), lastError: message }, err: error }, `job failed: ${row.kind} ${row.key}: ${message}`);
      return 'failed';
    }
    const policy = def?.policy ?? { backoffBaseMs: 60_000, backoffCapMs: 60_000 };
    const backoff = backoffMs(policy, row.attempts, this.random() * this.maxJitter);
    // The other side's Retry-After, when it said one: never sooner than it asked.
    const delay = error instanceof RetryLaterError ? Math.max(backoff, error.retryAfterMs) : backoff;
    const runAt = new Date(now.getTime() + delay);
    await this.opts.db
      .update(jobs)
      .set({ state: 'queued', lastError: message, runAt, lockedUntil: null, lockedBy: null })
      .where(mine);
    this.opts.log.warn(
      { job: { ...describe(row), lastError: message, retryAt: runAt.toISOString() } },
      `job attempt ${row.attempts}/${row.maxAttempts} failed, retrying in ${Math.round(delay / 1000)} s: ${row.kind} ${row.key}: ${message}`,
    );
    return 'retried';
  }
}

function describe(row: JobRow) {
  return { id: row.id, kind: row.kind, key: row.key, attempts: row.attempts, maxAttempts: row.maxAttempts };
}

function errorText(err: unknown): string {
  const text = err instanceof Error ? `${err.name === 'Error' ? '' : `${err.name}: `}${err.message}` : String(err);
  return text.slice(0, 2000);
}

export interface RecurringTask {
  /** Unique name; also the start of each run's job key. */
  name: string;
  everyMs: number;
  run(now: Date): Promise<void>;
}

/**
 * Enqueues the current time slot's run of each recurring task (key `name@slot-start`): every instance may call
 * this on every poll, and each slot still gets one job, run by one instance.
 */
export async function scheduleRecurring(queue: JobQueue, tasks: readonly RecurringTask[], now: Date): Promise<void> {
  for (const task of tasks) {
    const slot = new Date(Math.floor(now.getTime() / task.everyMs) * task.everyMs);
    await queue.enqueue(queue.db, { kind: 'recurring', key: `${task.name}@${slot.toISOString()}`, payload: { task: task.name }, runAt: slot });
  }
}

/**
 * A POSIX regular expression (lower case) that finds `email` as a whole address in text: not inside a longer one
 * ('bob@x.com' is not in 'jim.bob@x.com' nor in 'bob@x.com.au'), whether it stands alone, in quotes or in a sentence.
 */
export function addressPattern(email: string): string {
  const escaped = email.toLowerCase().replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
  return `(^|[^a-z0-9._%+-])${escaped}($|[^a-z0-9_.-]|\\.($|[^a-z0-9]))`;
}
