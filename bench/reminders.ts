/**
 * Reminders benchmark (decision 021), `--only=reminders`:
 *  1. Tick scaling (PostgreSQL): the scheduler tick claims due `reminder_schedules` rows through the partial
 *     next_at index, enqueues one `reminders.send` job per row and advances next_at. One batch of 100 due users (10 with --quick)
 *     must cost about the same among 10,000 users as among 1,000,000 (1% due in both; ratio ≤ 2×). Each timed
 *     batch is rolled back, so every repetition sees the same rows.
 *  2. Fan-out: the server's own sender (`createPushSender`, src/server/plugins/push.ts: web-push
 *     generateRequestDetails with aes128gcm, the VAPID header signed once per audience, one pooled keep-alive undici
 *     Agent) in two worker threads (both cores), to a push service served here on 127.0.0.1 that answers 201.
 *     Target ≥ 3,500 pushes/s: the 1,000,000 users of one timezone with the 20:00 reminder within 5 minutes.
 * `--quick` divides the tick sizes by 10 (1,000 vs 100,000) and sends fewer pushes.
 */
import type { ServiceContext } from '../src/server/context';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import { Worker } from 'node:worker_threads';
import { sql } from 'drizzle-orm';
import pg from 'pg';
import webpush from 'web-push';
import type { DbHandle } from '../src/server/db/client';
import { reminderTick } from '../src/server/modules/notifications/service';
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
 * Times one batch of the real tick (`reminderTick`: claim FOR UPDATE SKIP LOCKED by the index, insert the jobs,
 * advance next_at), rolled back at the end of its transaction. The tick reads only `.db` and `.jobs.enqueueMany` of
 * what it is given.
 */
