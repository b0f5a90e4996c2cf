/**
 * Reminders benchmark (decision 021), `--only=reminders`:
 *  1. Tick scaling (PostgreSQL): the scheduler tick claims due `reminder_schedules` rows through the partial
 *     next_at index, hands them to `reminders.batch` jobs and advances next_at. One claim of 100 due users (10 with
 *     --quick) must cost about the same among 10,000 users as among 1,000,000 (1% due in both; ratio ≤ 2×). Each
 *     timed claim is rolled back, so every repetition sees the same rows.
 *  2. The real path end to end (PostgreSQL): N users of one timezone with the 20:00 reminder and a push
 *     subscription each; one server instance (buildApp, its job runner on, PUSH_THREADS=2) runs the reminder tick
 *     as its recurring job, the `reminders.batch` jobs it enqueues, and the pushes (web-push aes128gcm, cached VAPID
 *     header, undici) to a push service in a process of its own on 127.0.0.1. Timed from the tick's slot to the
 *     last push received; besides pushes/s it reports the CPU per push of the server process, of the push service
 *     and of PostgreSQL, and the database transactions per push. Target ≥ 3,500 pushes/s: the 1,000,000 users of one
 *     timezone with the 20:00 reminder within 5 minutes.
 * `--quick` divides the tick sizes by 10 (1,000 vs 100,000) and sends 20,000 reminders instead of 100,000.
 */
import type { ServiceContext } from '../src/server/context';
import { fork, type ChildProcess } from 'node:child_process';
import { createECDH, randomBytes } from 'node:crypto';
import { readdirSync, readFileSync } from 'node:fs';
import os from 'node:os';
import { sql } from 'drizzle-orm';
import pg from 'pg';
import type { DbHandle } from '../src/server/db/client';
import { buildApp } from '../src/server/app';
import { loadConfig } from '../src/server/config';
import { ManualClock } from '../src/server/context';
import { reminderTick } from '../src/server/modules/notifications/service';
import { createPostgresDb } from '../test/helpers/db';
import { JOB_KINDS } from '../src/server/jobs/kinds';
import { enqueueJobs, type Conn } from '../src/server/jobs/queue';
import { DEFAULT_BENCH_DATABASE_URL, freshDb } from './streak';

const ZONES = ['UTC', 'America/New_York', 'America/Los_Angeles', 'Europe/London', 'Europe/Berlin', 'Asia/Kolkata', 'Asia/Tokyo', 'Australia/Sydney'];
/** The tick's clock: every due row is due at DUE_AT (before NOW), the rest a day later. */
const NOW = new Date('2026-03-11T20:00:20Z');
const DUE_AT = new Date('2026-03-11T20:00:00Z');
const LATER = new Date('2026-03-12T20:00:00Z');
export const PUSH_TARGET_PER_SECOND = 3_500;

const n = (x: number) => Math.round(x).toLocaleString('en-US');
const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;

/**
 * `total` users (id `r<i>`, 20:00 check-in time), each with a daily and a last-chance schedule row; the first
 * `due` daily rows are due at DUE_AT, every other row a day later. INSERT … SELECT generate_series in batches.
 */
export async function seedReminders(h: DbHandle, total: number, due: number): Promise<void> {
  const zones = sql.raw(`ARRAY[${ZONES.map((z) => `'${z}'`).join(',')}]`);
  const step = 250_000;
  for (let from = 1; from <= total; from += step) {
    const to = Math.min(total, from + step - 1);
    await h.db.execute(sql`
      INSERT INTO users (id, email, first_name, timezone, check_in_time)
      SELECT 'r' || i, 'r' || i || '@bench.local', 'R', (${zones})[1 + i % ${ZONES.length}], '20:00'
      FROM generate_series(${from}::int, ${to}::int) AS i`);
    await h.db.execute(sql`
      INSERT INTO reminder_schedules (user_id, kind, next_at)
      SELECT 'r' || i, k.kind,
             CASE WHEN k.kind = 'daily' AND i <= ${due} THEN ${DUE_AT.toISOString()}::timestamptz ELSE ${LATER.toISOString()}::timestamptz END
      FROM generate_series(${from}::int, ${to}::int) AS i CROSS JOIN (VALUES ('daily'), ('last-chance')) AS k(kind)`);
  }
  await h.db.execute(sql`ANALYZE`);
}

