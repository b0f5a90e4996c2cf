/**
 * Streak rollover benchmark, on PostgreSQL (the engine several instances share; `DATABASE_URL` or
 * `TEST_DATABASE_URL`, default postgres://postgres@127.0.0.1:5432/test as in .ci/run). It fails (exit 1) when
 * PostgreSQL cannot be reached.
 *  1. Throughput: every one of N users (default 100,000) is due; two runners drain them in batches of 1,000; users/s.
 *  2. Scaling: the job works in bounded batches of due users selected by the next_rollover_at index, so one
 *     batch of 100 due users must cost about the same among 10,000 users as among 1,000,000 (1% due in both;
 *     ratio ≤ 2×).
 * `--quick` divides every size by 10.
 */
import { sql } from 'drizzle-orm';
import pg from 'pg';
import type { DbHandle } from '../src/server/db/client';
import { bulkLoad } from '../src/server/db/bulk-load';
import { createPostgresDb } from '../test/helpers/db';
import { rolloverBatch, rolloverTick } from '../src/server/jobs/rollover';

const ZONES = ['UTC', 'America/New_York', 'America/Los_Angeles', 'Europe/London', 'Europe/Berlin', 'Asia/Kolkata', 'Asia/Tokyo', 'Australia/Sydney'];
const NOW = new Date('2026-03-11T12:30:00Z');
const DUE_AT = new Date('2026-03-11T00:00:00Z');
const LATER = new Date('2026-03-12T00:00:00Z');

export const freshDb = (base: string): Promise<DbHandle> => createPostgresDb(base, { prefix: 'big7_bench', poolMax: 6 });

/**
 * Inserts `total` users with a streak of 10 who did not check in on 03-10 (half of them have a shield): the
 * first `due` are due now (03-10 ended; a shield is used or the streak breaks), the rest only tomorrow.
 */
export async function seed(h: DbHandle, total: number, due: number): Promise<void> {
  const zones = sql.raw(`ARRAY[${ZONES.map((z) => `'${z}'`).join(',')}]`);
  const step = 200_000;
  for (let from = 1; from <= total; from += step) {
    const to = Math.min(total, from + step - 1);
    await bulkLoad(h.db, async (db) => {
      await db.execute(sql`
        INSERT INTO users (id, email, first_name, timezone)
        SELECT 'u' || i, 'u' || i || '@bench.local', 'U', (${zones})[1 + i % ${ZONES.length}]
        FROM generate_series(${from}::int, ${to}::int) AS i`);
      await db.execute(sql`
        INSERT INTO streak_states (user_id, current_streak, best_streak, freeze_days_remaining, last_completed_date, last_processed_date, next_rollover_at, timezone)
        SELECT 'u' || i, 10, 10, i % 2, '2026-03-09', '2026-03-09',
               CASE WHEN i <= ${due} THEN ${DUE_AT.toISOString()}::timestamptz ELSE ${LATER.toISOString()}::timestamptz END,
               (${zones})[1 + i % ${ZONES.length}]
        FROM generate_series(${from}::int, ${to}::int) AS i`);
    });
  }
  await h.db.execute(sql`ANALYZE`);
}

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;

class Rollback extends Error {}

/** Time of one batch of `batch` due users (rolled back after its writes so every repetition sees the same data). */
async function timeOneBatch(h: DbHandle, batch: number): Promise<number> {
  const t0 = performance.now();
  try {
    await rolloverBatch({ db: h.db, now: () => NOW }, batch, 0, {
      afterBatchWrites: () => {
        throw new Rollback();
      },
    });
  } catch (e) {
    if (!(e instanceof Rollback)) throw e;
  }
  return performance.now() - t0;
}

/** Where the scenario runs: the configured PostgreSQL server, else the local one .ci/run starts. */
export const DEFAULT_BENCH_DATABASE_URL = 'postgres://postgres@127.0.0.1:5432/test';

