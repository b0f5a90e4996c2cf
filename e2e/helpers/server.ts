import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import type { Server as HttpServer } from 'node:http';
import { createServer, type AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { startSmtpSink } from '@test/fakes/smtp';

const ROOT = path.resolve(import.meta.dirname, '../..');
const SERVER_ENTRY = path.join(ROOT, 'dist/server/main.js');

export type SmtpSink = Awaited<ReturnType<typeof startSmtpSink>>;

/** The browser tests' server lists this address in ADMIN_EMAILS (sign up with it to act as the admin). */
export const E2E_ADMIN_EMAIL = 'admin@big7.test';

export interface RunningApp {
  /** The origin the app is served from, e.g. http://127.0.0.1:41234 (also its APP_URL). */
  url: string;
  port: number;
  smtp: SmtpSink;
  dataDir: string;
  /** The server's recent output, for failure messages. */
  logs(): string;
  /**
   * The first output line matching `pattern` that arrived after `since` (a Date.now() value; default: now),
   * waiting up to `timeoutMs` for it. Lines are what pino prints at the server's LOG_LEVEL.
   */
  waitForLog(pattern: RegExp, opts?: { since?: number; timeoutMs?: number }): Promise<string>;
  /** Every output line so far matching `pattern` that arrived after `since` (a Date.now() value; default: all kept). */
  logLines(pattern: RegExp, since?: number): string[];
  /**
   * Moves the server's clock (TEST_CLOCK=on): to an instant, or by a number of milliseconds. Returns the
   * server's new "now". The offset applies to real time, so the server's time keeps running.
   */
  setClock(to: { at: Date | string } | { advanceMs: number }): Promise<Date>;
  /** Stops the server process only: the data directory stays, so a test can open the database itself. */
  stopServer(): Promise<void>;
  /** Stops the server and the SMTP sink and removes the data directory. */
  stop(): Promise<void>;
}

export interface StartOptions {
  /**
   * Run the day rollover every 2 seconds instead of every hour, so a test need not wait long for the next tick.
   * The job queue itself (e-mails) always runs (JOBS=on; the app leaves it off under NODE_ENV=test).
   */
  jobs?: boolean;
}

/**
 * A TCP port nobody is listening on right now, for a server process to listen on next. Picked at random below the
 * kernel's ephemeral range (32768–60999 on Linux), where the fakes and sinks that listen on port 0 never land: a port
 * from that range could be taken by one of them before the server binds it, and the health check would then reach
 * another test's server (an e-mail that never came, 2026-11-28).
 */
export async function freePort(): Promise<number> {
  for (let attempt = 0; attempt < 50; attempt++) {
    const port = 20_000 + Math.floor(Math.random() * 12_000);
    if (await canListen(port)) return port;
  }
  return listenOnce(0);
}

const canListen = (port: number): Promise<boolean> =>
  listenOnce(port).then(
    () => true,
    () => false,
  );

/** Listens on the port (0: any) on 127.0.0.1 and closes again: the port it had. */
function listenOnce(port: number): Promise<number> {
  return new Promise((resolve, reject) => {
    const srv = createServer();
    srv.unref();
    srv.on('error', reject);
    srv.listen(port, '127.0.0.1', () => {
      const addr = srv.address();
      const got = typeof addr === 'object' && addr ? addr.port : 0;
      srv.close(() => resolve(got));
    });
  });
}

async function waitForHealth(url: string, child: ChildProcess, logs: () => string, timeoutMs = Number(process.env.E2E_SERVER_START_MS ?? 180_000)): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`the server exited with code ${child.exitCode}:\n${logs()}`);
    try {
      const res = await fetch(`${url}/api/health`);
      if (res.ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 200));
  }
  throw new Error(`the server did not answer /api/health within ${timeoutMs} ms:\n${logs()}`);
}

/**
 * Starts the BUILT app (`npm run build` first) on a free port with a fresh data directory and e-mail going to a
 * real SMTP sink on 127.0.0.1, E2E_ADMIN_EMAIL as the admin. Developer tools and the test clock are off, as on a real server: journeys that
 * use them pass `DEV_TOOLS: 'on'` (and `TEST_CLOCK: 'on'` for setClock). Call stop() when done.
 */
