/**
 * `npm run bench [-- --quick] [-- --only=floor,read,write,streak,analytics,reminders,soak,client]`: measures, in one run, on PGlite and on
 * PostgreSQL (DATABASE_URL / TEST_DATABASE_URL, default the local one; skipped with a note when unreachable):
 *   floor   a bare Fastify route, measured before and after the app scenarios (every figure is a ratio to it);
 *   read    the dashboard's calls (and GET /api/dashboard) across N users with 90 days of history, 100 connections;
 *   write   N check-ins by distinct users inside their window (each the day's first), then N edits;
 *           measured after N/2 first check-ins by other users (the warm-up, as the floor and reads have);
 *   streak  the rollover scenarios (PostgreSQL);
 *   analytics  the owner analytics calls at 100,000 seeded users (PostgreSQL; bench/analytics.ts);
 *   reminders  the reminder tick at 10,000 vs 1,000,000 users with 1% due (PostgreSQL), and the real reminder
 *              path end to end (tick → reminders.batch jobs → pushes with web-push encryption from the push
 *              threads) to a push service in its own process (PostgreSQL; bench/reminders.ts);
 *   soak    5 minutes (30 s with --quick) at 70% of the measured read maximum plus a trickle of check-ins: zero
 *           errors, p99 stable, resident memory growth under 10% after warm-up (bench/soak.ts);
 *   client  gzip JS and CSS each route loads (Playwright + Debian Chromium) and Lighthouse 12 mobile scores.
 * `--engines=pglite,postgres` runs the HTTP scenarios on those engines only (default both).
 * N is 10,000 (1,000 with --quick). It prints a table and writes bench/results/<date>.json.
 * Never part of `npm test`; exit code 1 only when the rollover scaling check or the soak fails or a scenario errors.
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import pg from 'pg';
import { clientBench, type ClientResult } from './client';
import { CONNECTIONS, DASHBOARD_CALLS, checkInsBy, engineTargets, load, loadWithCpu, readMix, startServer, type LoadResult } from './http';
import { DEFAULT_BENCH_DATABASE_URL, streakBench } from './streak';
import { analyticsBench } from './analytics';
import { remindersBench } from './reminders';
import { soakBench } from './soak';

const TARGETS = {
  read: { postgres: { ratio: 0.25, p99: 25 }, pglite: { ratio: 0.05, p99: 100 } },
  write: { postgres: { ratio: 0.1 }, pglite: { ratio: 0.02 } },
} as const;

interface EngineResults {
  engine: 'pglite' | 'postgres';
  users: number;
  read?: LoadResult;
  readEndpoints?: LoadResult[];
  dashboard?: LoadResult;
  write?: LoadResult;
  edit?: LoadResult;
  /** Short floor runs right before the write scenario and right after it (the machine's speed drifts within a run). */
  writeFloors?: LoadResult[];
}

async function reachable(base: string): Promise<boolean> {
  const c = new pg.Client({ connectionString: base, connectionTimeoutMillis: 5_000 });
  try {
    await c.connect();
    return true;
  } catch {
    return false;
  } finally {
    await c.end().catch(() => undefined);
  }
}

const n = (x: number) => Math.round(x).toLocaleString('en-US');
const pct = (x: number) => `${(x * 100).toFixed(1)}%`;

async function floorRun(durationS: number, label = 'floor'): Promise<LoadResult> {
  const s = await startServer(['floor']);
  try {
    await load('warm-up', s.port, { durationS: 1, next: () => ({ path: '/floor' }) });
    return await load(label, s.port, { durationS, next: () => ({ path: '/floor' }) });
  } finally {
    await s.stop();
  }
}

/**
 * The dashboard as the client loads it now (src/web/features/dashboard): one GET /api/dashboard per load, for
 * the user, today, the streak and the subscription (the four spec calls stay, measured by `read`).
 */
async function dashboardRun(port: number, users: number, durationS: number): Promise<LoadResult | undefined> {
  const probe = await fetch(`http://127.0.0.1:${port}/api/dashboard`, { headers: { cookie: 'big7_sid=bench-session-token-1' } });
  if (probe.status !== 200) return undefined;
  await load('warm-up', port, { durationS: 1, next: readMix(users, ['/api/dashboard']) });
  return load('read: GET /api/dashboard', port, { durationS, next: readMix(users, ['/api/dashboard']) });
}

/** Dashboard loads per second: the four spec calls (req/s ÷ 4) against the one combined call. */
function dashboardLoadLines(engines: EngineResults[]): string[] {
  const lines: string[] = [];
  for (const e of engines) {
    if (!e.read || !e.dashboard) continue;
    const four = e.read.rps / DASHBOARD_CALLS.length;
    lines.push(`- ${e.engine}: dashboard loads/s ${n(four)} with the four calls, ${n(e.dashboard.rps)} with GET /api/dashboard (×${(e.dashboard.rps / four).toFixed(1)})`);
  }
  return lines;
}

