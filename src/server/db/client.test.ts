import { spawn, spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { users } from './schema/index';
import { DATA_DIR_LOCK_FILE, DataDirLockedError, openDb, type DbHandle } from './client';

const ROOT = path.resolve(import.meta.dirname, '../../..');

describe('one server process per PGlite data directory', { timeout: 120_000 }, () => {
  const dirs: string[] = [];
  const handles: DbHandle[] = [];
  const freshDir = () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'big7-lock-'));
    dirs.push(dir);
    return dir;
  };
  const open = async (dataDir: string) => {
    const handle = await openDb({ dataDir });
    handles.push(handle);
    return handle;
  };
  afterEach(async () => {
    for (const h of handles.splice(0)) await h.close().catch(() => {});
    for (const d of dirs.splice(0)) rmSync(d, { recursive: true, force: true });
  });

  it('refuses a second opening while the first is open, with a clear message; after close it opens again', async () => {
    const dir = freshDir();
    const first = await open(dir);
    const lockFile = path.join(dir, DATA_DIR_LOCK_FILE);
    expect(readFileSync(lockFile, 'utf8').trim()).toBe(String(process.pid));

    const second = openDb({ dataDir: dir });
    await expect(second).rejects.toBeInstanceOf(DataDirLockedError);
    await expect(second).rejects.toThrow(
      `The data directory ${dir} is already in use by another Big 7 server (process ${process.pid} (this one)). Stop that server first, or give this one another DATA_DIR. If no server is running, delete ${lockFile}.`,
    );
    // The first is untouched: still locked by it and usable.
    expect(readFileSync(lockFile, 'utf8').trim()).toBe(String(process.pid));
    await first.db.insert(users).values({ email: 'one@example.com', firstName: 'One' });

    await first.close();
    expect(existsSync(lockFile)).toBe(false);
    const again = await open(dir);
    expect(await again.db.select().from(users)).toHaveLength(1);
  });

  it('takes over a lock left by a process that has died', async () => {
    const dir = freshDir();
    const dead = spawnSync(process.execPath, ['-e', '']).pid!;
    writeFileSync(path.join(dir, DATA_DIR_LOCK_FILE), `${dead}\n`);
    const handle = await open(dir);
    expect(readFileSync(path.join(dir, DATA_DIR_LOCK_FILE), 'utf8').trim()).toBe(String(process.pid));
    await handle.close();
    expect(existsSync(path.join(dir, DATA_DIR_LOCK_FILE))).toBe(false);
  });

  it('takes over a lock holding its own PID that it does not hold (an earlier run, e.g. a restarted container)', async () => {
    const dir = freshDir();
    writeFileSync(path.join(dir, DATA_DIR_LOCK_FILE), `${process.pid}\n`);
    const handle = await open(dir);
    await expect(openDb({ dataDir: dir })).rejects.toBeInstanceOf(DataDirLockedError);
    await handle.close();
  });

  it('makes a second server started on the same DATA_DIR print the message and exit non-zero', async () => {
    const dir = freshDir();
    await open(dir);
    const child = spawn(process.execPath, ['--import', 'tsx', 'src/server/main.ts'], {
      cwd: ROOT,
      env: { PATH: process.env.PATH ?? '', NODE_ENV: 'test', DATA_DIR: dir, PORT: '0', HOST: '127.0.0.1', LOG_LEVEL: 'silent' },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let stderr = '';
    child.stderr.on('data', (c: Buffer) => (stderr += c.toString('utf8')));
    const code = await new Promise<number | null>((resolve) => child.once('exit', (c) => resolve(c)));
    expect(code).toBe(1);
    expect(stderr.trim()).toBe(
      `The data directory ${dir} is already in use by another Big 7 server (process ${process.pid}). Stop that server first, or give this one another DATA_DIR. If no server is running, delete ${path.join(dir, DATA_DIR_LOCK_FILE)}.`,
    );
  });
});
