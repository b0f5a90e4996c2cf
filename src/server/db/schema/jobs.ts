import { sql } from 'drizzle-orm';
import { bigserial, index, integer, jsonb, pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';

const ts = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' });

/**
 * The durable job queue (src/server/jobs/queue.ts). A row is written in the same transaction as the change that
 * causes it, so a job exists if and only if that change committed. (kind, key) is unique: enqueueing the same
 * job twice does nothing. Runners claim due rows with FOR UPDATE SKIP LOCKED and hold them for a lease
 * (`locked_until`); a job whose runner died is taken again when its lease ends.
 */
export const jobs = pgTable(
  'jobs',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    kind: text('kind').notNull(),
    key: text('key').notNull(),
    payload: jsonb('payload').notNull(),
    /** queued → running → done; or back to queued (retry, later run_at); or failed after the last attempt. */
    state: text('state', { enum: ['queued', 'running', 'done', 'failed'] }).notNull().default('queued'),
    runAt: ts('run_at').notNull(),
    /** Attempts started so far (counted when a runner claims the job). */
    attempts: integer('attempts').notNull().default(0),
    maxAttempts: integer('max_attempts').notNull(),
    lockedUntil: ts('locked_until'),
    lockedBy: text('locked_by'),
    lastError: text('last_error'),
    createdAt: ts('created_at').notNull(),
    finishedAt: ts('finished_at'),
  },
  (t) => [
    uniqueIndex('jobs_kind_key_uq').on(t.kind, t.key),
    index('jobs_due_idx').on(t.runAt).where(sql`${t.state} = 'queued'`),
    index('jobs_lease_idx').on(t.lockedUntil).where(sql`${t.state} = 'running'`),
    index('jobs_finished_idx').on(t.finishedAt).where(sql`${t.state} in ('done', 'failed')`),
  ],
);
