import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { build } from 'esbuild';
import { freePort } from '@e2e/helpers/server';

const ROOT = path.resolve(import.meta.dirname, '../..');

function processAlive(pid: number): boolean {
  if (!Number.isInteger(pid) || pid <= 0) return false;
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
}

let bundled: Promise<string> | undefined;
/**
 * The server bundled as `npm run build:server` does (esbuild, packages external), once per test process, under
 * .cache/test-server/<pid> (inside the project, so its packages resolve from node_modules; removed at exit). A
 * bundle starts in a fraction of the time tsx takes to compile the sources, which on a loaded machine can
 * exceed Fastify's 10 s plugin timeout.
 */
function serverBundle(): Promise<string> {
  bundled ??= (async () => {
    const parent = path.join(ROOT, '.cache', 'test-server');
    // Bundles of test processes that have gone (a killed worker never runs its exit handlers).
    for (const name of existsSync(parent) ? readdirSync(parent) : []) {
      if (!processAlive(Number(name))) rmSync(path.join(parent, name), { recursive: true, force: true });
    }
    const dir = path.join(parent, String(process.pid));
    const outfile = path.join(dir, 'server', 'main.js');
    process.once('exit', () => rmSync(dir, { recursive: true, force: true }));
    await build({
      entryPoints: [path.join(ROOT, 'src/server/main.ts')],
      bundle: true,
      platform: 'node',
      format: 'esm',
      packages: 'external',
      sourcemap: true,
      outfile,
      logLevel: 'error',
    });
    return outfile;
  })();
  return bundled;
}

export interface ServerProcess {
  /** e.g. http://127.0.0.1:41234 (also its APP_URL). */
  url: string;
  port: number;
  pid: number;
  child: ChildProcess;
  /** The server's output so far (the last 400 chunks). */
  logs(): string;
  /** Resolves when the process has exited: its exit code and signal. */
  exited: Promise<{ code: number | null; signal: NodeJS.Signals | null }>;
  /** Moves the server's clock (TEST_CLOCK=on, DEV_TOOLS=on) to an instant; returns its new "now". */
  setClock(at: Date | string): Promise<Date>;
  /** SIGKILL: no chance to close anything. */
  kill(): Promise<void>;
  /** SIGTERM, then SIGKILL after `graceMs` (default 15 s); the exit code and signal. */
  stop(graceMs?: number): Promise<{ code: number | null; signal: NodeJS.Signals | null }>;
}

/**
 * Starts the real server (src/server/main.ts, bundled as the build does; no `npm run build` needed) in its own process on a
 * free port, with `env` on top of a minimal test environment, and waits for /api/health. The caller gives the
 * database: DATA_DIR (PGlite) or DATABASE_URL. Logs at warn unless LOG_LEVEL is given.
 */
export async function startServerProcess(env: Record<string, string>, opts: { timeoutMs?: number } = {}): Promise<ServerProcess> {
  const port = await freePort();
  const url = `http://127.0.0.1:${port}`;
  const output: string[] = [];
  const child = spawn(process.execPath, ['--enable-source-maps', await serverBundle()], {
    cwd: ROOT,
    env: {
      PATH: process.env.PATH ?? '',
      HOME: process.env.HOME ?? tmpdir(),
      NODE_ENV: 'test',
      PORT: String(port),
      HOST: '127.0.0.1',
      APP_URL: url,
      LOG_LEVEL: 'warn',
      JOBS: 'off',
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const keep = (chunk: Buffer) => {
    output.push(chunk.toString('utf8'));
    if (output.length > 400) output.splice(0, output.length - 400);
  };
  child.stdout?.on('data', keep);
  child.stderr?.on('data', keep);
  const logs = () => output.join('');
  const exited = new Promise<{ code: number | null; signal: NodeJS.Signals | null }>((resolve) =>
    child.once('exit', (code, signal) => resolve({ code, signal })),
  );
  const alive = () => child.exitCode === null && child.signalCode === null;
  // A test that times out never reaches its clean-up: the server goes with the test process.
  const orphaned = () => alive() && child.kill('SIGKILL');
  process.once('exit', orphaned);
  void exited.then(() => process.off('exit', orphaned));

  const kill = async () => {
    if (alive()) {
      child.kill('SIGKILL');
      await exited;
    }
  };
  const stop = async (graceMs = 15_000) => {
    if (alive()) {
      child.kill('SIGTERM');
      const timer = setTimeout(() => child.kill('SIGKILL'), graceMs);
      await exited;
      clearTimeout(timer);
    }
    return exited;
  };
  const setClock = async (at: Date | string) => {
    const res = await fetch(`${url}/api/test/clock`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ at: new Date(at).toISOString() }),
    });
    if (!res.ok) throw new Error(`POST /api/test/clock answered ${res.status}: ${await res.text()} (are DEV_TOOLS and TEST_CLOCK on?)`);
    return new Date(((await res.json()) as { now: string }).now);
  };

  const deadline = Date.now() + (opts.timeoutMs ?? 90_000);
  for (;;) {
    if (!alive()) throw new Error(`the server exited (code ${child.exitCode}, signal ${child.signalCode}):\n${logs()}`);
    try {
      const res = await fetch(`${url}/api/health`);
      if (res.ok) break;
    } catch {
      // not listening yet
    }
    if (Date.now() > deadline) {
      await kill();
      throw new Error(`the server did not answer /api/health in time:\n${logs()}`);
    }
    await new Promise((r) => setTimeout(r, 100));
  }
  return { url, port, pid: child.pid!, child, logs, exited, setClock, kill, stop };
}
