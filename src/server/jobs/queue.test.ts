import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { z } from 'zod';
import { openDb, type Db } from '../db/client';
import { jobs } from '../db/schema/index';
import { ManualClock } from '../context';
import { createTestDb, testEngines } from '@test/helpers/db';
import { addressPattern, backoffMs, JobQueue, PermanentJobError, RetryLaterError, scheduleRecurring, type JobHandlers, type JobLogger } from './queue';
import { JOB_KINDS } from './kinds';

const policy = (maxAttempts: number) => ({ maxAttempts, backoffBaseMs: 1000, backoffCapMs: 60_000, leaseMs: 30_000, redactOnDone: false });
const KINDS = {
  flaky: { payload: z.object({ failTimes: z.number() }), policy: policy(5) },
  broken: { payload: z.object({}), policy: policy(3) },
  refused: { payload: z.object({}), policy: policy(5) },
  count: { payload: z.object({ n: z.number() }), policy: policy(3) },
  slow: { payload: z.object({}), policy: policy(3) },
  later: { payload: z.object({}), policy: policy(3) },
  gate: { payload: z.object({ counts: z.number() }), policy: policy(3) },
};

class CapturedLog implements JobLogger {
  readonly lines: Array<{ level: string; obj: object; msg: string }> = [];
  info(obj: object, msg: string) {
    this.lines.push({ level: 'info', obj, msg });
  }
  warn(obj: object, msg: string) {
    this.lines.push({ level: 'warn', obj, msg });
  }
  error(obj: object, msg: string) {
    this.lines.push({ level: 'error', obj, msg });
  }
}

const T0 = '2026-03-10T12:00:00.000Z';

describe('backoff', () => {
  it('doubles from the base up to the cap, with jitter on top', () => {
    const p = { backoffBaseMs: 1000, backoffCapMs: 10_000 };
    expect([1, 2, 3, 4, 5, 6].map((a) => backoffMs(p, a))).toEqual([1000, 2000, 4000, 8000, 10_000, 10_000]);
    expect(backoffMs(p, 2, 0.2)).toBe(2400);
  });
});

