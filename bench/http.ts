/**
 * HTTP scenarios: the floor (a bare Fastify route), the read path (the dashboard's calls) and the write path
 * (check-ins, then edits), on PGlite and on PostgreSQL, in one run. Each server runs in its own process
 * (bench/server.ts); autocannon runs here with 100 connections and a session cookie per request spread over
 * the seeded users. Figures are also given as a ratio to the floor measured in the same run.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { readdirSync, readFileSync } from 'node:fs';
import { createInterface } from 'node:readline';
import autocannon from 'autocannon';
import { createEmptyPostgresDb } from '../test/helpers/db';
import { benchCookie } from './seed';

export const CONNECTIONS = 100;

export interface LoadResult {
  label: string;
  requests: number;
  rps: number;
  p50: number;
  p99: number;
  max: number;
  errors: number;
  non2xx: number;
  durationS: number;
  /** CPU time per request (µs) of the app server's process and of every PostgreSQL process, where /proc tells. */
  cpuUsPerRequest?: { server: number; postgres: number };
}

export interface BenchServer {
  port: number;
  pid: number;
  stop(): Promise<void>;
}

/**
 * CPU seconds used so far (user + system, from /proc) by one process and by every PostgreSQL process: CPU per
 * request holds still when other work loads the machine, while req/s does not. Null where there is no /proc.
 * PostgreSQL's count includes the postmaster's reaped children (cutime + cstime), so a backend that exits during a
 * measurement (a pool closing an idle connection) keeps its CPU in the total instead of taking it out.
 */
export function cpuSeconds(pid: number): { server: number; postgres: number } | null {
  const ticks = (stat: string, children = false) => {
    const f = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    // utime + stime (+ cutime + cstime), in clock ticks of 1/100 s
    return (Number(f[11]) + Number(f[12]) + (children ? Number(f[13]) + Number(f[14]) : 0)) / 100;
  };
  try {
    let postgres = 0;
    for (const d of readdirSync('/proc')) {
      if (!/^\d+$/.test(d)) continue;
      try {
        const cmd = readFileSync(`/proc/${d}/cmdline`, 'utf8');
        // Backends and workers are titled "postgres: …"; the postmaster runs as ".../bin/postgres -D …".
        if (cmd.startsWith('postgres') || /\/bin\/postgres\0/.test(cmd)) postgres += ticks(readFileSync(`/proc/${d}/stat`, 'utf8'), true);
      } catch {
        // gone meanwhile
      }
    }
    return { server: ticks(readFileSync(`/proc/${pid}/stat`, 'utf8')), postgres };
  } catch {
    return null;
  }
}

/** `load` with the CPU per request of the server (and of PostgreSQL) measured around it. */
export async function loadWithCpu(server: BenchServer, ...args: Parameters<typeof load>): Promise<LoadResult> {
  const before = cpuSeconds(server.pid);
  const r = await load(...args);
  const after = cpuSeconds(server.pid);
  if (before && after && r.requests > 0) {
    const us = (a: number, b: number) => Math.round(((b - a) / r.requests) * 1e6);
    r.cpuUsPerRequest = { server: us(before.server, after.server), postgres: us(before.postgres, after.postgres) };
  }
  return r;
}