async function timeOneTickBatch(h: DbHandle, batch: number): Promise<{ ms: number; enqueued: number }> {
  let enqueued = 0;
  const db = new Proxy(h.db, {
    get(target, prop, receiver) {
      if (prop !== 'transaction') return Reflect.get(target, prop, receiver) as unknown;
      return (fn: (tx: Parameters<Parameters<typeof target.transaction>[0]>[0]) => Promise<number>) =>
        target.transaction(async (tx) => {
          const count = await fn(tx);
          const res = (await tx.execute(sql`SELECT count(*)::int AS c FROM jobs WHERE kind = 'reminders.send'`)) as unknown as { rows: Array<{ c: number }> };
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
        if (r.enqueued !== batch) throw new Error(`expected ${batch} reminders.send jobs, got ${r.enqueued}`);
        if (i >= 3) times[k]!.push(r.ms);
      }
    }
    perScale.push(median(times[0]!), median(times[1]!));
    [small, large].forEach((total, k) =>
      lines.push(
        `reminder tick: one batch of ${batch} due users (claimed by the next_at index, ${batch} jobs enqueued, next_at advanced) among ${n(total)} users with 1% due: ${perScale[k]!.toFixed(1)} ms (median of ${reps})`,
      ),
    );
  } finally {
    for (const h of handles) await h.close();
  }
  const ratio = perScale[1]! / perScale[0]!;
  const ok = ratio <= 2;
  lines.push(`reminder tick: that batch costs ${ratio.toFixed(2)}× as much among ${n(large)} users as among ${n(small)} (limit 2×) ${ok ? 'OK' : 'FAIL'}`);
  return ok;
}

/** The fake push service: counts POSTs that carry a VAPID Authorization and an aes128gcm body, answers 201. */
function startPushService(): Promise<{ port: number; received: () => number; bad: () => number; close: () => Promise<void> }> {
  let received = 0;
  let bad = 0;
  const server = createServer((req: IncomingMessage, res: ServerResponse) => {
    let bytes = 0;
    req.on('data', (c: Buffer) => (bytes += c.length));
    req.on('end', () => {
      const ok = req.method === 'POST' && /^vapid t=.+, k=.+/.test(req.headers.authorization ?? '') && req.headers['content-encoding'] === 'aes128gcm' && bytes > 86;
      if (ok) received++;
      else bad++;
      res.writeHead(ok ? 201 : 400).end();
    });
  });
  server.keepAliveTimeout = 60_000;
  return new Promise((resolve) =>
    server.listen(0, '127.0.0.1', () =>
      resolve({
        port: (server.address() as AddressInfo).port,
        received: () => received,
        bad: () => bad,
        close: () => new Promise<void>((r) => server.close(() => r())),
      }),
    ),
  );
}

interface WorkerResult {
  sent: number;
  failed: number;
  ms: number;
}

async function fanOut(quick: boolean, lines: string[]): Promise<boolean> {
  const threads = Math.max(2, Math.min(2, os.cpus().length));
  const perThread = quick ? 10_000 : 30_000;
  const svc = await startPushService();
  try {
    // The thread loads the TypeScript worker through tsx's ESM loader (a worker does not inherit it).
    const workerUrl = new URL('./reminders-worker.ts', import.meta.url).href;
    const boot = `import('tsx/esm/api').then((tsx) => { tsx.register(); return import(${JSON.stringify(workerUrl)}); })`;
    const vapid = webpush.generateVAPIDKeys();
    // Each thread prepares its subscriptions, says ready; all start together on go and the clock runs until the last is done.
    const run = async (count: number) => {
      const workers = Array.from({ length: threads }, () => new Worker(boot, { eval: true, workerData: { port: svc.port, count, concurrency: 128, vapid } }));
      const done = workers.map(
        (w) =>
          new Promise<WorkerResult>((resolve, reject) => {
            w.on('message', (m: { type: string } & WorkerResult) => m.type === 'done' && resolve(m));
            w.once('error', reject);
            w.once('exit', (code) => (code === 0 ? undefined : reject(new Error(`fan-out worker exited with ${code}`))));
          }),
      );
      await Promise.all(workers.map((w) => new Promise<void>((r) => w.on('message', (m: { type: string }) => m.type === 'ready' && r()))));
      const t0 = performance.now();
      const cpu0 = process.cpuUsage(); // every thread of this process: both senders and the local push service
      for (const w of workers) w.postMessage('go');
      const results = await Promise.all(done);
      const secs = (performance.now() - t0) / 1000;
      const cpu = process.cpuUsage(cpu0);
      await Promise.all(workers.map((w) => w.terminate()));
      return { results, secs, cpuSecs: (cpu.user + cpu.system) / 1e6 };
    };
    await run(500); // warm-up
    const { results, secs, cpuSecs } = await run(perThread);
    const sent = results.reduce((a, r) => a + r.sent, 0);
    const failed = results.reduce((a, r) => a + r.failed, 0);
    const rate = sent / secs;
    const ok = rate >= PUSH_TARGET_PER_SECOND && failed === 0 && svc.bad() === 0;
    lines.push(
      `push fan-out: ${n(sent)} pushes (web-push aes128gcm, cached VAPID header, pooled undici Agent) from ${threads} worker threads to 127.0.0.1 in ${secs.toFixed(2)} s = ${n(rate)} pushes/s (target ≥ ${n(PUSH_TARGET_PER_SECOND)}) ${ok ? 'OK' : 'MISSED'}; failed ${failed}, rejected by the service ${svc.bad()}`,
    );
    lines.push(
      `push fan-out: 1,000,000 reminders of one timezone would take ${((1_000_000 / rate) / 60).toFixed(1)} min at this rate (limit 5 min); per-thread ${results.map((r) => n(r.sent / (r.ms / 1000))).join(' and ')} pushes/s`,
    );
    // The load-independent bound: CPU time per push (encryption, request, and the local service's share).
    const perCpuSecond = sent / cpuSecs;
    lines.push(
      `push fan-out: ${((cpuSecs * 1000) / sent).toFixed(3)} ms of CPU per push (both senders and the local push service; load average ${os.loadavg()[0]!.toFixed(1)}) = ${n(perCpuSecond)} pushes per CPU-second, so ≈ ${n(perCpuSecond * 2)} pushes/s on 2 idle cores (${((1_000_000 / (perCpuSecond * 2)) / 60).toFixed(1)} min for 1,000,000)`,
    );
    return ok;
  } finally {
    await svc.close();
  }
}

export async function remindersBench(argv: string[]): Promise<{ ok: boolean; lines: string[] }> {
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
  await fanOut(quick, lines);
  return { ok, lines };
}
