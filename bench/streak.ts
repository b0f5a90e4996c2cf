/**
 * Streak rollover benchmark (PostgreSQL only).
 *  1. Throughput: every one of N users (default 100,000) is due; two runners drain them; users/s.
 *  2. Scaling: one rollover tick batch (100 due users) at 10,000 vs 1,000,000 users with 1% due. Due users are
 *     selected by the next_rollover_at index, so the time must not grow with the total (ratio ≤ 2×).
 * `--quick` divides every size by 10.
 */
import { sql } from 'drizzle-orm';
import type { DbHandle } from '../src/server/db/client';
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
    await h.db.execute(sql`
      INSERT INTO users (id, email, first_name, timezone)
      SELECT 'u' || i, 'u' || i || '@bench.local', 'U', (${zones})[1 + i % ${ZONES.length}]
      FROM generate_series(${from}::int, ${to}::int) AS i`);
    await h.db.execute(sql`
      INSERT INTO streak_states (user_id, current_streak, best_streak, freeze_days_remaining, last_completed_date, last_processed_date, next_rollover_at, timezone)
      SELECT 'u' || i, 10, 10, i % 2, '2026-03-09', '2026-03-09',
             CASE WHEN i <= ${due} THEN ${DUE_AT.toISOString()}::timestamptz ELSE ${LATER.toISOString()}::timestamptz END,
             (${zones})[1 + i % ${ZONES.length}]
      FROM generate_series(${from}::int, ${to}::int) AS i`);
  }
  await h.db.execute(sql`ANALYZE`);
}

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;

class Rollback extends Error {}

/** Time of one batch of `batch` due users (rolled back after its writes so every repetition sees the same data). */
async function timeOneBatch(h: DbHandle, batch: number): Promise<number> {
  const t0 = performance.now();
  try {
    await rolloverBatch(h.db, NOW, batch, 0, {
      afterBatchWrites: () => {
        throw new Rollback();
      },
    });
  } catch (e) {
    if (!(e instanceof Rollback)) throw e;
  }
  return performance.now() - t0;
}

export async function streakBench(argv: string[]): Promise<{ ok: boolean; lines: string[] }> {
  const base = process.env.DATABASE_URL ?? process.env.TEST_DATABASE_URL;
  const lines: string[] = [];
  if (!base || !/^postgres(ql)?:\/\//.test(base)) {
    lines.push('streak: skipped — set DATABASE_URL or TEST_DATABASE_URL to a PostgreSQL server to run it');
    return { ok: true, lines };
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
      const [a, b] = await Promise.all([rolloverTick(h.db, NOW, { batchSize: 1000 }), rolloverTick(h.db, NOW, { batchSize: 1000 })]);
      const secs = (performance.now() - t0) / 1000;
      const done = a.users + b.users;
      lines.push(
        `streak rollover throughput: ${done} users in ${secs.toFixed(2)} s with 2 runners = ${Math.round(done / secs)} users/s`,
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
      lines.push(`seeded ${total.toLocaleString('en-US')} users (1% due) in ${((performance.now() - t0) / 1000).toFixed(1)} s`);
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
        `streak rollover tick: ${batch} due users among ${total.toLocaleString('en-US')} users: ${perScale[total]!.toFixed(1)} ms (median of ${reps})`,
      );
    }
  } finally {
    for (const h of handles) await h.close();
  }
  const ratio = perScale[large]! / perScale[small]!;
  const ok = ratio <= 2;
  lines.push(`streak rollover tick ratio ${large.toLocaleString('en-US')} vs ${small.toLocaleString('en-US')} users: ${ratio.toFixed(2)}× (limit 2×) ${ok ? 'OK' : 'FAIL'}`);
  return { ok, lines };
}