/** Starts bench/server.ts in a child process and waits for its port. */
export async function startServer(args: string[]): Promise<BenchServer> {
  // Passed as node's own arguments: Node refuses some flags (--cpu-prof) in NODE_OPTIONS.
  const nodeFlags = (process.env.BENCH_SERVER_NODE_OPTIONS ?? '').split(/\s+/).filter(Boolean);
  const child: ChildProcess = spawn(process.execPath, [...nodeFlags, '--import', 'tsx', 'bench/server.ts', ...args], {
    env: { ...process.env, NODE_ENV: 'production' },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  const port = await new Promise<number>((resolve, reject) => {
    const rl = createInterface({ input: child.stdout! });
    rl.once('line', (line) => {
      try {
        resolve((JSON.parse(line) as { port: number }).port);
      } catch (e) {
        reject(e instanceof Error ? e : new Error(String(e)));
      }
    });
    child.once('exit', (code) => reject(new Error(`bench server exited with ${code} before listening`)));
  });
  return {
    port,
    pid: child.pid!,
    stop: () =>
      new Promise<void>((resolve) => {
        if (child.exitCode !== null) return resolve();
        child.once('exit', () => resolve());
        child.kill('SIGTERM');
      }),
  };
}

type Req = { method?: 'GET' | 'POST'; path: string; headers?: Record<string, string>; body?: string };

/** Runs autocannon against the port; `next()` gives each request (path, cookie, body). */
export async function load(
  label: string,
  port: number,
  opts: { durationS?: number; amount?: number; next: () => Req; connections?: number; /** requests per second from all connections together (default: as fast as they go) */ overallRate?: number },
): Promise<LoadResult> {
  const started = performance.now();
  // autocannon ends a run with `amount` at its next 1-second sample tick, so its wall time overstates a short run by
  // up to a second: the rate is taken up to the last response instead.
  let lastResponseAt = started;
  const result = await autocannon({
    url: `http://127.0.0.1:${port}`,
    connections: opts.connections ?? CONNECTIONS,
    ...(opts.amount ? { amount: opts.amount } : { duration: opts.durationS ?? 10 }),
    ...(opts.overallRate ? { overallRate: opts.overallRate } : {}),
    requests: [
      {
        setupRequest: (req) => {
          const r = opts.next();
          return {
            ...req,
            method: r.method ?? 'GET',
            path: r.path,
            headers: { ...(r.body ? { 'content-type': 'application/json' } : {}), ...r.headers },
            ...(r.body ? { body: r.body } : {}),
          };
        },
        onResponse: () => {
          lastResponseAt = performance.now();
        },
      },
    ],
  });
  const durationS = (performance.now() - started) / 1000;
  const requests = result.requests.total;
  return {
    label,
    requests,
    rps: opts.amount ? requests / ((lastResponseAt - started) / 1000) : result.requests.average,
    p50: result.latency.p50,
    p99: result.latency.p99,
    max: result.latency.max,
    errors: result.errors + result.timeouts,
    non2xx: result.non2xx,
    durationS,
  };
}

/** The dashboard's four calls, round robin, each with the cookie of the next user (spread over all users). */
export function readMix(users: number, paths: string[]): () => Req {
  let k = 0;
  return () => {
    const n = k++;
    return { path: paths[n % paths.length]!, headers: { cookie: benchCookie(1 + (Math.floor(n / paths.length) * 7919) % users) } };
  };
}

const ANSWERS = JSON.stringify({ answers: [true, true, false, true, true, false, true] });
const EDIT = JSON.stringify({ answers: [true, true, true, true, true, false, true], edit: true });

/** Check-ins by users from..to in order: each user's request is made once (amount = to - from + 1). */
export function checkInsBy(from: number, count: number, edit: boolean): () => Req {
  let k = 0;
  return () => {
    const i = from + (k++ % count);
    return { method: 'POST', path: '/api/checkins', headers: { cookie: benchCookie(i) }, body: edit ? EDIT : ANSWERS };
  };
}

export const DASHBOARD_CALLS = ['/api/auth/user', '/api/checkins/today', '/api/streak', '/api/subscription'];

export interface EngineTarget {
  engine: 'pglite' | 'postgres';
  /** PostgreSQL: a fresh database URL and its drop(); PGlite: none (in memory in the server process). */
  db?: { url: string; drop(): Promise<void> };
}

export async function engineTargets(base: string | null): Promise<EngineTarget[]> {
  const out: EngineTarget[] = [{ engine: 'pglite' }];
  if (base) out.push({ engine: 'postgres', db: await createEmptyPostgresDb(base, 'big7_bench_http') });
  return out;
}