/** Connects once to fail early with a clear message (null when reachable). */
async function unreachable(base: string): Promise<string | null> {
  const c = new pg.Client({ connectionString: base, connectionTimeoutMillis: 5_000 });
  try {
    await c.connect();
    await c.query('SELECT 1');
    return null;
  } catch (err) {
    return (err as Error).message || String(err);
  } finally {
    await c.end().catch(() => undefined);
  }
}

const n = (x: number) => x.toLocaleString('en-US');

export async function streakBench(argv: string[]): Promise<{ ok: boolean; lines: string[] }> {
  const base = process.env.DATABASE_URL || process.env.TEST_DATABASE_URL || DEFAULT_BENCH_DATABASE_URL;
  const lines: string[] = [];
  if (!/^postgres(ql)?:\/\//.test(base)) {
    lines.push(`streak: FAIL — the streak benchmark runs on PostgreSQL; ${base} is not a postgres:// URL (set DATABASE_URL or TEST_DATABASE_URL)`);
    return { ok: false, lines };
  }
  const failure = await unreachable(base);
  if (failure) {
    const shown = base.replace(/\/\/([^:@/]*):[^@/]*@/, '//$1:***@');
    lines.push(`streak: FAIL — cannot reach PostgreSQL at ${shown} (${failure}). Start PostgreSQL or set DATABASE_URL / TEST_DATABASE_URL.`);
    return { ok: false, lines };
  }
  const div = argv.includes('--quick') ? 10 : 1;
  const throughputUsers = 100_000 / div;
  const small = 10_000 / div;
  const large = 1_000_000 / div;
  const batch = Math.max(10, Math.floor(small / 100));

  // 1. Throughput
  {
    const h = await freshDb(base);
    try {
      await seed(h, throughputUsers, throughputUsers);
      const t0 = performance.now();
      const [a, b] = await Promise.all([rolloverTick({ db: h.db, now: () => NOW }, { batchSize: 1000 }), rolloverTick({ db: h.db, now: () => NOW }, { batchSize: 1000 })]);
      const secs = (performance.now() - t0) / 1000;
      const done = a.users + b.users;
      lines.push(
        `streak rollover throughput: ${n(done)} due users settled by 2 concurrent runners (batches of 1,000) in ${secs.toFixed(2)} s = ${n(Math.round(done / secs))} users/s`,
      );
      if (done !== throughputUsers) throw new Error(`expected ${throughputUsers} users settled, got ${done}`);
    } finally {
      await h.close();
    }
  }

  // 2. Tick scaling with 1% due. Both databases exist at once and the repetitions alternate between them, so
  // load from other processes on the machine falls on both alike.
  const handles: DbHandle[] = [];
  const perScale: Record<number, number> = {};
  try {
    for (const total of [small, large]) {
      const h = await freshDb(base);
      handles.push(h);
      const t0 = performance.now();
      await seed(h, total, Math.floor(total / 100));
      lines.push(`seeded ${n(total)} users, ${n(Math.floor(total / 100))} of them (1%) due, in ${((performance.now() - t0) / 1000).toFixed(1)} s`);
    }
    const times: number[][] = [[], []];
    const reps = 25;
    for (let i = 0; i < reps + 3; i++) {
      for (const k of [0, 1]) {
        const ms = await timeOneBatch(handles[k]!, batch);
        if (i >= 3) times[k]!.push(ms); // warm-up
      }
    }
    perScale[small] = median(times[0]!);
    perScale[large] = median(times[1]!);
    for (const total of [small, large]) {
      lines.push(
        `streak rollover tick: one batch of ${n(batch)} due users (picked by the next_rollover_at index) among ${n(total)} users with 1% due: ${perScale[total]!.toFixed(1)} ms (median of ${reps})`,
      );
    }
  } finally {
    for (const h of handles) await h.close();
  }
  const ratio = perScale[large]! / perScale[small]!;
  const ok = ratio <= 2;
  lines.push(
    `streak rollover tick: that batch costs ${ratio.toFixed(2)}× as much among ${n(large)} users as among ${n(small)} (limit 2×) ${ok ? 'OK' : 'FAIL'}`,
  );
  return { ok, lines };
}