class Rollback extends Error {
  constructor(readonly enqueued: number) {
    super('rollback');
  }
}

/**
 * Times one claim of the real tick (`reminderTick`: claim FOR UPDATE SKIP LOCKED by the index, insert the batch
 * jobs, advance next_at), rolled back at the end of its transaction. The tick reads only `.db` of what it is given.
 */
async function timeOneTickBatch(h: DbHandle, batch: number): Promise<{ ms: number; enqueued: number }> {
  let enqueued = 0;
  const db = new Proxy(h.db, {
    get(target, prop, receiver) {
      if (prop !== 'transaction') return Reflect.get(target, prop, receiver) as unknown;
      return (fn: (tx: Parameters<Parameters<typeof target.transaction>[0]>[0]) => Promise<number>) =>
        target.transaction(async (tx) => {
          const count = await fn(tx);
          const res = (await tx.execute(
            sql`SELECT coalesce(sum(jsonb_array_length(payload->'reminders')), 0)::int AS c FROM jobs WHERE kind = 'reminders.batch'`,
          )) as unknown as { rows: Array<{ c: number }> };
          const [row] = res.rows;
          enqueued = row?.c ?? 0;
          if (count !== batch) throw new Error(`expected a full batch of ${batch}, claimed ${count}`);
          throw new Rollback(enqueued);
        });
    },
  });
  const t0 = performance.now();
  try {
    const jobs = { enqueueMany: (conn: Conn, specs: Parameters<typeof enqueueJobs>[2]) => enqueueJobs(conn, JOB_KINDS, specs, NOW) };
    await reminderTick({ db, jobs } as unknown as ServiceContext, NOW, batch);
  } catch (e) {
    if (!(e instanceof Rollback)) throw e;
  }
  return { ms: performance.now() - t0, enqueued };
}

async function unreachable(base: string): Promise<string | null> {
  const c = new pg.Client({ connectionString: base, connectionTimeoutMillis: 5_000 });
  try {
    await c.connect();
    return null;
  } catch (err) {
    return (err as Error).message || String(err);
  } finally {
    await c.end().catch(() => undefined);
  }
}

async function tickScaling(base: string, quick: boolean, lines: string[]): Promise<boolean> {
  const div = quick ? 10 : 1;
  const small = 10_000 / div;
  const large = 1_000_000 / div;
  const batch = Math.max(10, Math.floor(small / 100)); // every due user of the smaller database
  const handles: DbHandle[] = [];
  const perScale: number[] = [];
  try {
    for (const total of [small, large]) {
      const h = await freshDb(base);
      handles.push(h);
      const t0 = performance.now();
      await seedReminders(h, total, Math.floor(total / 100));
      lines.push(`seeded ${n(total)} users (${n(total * 2)} schedule rows), ${n(total / 100)} (1%) due, in ${((performance.now() - t0) / 1000).toFixed(1)} s`);
    }
    // The repetitions alternate between the two databases, so load from other processes falls on both alike.
    const times: number[][] = [[], []];
    const reps = 25;
    for (let i = 0; i < reps + 3; i++) {
      for (const k of [0, 1]) {
        const r = await timeOneTickBatch(handles[k]!, batch);
        if (r.enqueued !== batch) throw new Error(`expected ${batch} reminders handed to reminders.batch jobs, got ${r.enqueued}`);
        if (i >= 3) times[k]!.push(r.ms);
      }
    }
    perScale.push(median(times[0]!), median(times[1]!));
    [small, large].forEach((total, k) =>
      lines.push(
        `reminder tick: one claim of ${batch} due users (by the next_at index, handed to a reminders.batch job, next_at advanced) among ${n(total)} users with 1% due: ${perScale[k]!.toFixed(1)} ms (median of ${reps})`,
      ),
    );
  } finally {
    for (const h of handles) await h.close();
  }
  const ratio = perScale[1]! / perScale[0]!;
  const ok = ratio <= 2;
  lines.push(`reminder tick: that claim costs ${ratio.toFixed(2)}× as much among ${n(large)} users as among ${n(small)} (limit 2×) ${ok ? 'OK' : 'FAIL'}`);
  return ok;
}

