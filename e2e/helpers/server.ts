import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { startSmtpSink } from '../../test/fakes/smtp';

const ROOT = path.resolve(import.meta.dirname, '../..');
const SERVER_ENTRY = path.join(ROOT, 'dist/server/main.js');

export type SmtpSink = Awaited<ReturnType<typeof startSmtpSink>>;

export interface RunningApp {
  /** The origin the app is served from, e.g. http://127.0.0.1:41234 (also its APP_URL). */
  url: string;
  port: number;
  smtp: SmtpSink;
  dataDir: string;
  /** The server's recent output, for failure messages. */
  logs(): string;
  stop(): Promise<void>;
}

/** A TCP port nobody is listening on right now. */
export async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const srv = createServer();
    srv.unref();
    srv.on('error', reject);
    srv.listen(0, '127.0.0.1', () => {
      const addr = srv.address();
      const port = typeof addr === 'object' && addr ? addr.port : 0;
      srv.close(() => resolve(port));
    });
  });
}

async function waitForHealth(url: string, child: ChildProcess, logs: () => string, timeoutMs = 60_000): Promise<void> {
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
 * Starts the BUILT app (`npm run build` first) on a free port with a fresh data directory, developer tools
 * on and e-mail going to a real SMTP sink on 127.0.0.1. Call stop() when done.
 */
export async function startApp(env: Record<string, string> = {}): Promise<RunningApp> {
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
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      APP_URL: url,
      SMTP_URL: smtp.url,
      MAIL_FROM: 'Big 7 <no-reply@big7.test>',
      DEV_TOOLS: 'on',
      TEST_CLOCK: 'on',
      LOG_LEVEL: 'warn',
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const keep = (chunk: Buffer) => {
    output.push(chunk.toString('utf8'));
    if (output.length > 200) output.splice(0, output.length - 200);
  };
  child.stdout?.on('data', keep);
  child.stderr?.on('data', keep);
  const logs = () => output.join('');

  const stop = async () => {
    if (child.exitCode === null && child.signalCode === null) {
      const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
      child.kill('SIGTERM');
      const timer = setTimeout(() => child.kill('SIGKILL'), 5_000);
      await exited;
      clearTimeout(timer);
    }
    await smtp.close();
    rmSync(dataDir, { recursive: true, force: true });
  };

  try {
    await waitForHealth(url, child, logs);
  } catch (err) {
    await stop();
    throw err;
  }
  return { url, port, smtp, dataDir, logs, stop };
}