/** CPU per write (server process, PostgreSQL processes): steady when the machine's load is not. */
function cpuLines(engines: EngineResults[]): string[] {
  const lines: string[] = [];
  for (const e of engines) {
    if (e.writeFloors?.length && e.write && e.edit) {
      // Beside the table's ratios (to the run's floor): the same writes against the floor measured around them.
      const near = e.writeFloors.reduce((a, f) => a + f.rps, 0) / e.writeFloors.length;
      lines.push(
        `- ${e.engine}, writes against the floor measured right before and after them (${e.writeFloors.map((f) => n(f.rps)).join(' and ')} req/s): first check-ins ${pct(e.write.rps / near)}, edits ${pct(e.edit.rps / near)}`,
      );
    }
    for (const r of [e.write, e.edit]) {
      const c = r?.cpuUsPerRequest;
      if (!r || !c) continue;
      lines.push(`- ${e.engine}, ${r.label}: CPU per request ${c.server} µs in the server${e.engine === 'postgres' ? ` + ${c.postgres} µs in PostgreSQL` : ''}`);
    }
  }
  return lines;
}

/** How many other users check in before the write scenario is measured: half as many as are measured. */
export const writeWarmUpUsers = (users: number): number => Math.ceil(users / 2);

async function appRuns(engine: EngineResults['engine'], url: string | undefined, users: number, durationS: number, only: Set<string>, perEndpoint: boolean): Promise<EngineResults> {
  const out: EngineResults = { engine, users };
  // The write scenario's warm-up users are seeded beside the measured ones (users + 1 … users + warm-up).
  const warmUsers = only.has('write') ? writeWarmUpUsers(users) : 0;
  const s = await startServer(['app', `--users=${users + warmUsers}`, ...(url ? [`--db=${url}`] : [])]);
  try {
    if (only.has('read')) {
      await load('warm-up', s.port, { durationS: 2, next: readMix(users, DASHBOARD_CALLS) });
      out.read = await load('read: dashboard calls', s.port, { durationS, next: readMix(users, DASHBOARD_CALLS) });
      if (perEndpoint) {
        out.readEndpoints = [];
        for (const p of DASHBOARD_CALLS) out.readEndpoints.push(await load(`read: ${p}`, s.port, { durationS: Math.max(3, durationS / 2), next: readMix(users, [p]) }));
      }
      out.dashboard = await dashboardRun(s.port, users, durationS);
    }
    if (only.has('write')) {
      // Like the floor and the reads, the writes are measured on a server that has already run them: first check-ins
      // by other users (each their own first of the day), so that the measured N are not also the server's
      // start-up (V8 compiling the write path; bench/README.md). The measured users' check-ins are still
      // each their first of the day.
      const warm = await load('warm-up: first check-ins by other users', s.port, { amount: warmUsers, next: checkInsBy(users + 1, warmUsers, false) });
      if (warm.errors + warm.non2xx > 0) console.log(`# ${engine}: the write warm-up had ${warm.errors} errors and ${warm.non2xx} non-2xx answers`);
      // A short floor right before and right after (a bare route in its own process): the machine's speed moves
      // within a run, and the writes take seconds where the whole run takes minutes.
      out.writeFloors = [await floorRun(3, 'floor beside the writes')];
      out.write = await loadWithCpu(s, 'write: first check-ins', s.port, { amount: users, next: checkInsBy(1, users, false) });
      out.edit = await loadWithCpu(s, 'write: edits', s.port, { amount: users, next: checkInsBy(1, users, true) });
      out.writeFloors.push(await floorRun(3, 'floor beside the writes'));
    }
  } finally {
    await s.stop();
  }
  return out;
}

function httpTable(floor: number, engines: EngineResults[]): string[] {
  const lines = [
    `| scenario | engine | req/s | of floor | p50 ms | p99 ms | errors / non-2xx | target |`,
    `|---|---|---|---|---|---|---|---|`,
  ];
  for (const e of engines) {
    const row = (r: LoadResult | undefined, target: string) => {
      if (!r) return;
      lines.push(`| ${r.label} | ${e.engine} | ${n(r.rps)} | ${pct(r.rps / floor)} | ${r.p50} | ${r.p99} | ${r.errors} / ${r.non2xx} | ${target} |`);
    };
    const rt = TARGETS.read[e.engine];
    const readTarget = (r: LoadResult | undefined) =>
      r ? `≥ ${pct(rt.ratio)}, p99 ≤ ${rt.p99} ms: ${r.rps / floor >= rt.ratio && r.p99 <= rt.p99 && r.errors + r.non2xx === 0 ? 'met' : 'MISSED'}` : '';
    row(e.read, readTarget(e.read));
    for (const r of e.readEndpoints ?? []) row(r, '');
    row(e.dashboard, readTarget(e.dashboard));
    const wt = TARGETS.write[e.engine];
    const writeTarget = (r: LoadResult | undefined) =>
      r ? `≥ ${pct(wt.ratio)}: ${r.rps / floor >= wt.ratio && r.errors + r.non2xx === 0 ? 'met' : 'MISSED'}` : '';
    row(e.write, writeTarget(e.write));
    row(e.edit, writeTarget(e.edit));
  }
  return lines;
}