describe.each(testEngines())('the job queue on %s', (engine) => {
  let h: Awaited<ReturnType<typeof createTestDb>>;
  let clock: ManualClock;
  let log: CapturedLog;
  const runs: Record<string, Date[]> = {};
  let release: (() => void) | null = null;
  let counted = 0;
  const countWaiters = new Set<() => void>();
  const handlers = (): JobHandlers<typeof KINDS> => ({
    flaky: async ({ failTimes }, job) => {
      (runs[job.key] ??= []).push(clock.now());
      if (job.attempt <= failTimes) throw new Error(`flaky failure ${job.attempt}`);
    },
    broken: async (_p, job) => {
      (runs[job.key] ??= []).push(clock.now());
      throw new Error('always broken');
    },
    refused: async (_p, job) => {
      (runs[job.key] ??= []).push(clock.now());
      throw new PermanentJobError('refused for good');
    },
    count: async () => {
      counted += 1;
      for (const wake of countWaiters) wake();
    },
    later: async (_p, job) => {
      (runs[job.key] ??= []).push(clock.now());
      if (job.attempt === 1) throw new RetryLaterError('push service answered 429', 30_000);
    },
    // Waits until `counts` count jobs have run (they can only run beside it).
    gate: async ({ counts }) => {
      while (counted < counts) await new Promise<void>((resolve) => countWaiters.add(resolve));
      countWaiters.clear();
      await queue.enqueue(h.db, { kind: 'count', key: `after-gate-${counts}`, payload: { n: 0 } });
    },
    slow: async (_p, job) => {
      (runs[job.key] ??= []).push(clock.now());
      if (job.attempt === 1) await new Promise<void>((resolve) => (release = resolve));
    },
  });
  let queue: JobQueue<typeof KINDS>;

  beforeAll(async () => {
    h = await createTestDb(engine);
    clock = new ManualClock(T0);
    log = new CapturedLog();
    queue = new JobQueue({ db: h.db, clock, log, kinds: KINDS, handlers: handlers(), random: () => 0 });
  });
  afterAll(async () => h.close());

  const row = async (key: string) => (await h.db.select().from(jobs).where(eq(jobs.key, key)))[0];

  it('a job that fails twice then succeeds runs three times, with growing delays between attempts', async () => {
    clock.set(T0);
    await queue.enqueue(h.db, { kind: 'flaky', key: 'flaky-1', payload: { failTimes: 2 } });
    for (let i = 0; i < 40; i++) {
      await queue.runDue();
      clock.advance(250);
    }
    const times = runs['flaky-1']!.map((d) => d.getTime() - Date.parse(T0));
    expect(times).toEqual([0, 1000, 3000]);
    expect(await row('flaky-1')).toMatchObject({ state: 'done', attempts: 3, lastError: 'flaky failure 2' });
    // Each failed attempt is logged as a warning with its retry time; nothing at error level.
    const warns = log.lines.filter((l) => l.level === 'warn' && l.msg.includes('flaky-1'));
    expect(warns.map((l) => (l.obj as { job: { retryAt: string } }).job.retryAt)).toEqual([
      '2026-03-10T12:00:01.000Z',
      '2026-03-10T12:00:03.000Z',
    ]);
    expect(log.lines.filter((l) => l.level === 'error' && l.msg.includes('flaky-1'))).toEqual([]);
  });

  it('a job that always fails ends failed after its attempts, logged, and listed with its last error', async () => {
    clock.set(T0);
    await queue.enqueue(h.db, { kind: 'broken', key: 'broken-1', payload: {} });
    for (let i = 0; i < 40; i++) {
      await queue.runDue();
      clock.advance(500);
    }
    expect(runs['broken-1']).toHaveLength(3);
    expect(await row('broken-1')).toMatchObject({ state: 'failed', attempts: 3, lastError: 'always broken' });
    const errors = log.lines.filter((l) => l.level === 'error' && l.msg.includes('broken-1'));
    expect(errors).toHaveLength(1);
    expect(errors[0]!.msg).toBe('job failed: broken broken-1: always broken');
    expect(errors[0]!.obj).toMatchObject({ job: { kind: 'broken', key: 'broken-1', attempts: 3, maxAttempts: 3, lastError: 'always broken' } });
    expect((await queue.listFailed()).map((j) => j.key)).toContain('broken-1');
  });

  it('a permanent error fails the job at once', async () => {
    await queue.enqueue(h.db, { kind: 'refused', key: 'refused-1', payload: {} });
    await queue.drain();
    expect(runs['refused-1']).toHaveLength(1);
    expect(await row('refused-1')).toMatchObject({ state: 'failed', attempts: 1, lastError: 'PermanentJobError: refused for good' });
  });

  it("a Retry-After is honoured: the next attempt comes no sooner than the other side asked (30 s, not the 1 s backoff)", async () => {
    clock.set(T0);
    await queue.enqueue(h.db, { kind: 'later', key: 'later-1', payload: {} });
    await queue.runDue();
    expect(await row('later-1')).toMatchObject({ state: 'queued', runAt: new Date(Date.parse(T0) + 30_000) });
    clock.advance(29_000);
    expect((await queue.runDue()).claimed).toBe(0);
    clock.advance(1_000);
    expect(await queue.runDue()).toMatchObject({ claimed: 1, done: 1 });
    expect(runs['later-1']!.map((d) => d.getTime() - Date.parse(T0))).toEqual([0, 30_000]);
  });

  it('pump fills each free slot at once: a long job never holds the others back, and jobs it enqueues run too', async () => {
    clock.advance(60_000);
    await queue.drain();
    counted = 0;
    await queue.enqueue(h.db, { kind: 'gate', key: 'gate-1', payload: { counts: 3 } });
    for (let n = 1; n <= 3; n++) await queue.enqueue(h.db, { kind: 'count', key: `beside-gate-${n}`, payload: { n } });
    // Two slots: the gate holds one until three count jobs ran in the other, one after the other.
    const r = await queue.pump(2);
    expect(r).toMatchObject({ claimed: 5, done: 5 });
    expect(await row('gate-1')).toMatchObject({ state: 'done' });
    expect(await row('after-gate-3')).toMatchObject({ state: 'done' });
  });

  it('enqueueing twice with one key makes one job (the first)', async () => {
    expect(await queue.enqueue(h.db, { kind: 'count', key: 'twice', payload: { n: 1 } })).toBe(true);
    expect(await queue.enqueue(h.db, { kind: 'count', key: 'twice', payload: { n: 2 } })).toBe(false);
    const rows = await h.db.select().from(jobs).where(eq(jobs.key, 'twice'));
    expect(rows.map((r) => r.payload)).toEqual([{ n: 1 }]);
  });

  it('a job enqueued in a transaction that rolls back does not exist; one in a committed transaction does', async () => {
    await expect(
      h.db.transaction(async (tx) => {
        await queue.enqueue(tx, { kind: 'count', key: 'rolled-back', payload: { n: 1 } });
        throw new Error('the write failed');
      }),
    ).rejects.toThrow('the write failed');
    await h.db.transaction(async (tx) => {
      await queue.enqueue(tx, { kind: 'count', key: 'committed', payload: { n: 1 } });
    });
    expect(await row('rolled-back')).toBeUndefined();
    expect(await row('committed')).toMatchObject({ state: 'queued' });
  });

  it('enqueueMany: one call for several kinds, each key once (an existing one or a repeat in the list makes nothing), in the caller\'s transaction', async () => {
    await queue.enqueue(h.db, { kind: 'count', key: 'many-0', payload: { n: 0 } });
    const created = await queue.enqueueMany(h.db, [
      { kind: 'count', key: 'many-0', payload: { n: 99 } }, // already queued
      { kind: 'count', key: 'many-1', payload: { n: 1 } },
      { kind: 'count', key: 'many-1', payload: { n: 2 } }, // repeated in the list
      { kind: 'flaky', key: 'many-2', payload: { failTimes: 0 }, runAt: new Date(Date.parse(T0) + 60_000) },
    ]);
    expect(created).toBe(2);
    expect((await row('many-0'))?.payload).toEqual({ n: 0 });
    expect(await row('many-1')).toMatchObject({ kind: 'count', payload: { n: 1 }, maxAttempts: 3, state: 'queued' });
    expect(await row('many-2')).toMatchObject({ kind: 'flaky', maxAttempts: 5, runAt: new Date(Date.parse(T0) + 60_000) });
    expect(await queue.enqueueMany(h.db, [])).toBe(0);
    // A bad payload refuses the whole call; a rolled-back transaction leaves none of its jobs.
    await expect(queue.enqueueMany(h.db, [{ kind: 'count', key: 'many-bad', payload: { n: 'x' as unknown as number } }])).rejects.toThrow();
    await expect(
      h.db.transaction(async (tx) => {
        await queue.enqueueMany(tx, [{ kind: 'count', key: 'many-rolled-back', payload: { n: 1 } }]);
        throw new Error('the write failed');
      }),
    ).rejects.toThrow('the write failed');
    expect(await row('many-bad')).toBeUndefined();
    expect(await row('many-rolled-back')).toBeUndefined();
  });

  it('a bad payload is refused at enqueue', async () => {
    await expect(queue.enqueue(h.db, { kind: 'count', key: 'bad', payload: { n: 'x' as unknown as number } })).rejects.toThrow();
    expect(await row('bad')).toBeUndefined();
  });

  it('a job whose runner stopped is taken again after its lease; the stale runner cannot overwrite the outcome', async () => {
    clock.advance(60_000);
    await queue.drain(); // nothing else due
    await queue.enqueue(h.db, { kind: 'slow', key: 'slow-1', payload: {} });
    const crashed = new JobQueue({ db: h.db, clock, log, kinds: KINDS, handlers: handlers(), random: () => 0 });
    const stuck = crashed.runDue(); // attempt 1 hangs: its runner is presumed dead
    for (let i = 0; i < 50 && !release; i++) await new Promise((r) => setTimeout(r, 20));
    expect(release).not.toBeNull();
    expect((await queue.runDue()).claimed).toBe(0); // held by the lease
    clock.advance(30_000);
    expect(await queue.runDue()).toMatchObject({ claimed: 1, done: 1 });
    expect(await row('slow-1')).toMatchObject({ state: 'done', attempts: 2 });
    release!();
    await stuck;
    expect(await row('slow-1')).toMatchObject({ state: 'done', attempts: 2, lockedBy: null });
    expect(runs['slow-1']).toHaveLength(2);
  });

  it('a recurring task is enqueued once per time slot however many runners schedule it', async () => {
    const real = new JobQueue({ db: h.db, clock, log, kinds: JOB_KINDS, handlers: { 'mail.send': async () => {}, 'reminders.batch': async () => {}, 'push.deliver': async () => {}, 'reminders.email': async () => {}, 'stripe.cancel-subscription': async () => {}, 'stripe.cancel-account-subscriptions': async () => {}, 'reminders.checked-in': async () => {}, 'reminders.checked-in-batch': async () => {}, recurring: async () => {} } });
    const tasks = [{ name: 'tick', everyMs: 60_000, run: async () => {} }];
    clock.set('2026-03-10T12:00:30Z');
    await scheduleRecurring(real, tasks, clock.now());
    await scheduleRecurring(real, tasks, clock.now());
    clock.set('2026-03-10T12:01:05Z');
    await scheduleRecurring(real, tasks, clock.now());
    const rows = await h.db.select().from(jobs).where(eq(jobs.kind, 'recurring'));
    expect(rows.map((r) => [r.key, r.runAt.toISOString()])).toEqual([
      ['tick@2026-03-10T12:00:00.000Z', '2026-03-10T12:00:00.000Z'],
      ['tick@2026-03-10T12:01:00.000Z', '2026-03-10T12:01:00.000Z'],
    ]);
  });
});