/** The push service in its own process (bench/push-sink.ts), through tsx. */
async function startSink(): Promise<{ port: number; stats: () => Promise<{ received: number; bad: number; cpuMs: number }>; stop: () => Promise<void> }> {
  const child: ChildProcess = fork(new URL('./push-sink.ts', import.meta.url), [], { execArgv: ['--import', 'tsx'], stdio: ['ignore', 'inherit', 'inherit', 'ipc'] });
  const port = await new Promise<number>((resolve, reject) => {
    child.once('message', (m) => resolve((m as { port: number }).port));
    child.once('exit', (code) => reject(new Error(`the push sink exited with ${code}`)));
  });
  const stats = () =>
    new Promise<{ received: number; bad: number; cpuMs: number }>((resolve) => {
      child.once('message', (m) => resolve(m as { received: number; bad: number; cpuMs: number }));
      child.send('stats');
    });
  const stop = () =>
    new Promise<void>((resolve) => {
      child.once('exit', () => resolve());
      child.send('stop');
    });
  return { port, stats, stop };
}

/** CPU time (ms) of every process named postgres on this machine (the PostgreSQL server; other clients' work counts too). */
function postgresCpuMs(): number | null {
  try {
    const tick = 100; // USER_HZ on Linux
    let total = 0;
    for (const pid of readdirSync('/proc').filter((d) => /^\d+$/.test(d))) {
      let stat: string;
      try {
        stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
      } catch {
        continue;
      }
      const close = stat.lastIndexOf(')');
      if (!stat.slice(stat.indexOf('(') + 1, close).startsWith('postgres')) continue;
      const fields = stat.slice(close + 2).split(' ');
      total += Number(fields[11]) + Number(fields[12]); // utime, stime (fields 14 and 15)
    }
    return (total * 1000) / tick;
  } catch {
    return null;
  }
}

/** The local date's 20:00 in New York on the bench day (EDT, UTC−4), and the server's clock around it. */
const E2E_DUE_AT = new Date('2026-06-10T00:00:00Z');
const E2E_START = new Date('2026-06-10T00:00:05Z');
const E2E_TICK = new Date('2026-06-10T00:00:35Z');
const E2E_ZONE = 'America/New_York';

/**
 * The real path end to end: `users` people of one timezone with the 20:00 reminder and a subscription each on the
 * local push service; one server instance with its job runner (tick → reminders.batch jobs → pushes from
 * PUSH_THREADS worker threads). Seeds with INSERT … SELECT generate_series (500 distinct P-256 keys shared out:
 * the encryption per message is the same).
 */