export async function startApp(env: Record<string, string> = {}, opts: StartOptions = {}): Promise<RunningApp> {
  if (!existsSync(SERVER_ENTRY)) throw new Error(`${SERVER_ENTRY} is missing: run \`npm run build\` first`);
  const smtp = await startSmtpSink();
  const port = await freePort();
  const url = `http://127.0.0.1:${port}`;
  const dataDir = mkdtempSync(path.join(tmpdir(), 'big7-e2e-'));
  const output: string[] = [];
  const child = spawn(process.execPath, ['--enable-source-maps', SERVER_ENTRY], {
    cwd: ROOT,
    env: {
      PATH: process.env.PATH ?? '',
      HOME: process.env.HOME ?? tmpdir(),
      NODE_ENV: 'test',
      JOBS: 'on',
      JOBS_POLL_MS: '200',
      ROLLOVER_INTERVAL_SECONDS: opts.jobs ? '2' : '3600',
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      APP_URL: url,
      SMTP_URL: smtp.url,
      MAIL_FROM: 'Big 7 <no-reply@big7.test>',
      ADMIN_EMAILS: E2E_ADMIN_EMAIL,
      LOG_LEVEL: 'warn',
      // The browser tests' push service (test/fakes/push-service.ts) listens on 127.0.0.1 at a port picked after
      // the server starts: the host is listed for any port, so the server may send there (issue 31).
      PUSH_ALLOWED_HOSTS: '127.0.0.1',
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  // Whole lines with their arrival time, for waitForLog (the last 5,000).
  const lines: Array<{ at: number; text: string }> = [];
  const lineWaiters = new Set<() => void>();
  const partial = { stdout: '', stderr: '' };
  const keep = (stream: 'stdout' | 'stderr') => (chunk: Buffer) => {
    const text = chunk.toString('utf8');
    output.push(text);
    if (output.length > 200) output.splice(0, output.length - 200);
    const parts = (partial[stream] + text).split('\n');
    partial[stream] = parts.pop() ?? '';
    const at = Date.now();
    for (const line of parts) lines.push({ at, text: line });
    if (lines.length > 5_000) lines.splice(0, lines.length - 5_000);
    for (const wake of lineWaiters) wake();
  };
  child.stdout?.on('data', keep('stdout'));
  child.stderr?.on('data', keep('stderr'));
  const logs = () => output.join('');

  const waitForLog: RunningApp['waitForLog'] = (pattern, { since = Date.now(), timeoutMs = 70_000 } = {}) =>
    new Promise((resolve, reject) => {
      const find = () => lines.find((l) => l.at > since && pattern.test(l.text))?.text;
      const found = find();
      if (found !== undefined) return resolve(found);
      const wake = () => {
        const line = find();
        if (line === undefined) return;
        cleanup();
        resolve(line);
      };
      const timer = setTimeout(() => {
        cleanup();
        reject(new Error(`no server output matching ${pattern} within ${timeoutMs} ms`));
      }, timeoutMs);
      const cleanup = () => {
        clearTimeout(timer);
        lineWaiters.delete(wake);
      };
      lineWaiters.add(wake);
    });

  const logLines: RunningApp['logLines'] = (pattern, since = 0) => lines.filter((l) => l.at > since && pattern.test(l.text)).map((l) => l.text);

  const setClock: RunningApp['setClock'] = async (to) => {
    const body = 'at' in to ? { at: new Date(to.at).toISOString() } : to;
    const res = await fetch(`${url}/api/test/clock`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(body),
    });
    if (!res.ok) throw new Error(`POST /api/test/clock answered ${res.status}: ${await res.text()} (are DEV_TOOLS and TEST_CLOCK on?)`);
    return new Date(((await res.json()) as { now: string }).now);
  };

  const stopServer = async () => {
    if (child.exitCode === null && child.signalCode === null) {
      const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
      child.kill('SIGTERM');
      const timer = setTimeout(() => child.kill('SIGKILL'), 5_000);
      await exited;
      clearTimeout(timer);
    }
  };

  const stop = async () => {
    await stopServer();
    await smtp.close();
    rmSync(dataDir, { recursive: true, force: true });
  };

  try {
    await waitForHealth(url, child, logs);
  } catch (err) {
    await stop();
    throw err;
  }
  return { url, port, smtp, dataDir, logs, waitForLog, logLines, setClock, stopServer, stop };
}

/**
 * Starts an HTTP server (e.g. a proxy in front of the app) on a free loopback port: its origin, and a close() that
 * also ends the connections a browser keeps open.
 */
export function listenOnLoopback(server: HttpServer): Promise<{ url: string; close: () => Promise<void> }> {
  return new Promise((resolve) =>
    server.listen(0, '127.0.0.1', () =>
      resolve({
        url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
        close: () =>
          new Promise<void>((r) => {
            server.closeAllConnections();
            server.close(() => r());
          }),
      }),
    ),
  );
}