describe.skipIf(!process.env.TEST_DATABASE_URL)('two runners with their own pools on one PostgreSQL', () => {
  it('run each of 1,000 jobs exactly once', async () => {
    const h = await createTestDb('postgres', { poolMax: 4 });
    const other = await openDb({ databaseUrl: h.url!, migrate: false, poolMax: 4, onIdleError: () => {} });
    try {
      const clock = new ManualClock(T0);
      const ran = new Map<number, number>();
      const byRunner = [0, 0];
      const make = (db: Db, i: number) =>
        new JobQueue({
          db,
          clock,
          log: new CapturedLog(),
          kinds: KINDS,
          handlers: {
            ...({} as JobHandlers<typeof KINDS>),
            count: async ({ n }) => {
              ran.set(n, (ran.get(n) ?? 0) + 1);
              byRunner[i]! += 1;
              await new Promise((r) => setImmediate(r));
            },
          },
        });
      const a = make(h.db, 0);
      const b = make(other.db, 1);
      for (let start = 0; start < 1000; start += 200) {
        await h.db.transaction(async (tx) => {
          for (let n = start; n < start + 200; n++) await a.enqueue(tx, { kind: 'count', key: `n${n}`, payload: { n } });
        });
      }
      const loop = async (q: JobQueue<typeof KINDS>) => {
        while ((await q.runDue()).claimed > 0);
      };
      await Promise.all([loop(a), loop(b), loop(a), loop(b)]);
      expect(ran.size).toBe(1000);
      expect([...ran.values()].every((c) => c === 1)).toBe(true);
      expect(byRunner[0]).toBeGreaterThan(0);
      expect(byRunner[1]).toBeGreaterThan(0);
      const left = await h.db.select().from(jobs).where(eq(jobs.state, 'queued'));
      expect(left).toHaveLength(0);
    } finally {
      await other.close();
      await h.close();
    }
  }, 120_000);
});

describe('addressPattern: an address as a whole, never inside a longer one', () => {
  const finds = (email: string, text: string) => new RegExp(addressPattern(email)).test(text.toLowerCase());
  it('finds it alone, in JSON quotes, in a sentence, in any case', () => {
    expect(finds('bob@x.com', 'bob@x.com')).toBe(true);
    expect(finds('bob@x.com', '{"to": "BOB@X.COM"}')).toBe(true);
    expect(finds('Bob@X.com', 'Write to <bob@x.com>.')).toBe(true);
    expect(finds('bo.b+1@x.com', '{"to": "bo.b+1@x.com"}')).toBe(true);
  });
  it('not inside another address', () => {
    expect(finds('bob@x.com', '{"to": "jim.bob@x.com"}')).toBe(false);
    expect(finds('bob@x.com', '{"to": "jimbob@x.com"}')).toBe(false);
    expect(finds('bob@x.com', '{"to": "bob@x.com.au"}')).toBe(false);
    expect(finds('bob@x.com', '{"to": "bob@x.community"}')).toBe(false);
    expect(finds('bo.b@x.com', '{"to": "boxb@x.com"}')).toBe(false);
  });
});