async function endToEnd(base: string, quick: boolean, lines: string[]): Promise<boolean> {
  const users = Number(process.env.BENCH_E2E_USERS) || (quick ? 20_000 : 100_000);
  const threads = Math.max(1, Math.min(4, os.availableParallelism()));
  const sink = await startSink();
  const h = await createPostgresDb(base, { prefix: 'big7_bench', poolMax: 10 });
  try {
    const keys = Array.from({ length: 500 }, () => {
      const ecdh = createECDH('prime256v1');
      ecdh.generateKeys();
      return { p256dh: ecdh.getPublicKey().toString('base64url'), auth: randomBytes(16).toString('base64url') };
    });
    const p256dh = sql.raw(`ARRAY[${keys.map((k) => `'${k.p256dh}'`).join(',')}]`);
    const auth = sql.raw(`ARRAY[${keys.map((k) => `'${k.auth}'`).join(',')}]`);
    const later = new Date(E2E_DUE_AT.getTime() + 86_400_000).toISOString();
    const t0 = performance.now();
    await h.db.execute(sql`
      INSERT INTO users (id, email, first_name, timezone, check_in_time)
      SELECT 'e' || i, 'e' || i || '@bench.local', 'E', ${E2E_ZONE}, '20:00' FROM generate_series(1, ${users}::int) AS i`);
    await h.db.execute(sql`
      INSERT INTO push_subscriptions (id, user_id, endpoint, p256dh, auth, created_at, updated_at)
      SELECT 's' || i, 'e' || i, ${`http://127.0.0.1:${sink.port}/push/`} || i, (${p256dh})[1 + i % 500], (${auth})[1 + i % 500], now(), now()
      FROM generate_series(1, ${users}::int) AS i`);
    // Not due yet: the server starts and warms up first; then every daily row is made due at once.
    await h.db.execute(sql`
      INSERT INTO reminder_schedules (user_id, kind, next_at)
      SELECT 'e' || i, k.kind, ${later}::timestamptz FROM generate_series(1, ${users}::int) AS i CROSS JOIN (VALUES ('daily'), ('last-chance')) AS k(kind)`);
    await h.db.execute(sql`ANALYZE`);
    lines.push(`end to end: seeded ${n(users)} users of ${E2E_ZONE} (20:00) with a push subscription each in ${((performance.now() - t0) / 1000).toFixed(1)} s`);

    const clock = new ManualClock(E2E_START);
    const config = loadConfig({
      NODE_ENV: 'development',
      APP_URL: 'http://localhost:3000',
      LOG_LEVEL: 'silent',
      JOBS: 'on',
      JOBS_POLL_MS: '50',
      PUSH_THREADS: String(threads),
      DATABASE_URL: h.url,
    });
    const app = await buildApp({ config, db: h.db, dbEngine: 'postgres', clock, webRoot: null, jobs: true });
    try {
      await app.ready();
      // Warm-up: the VAPID keys, the worker threads, a connection to the push service.
      const target = { endpoint: `http://127.0.0.1:${sink.port}/push/warm`, ...keys[0]! };
      await Promise.all(Array.from({ length: threads * 4 }, () => app.push.send(target, '{}')));
      const warm = await sink.stats();
      await h.db.execute(sql`UPDATE reminder_schedules SET next_at = ${E2E_DUE_AT.toISOString()}::timestamptz WHERE kind = 'daily'`);
      const xact = async () =>
        Number(((await h.db.execute(sql`SELECT xact_commit::bigint AS c FROM pg_stat_database WHERE datname = current_database()`)) as unknown as { rows: Array<{ c: string }> }).rows[0]!.c);
      const x0 = await xact();
      const pg0 = postgresCpuMs();
      const cpu0 = process.cpuUsage();
      // BENCH_PROFILE=<file>: a CPU profile of the main thread over the timed window (bench/profile-summary.ts reads it).
      const { Session } = await import('node:inspector/promises');
      const session = process.env.BENCH_PROFILE ? new Session() : null;
      if (session) {
        session.connect();
        await session.post('Profiler.enable');
        await session.post('Profiler.start');
      }
      const start = performance.now();
      // The tick's next slot (every 30 s): the runner enqueues it on its next poll and runs the real path.
      clock.set(E2E_TICK);
      let s = warm;
      const deadline = start + (quick ? 10 : 30) * 60_000;
      while (s.received - warm.received < users && performance.now() < deadline) {
        await new Promise((r) => setTimeout(r, 100));
        s = await sink.stats();
      }
      const secs = (performance.now() - start) / 1000;
      const cpu = process.cpuUsage(cpu0);
      if (session) {
        const { profile } = await session.post('Profiler.stop');
        (await import('node:fs')).writeFileSync(process.env.BENCH_PROFILE!, JSON.stringify(profile));
      }
      const pg1 = postgresCpuMs();
      const x1 = await xact();
      const sent = s.received - warm.received;
      const rate = sent / secs;
      const appCpuMs = (cpu.user + cpu.system) / 1000;
      const sinkCpuMs = s.cpuMs - warm.cpuMs;
      const pgCpuMs = pg0 !== null && pg1 !== null ? pg1 - pg0 : null;
      const jobsRes = (await h.db.execute(sql`SELECT kind, state, count(*)::int AS c FROM jobs WHERE kind IN ('reminders.batch', 'push.deliver', 'recurring') GROUP BY 1, 2 ORDER BY 1, 2`)) as unknown as {
        rows: Array<{ kind: string; state: string; c: number }>;
      };
      const perPush = (ms: number) => `${(ms / Math.max(1, sent)).toFixed(3)} ms`;
      const ok = sent === users && s.bad === 0 && rate >= PUSH_TARGET_PER_SECOND;
      lines.push(
        `end to end: ${n(sent)} of ${n(users)} reminders (tick → reminders.batch jobs → pushes from ${threads} push threads, one server instance) received by the push service in ${secs.toFixed(2)} s = ${n(rate)} pushes/s (target ≥ ${n(PUSH_TARGET_PER_SECOND)}) ${ok ? 'OK' : 'MISSED'}; rejected ${s.bad}`,
      );
      lines.push(`end to end: jobs ${jobsRes.rows.map((r) => `${r.kind} ${r.state} ${r.c}`).join(', ')}; ${((x1 - x0) / Math.max(1, sent)).toFixed(3)} database transactions per push`);
      const cpuTotal = appCpuMs + sinkCpuMs + (pgCpuMs ?? 0);
      lines.push(
        `end to end: CPU per push ${perPush(appCpuMs)} server process (tick, queue, database client, encryption and HTTP in the push threads), ${perPush(sinkCpuMs)} push service, ${pgCpuMs === null ? 'PostgreSQL not measured' : `${perPush(pgCpuMs)} PostgreSQL (all its processes)`}; in all ${perPush(cpuTotal)} = ≈ ${n((2 * 1000 * sent) / cpuTotal)} pushes/s on 2 idle cores (${((1_000_000 * cpuTotal) / sent / 2 / 1000 / 60).toFixed(1)} min for 1,000,000), ≈ ${n((2 * 1000 * sent) / (appCpuMs + (pgCpuMs ?? 0)))} pushes/s when the push service is elsewhere (as in production); load average ${os.loadavg()[0]!.toFixed(1)}`,
      );
      lines.push(`end to end: 1,000,000 reminders at the measured rate would take ${(1_000_000 / rate / 60).toFixed(1)} min (limit 5 min)`);
      return sent === users && s.bad === 0;
    } finally {
      await app.close();
    }
  } finally {
    await h.close();
    await sink.stop();
  }
}