async function main() {
  const argv = process.argv.slice(2);
  const quick = argv.includes('--quick');
  const onlyArg = argv.find((a) => a.startsWith('--only='))?.slice('--only='.length);
  const all = ['floor', 'read', 'write', 'streak', 'analytics', 'reminders', 'soak', 'client'];
  const only = new Set(onlyArg ? onlyArg.split(',') : all);
  for (const o of only) if (!all.includes(o)) throw new Error(`unknown scenario ${o}; choose from ${all.join(', ')}`);
  if (only.has('read') || only.has('write')) only.add('floor');
  const users = quick ? 1_000 : 10_000;
  const durationS = quick ? 5 : 10;
  const base = process.env.DATABASE_URL || process.env.TEST_DATABASE_URL || DEFAULT_BENCH_DATABASE_URL;
  const load0 = os.loadavg();
  const result: Record<string, unknown> = {
    date: new Date().toISOString(),
    quick,
    machine: { cpus: os.cpus().length, cpuModel: os.cpus()[0]?.model, node: process.version, loadavgAtStart: load0 },
    connections: CONNECTIONS,
  };
  const print = (lines: string[]) => lines.forEach((l) => console.log(l));
  let ok = true;

  if (only.has('floor')) {
    const floors: LoadResult[] = [await floorRun(durationS)];
    console.log(`# floor: bare Fastify route ${n(floors[0]!.rps)} req/s, p99 ${floors[0]!.p99} ms`);
    const engines: EngineResults[] = [];
    if (only.has('read') || only.has('write')) {
      const pgOk = /^postgres(ql)?:\/\//.test(base) && (await reachable(base));
      if (!pgOk) console.log(`# PostgreSQL not reachable at the configured URL: PGlite only`);
      const engineArg = argv.find((a) => a.startsWith('--engines='))?.slice('--engines='.length);
      const engines_ = engineArg ? new Set(engineArg.split(',')) : null;
      for (const t of (await engineTargets(pgOk ? base : null)).filter((t) => !engines_ || engines_.has(t.engine))) {
        try {
          const t0 = performance.now();
          engines.push(await appRuns(t.engine, t.db?.url, users, durationS, only, argv.includes('--per-endpoint')));
          console.log(`# ${t.engine}: done in ${((performance.now() - t0) / 1000).toFixed(0)} s`);
        } finally {
          await t.db?.drop();
        }
      }
      floors.push(await floorRun(durationS));
    }
    const floor = floors.reduce((a, f) => a + f.rps, 0) / floors.length;
    const lines = [
      `## HTTP (${n(users)} users × 90 days, ${CONNECTIONS} connections; floor = mean of ${floors.map((f) => n(f.rps)).join(' and ')} req/s measured before and after)`,
      ...httpTable(floor, engines),
      ...dashboardLoadLines(engines),
      ...cpuLines(engines),
    ];
    print(lines);
    result.floor = { rps: floor, runs: floors };
    result.http = engines;
    result.httpTable = lines;
  }

  if (only.has('streak')) {
    console.log('## streak rollover (PostgreSQL)');
    const r = await streakBench(argv);
    print(r.lines);
    ok &&= r.ok;
    result.streak = r.lines;
  }

  if (only.has('analytics')) {
    console.log('## owner analytics (PostgreSQL)');
    const r = await analyticsBench(argv);
    print(r.lines);
    ok &&= r.ok;
    result.analytics = r.lines;
  }

  if (only.has('reminders')) {
    console.log('## reminders: scheduler tick and the real path end to end (PostgreSQL)');
    const r = await remindersBench(argv);
    print(r.lines);
    ok &&= r.ok;
    result.reminders = r.lines;
  }

  if (only.has('soak')) {
    const r = await soakBench(argv, /^postgres(ql)?:\/\//.test(base) && (await reachable(base)) ? base : null);
    console.log(`## soak: ${quick ? '30 s' : '5 minutes'} at 70% of the read maximum plus a trickle of check-ins`);
    print(r.lines);
    ok &&= r.ok;
    result.soak = { lines: r.lines, ...r.data };
  }

  if (only.has('client')) {
    const r: ClientResult = await clientBench(argv);
    print(r.lines);
    result.client = r;
  }

  (result.machine as Record<string, unknown>).loadavgAtEnd = os.loadavg();
  mkdirSync('bench/results', { recursive: true });
  const file = `bench/results/${new Date().toISOString().slice(0, 19).replace(/:/g, '-')}${quick ? '-quick' : ''}.json`;
  writeFileSync(file, `${JSON.stringify(result, null, 2)}\n`);
  console.log(`\nload average at start ${load0.map((x) => x.toFixed(1)).join(' ')}, at end ${os.loadavg().map((x) => x.toFixed(1)).join(' ')} (${os.cpus().length} cores); written to ${file}`);
  process.exit(ok ? 0 : 1);
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