export async function remindersBench(argv: string[]): Promise<{ ok: boolean; lines: string[] }> {
  if (argv.includes('--e2e-only')) {
    const lines: string[] = [];
    const ok = await endToEnd(process.env.DATABASE_URL || process.env.TEST_DATABASE_URL || DEFAULT_BENCH_DATABASE_URL, argv.includes('--quick'), lines);
    return { ok, lines };
  }
  const quick = argv.includes('--quick');
  const base = process.env.DATABASE_URL || process.env.TEST_DATABASE_URL || DEFAULT_BENCH_DATABASE_URL;
  const lines: string[] = [];
  let ok = true;
  const failure = /^postgres(ql)?:\/\//.test(base) ? await unreachable(base) : `${base} is not a postgres:// URL`;
  if (failure) {
    lines.push(`reminder tick: FAIL — needs PostgreSQL (${failure}); set DATABASE_URL or TEST_DATABASE_URL`);
    ok = false;
  } else {
    ok = (await tickScaling(base, quick, lines)) && ok;
  }
  // The throughput target is reported (MISSED or OK), not an exit failure: it depends on the machine's load.
  if (!failure) {
    try {
      await endToEnd(base, quick, lines);
    } catch (err) {
      lines.push(`end to end: FAIL — ${(err as Error).message}`);
      ok = false;
    }
  }
  return { ok, lines };
}
