import { existsSync, linkSync, mkdirSync, readdirSync, readFileSync, unlinkSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { PGlite } from '@electric-sql/pglite';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { sql } from 'drizzle-orm';
import pg from 'pg';
import { pgliteChangeFeed, postgresChangeFeed, type ChangeFeed } from './change-feed';
import { nameStatements } from './rows';

/**
 * The one database type used by repos: the same on PGlite and PostgreSQL. Opened without Drizzle's relational
 * schema (`db.query.*` is not used): with one, every transaction builds a query builder per table.
 */
export type Db = PgDatabase<PgQueryResultHKT>;

export interface DbHandle {
  db: Db;
  engine: 'pglite' | 'postgres';
  /** Committed changes to users' rows (drizzle/0016): what keeps per-process caches fresh across instances. */
  changes: ChangeFeed;
  close(): Promise<void>;
}

/** The drizzle migrations folder (SQL files and meta/_journal.json). */
export function migrationsFolder(): string {
  // Works from src/server/db (tsx, vitest) and from dist/server (bundled).
  const here = path.dirname(fileURLToPath(import.meta.url));
  const candidates = [path.resolve(here, '../../../drizzle'), path.resolve(here, '../../drizzle')];
  return (
    candidates.find((c) => existsSync(path.join(c, 'meta', '_journal.json'))) ??
    path.resolve(process.cwd(), 'drizzle')
  );
}

export interface OpenDbOptions {
  /** postgres://… selects PostgreSQL; otherwise PGlite. */
  databaseUrl?: string | undefined;
  /** PGlite data directory; 'memory://' or undefined for an in-memory database. */
  dataDir?: string | undefined;
  /**
   * An in-memory PGlite database starts from this copy of a data directory (PGlite's `dumpDataDir()`, see
   * `dumpPglite`) instead of an empty one: a copy of a migrated database opens in a fraction of the time the
   * empty one takes to initialise and migrate (the tests start hundreds of databases). With a `dataDir`, it is
   * loaded only when the directory is new and empty.
   */
  pgliteImage?: Blob | undefined;
  /** Apply pending migrations (default true). */
  migrate?: boolean;
  /** Pool size for PostgreSQL. */
  poolMax?: number;
  /** Called when an idle PostgreSQL connection fails (default: a warning on stderr). */
  onIdleError?: (err: Error) => void;
}

const defaultIdleError = (err: Error) => console.warn(`PostgreSQL connection lost while idle: ${err.message}`);

/** The lock file that keeps a PGlite data directory to one server process. */
export const DATA_DIR_LOCK_FILE = '.big7.lock';

/** Another live process holds the data directory. */
export class DataDirLockedError extends Error {
  constructor(
    readonly dataDir: string,
    readonly pid: number | null,
  ) {
    const who = pid === null ? 'another process' : `process ${pid}${pid === process.pid ? ' (this one)' : ''}`;
    super(
      `The data directory ${dataDir} is already in use by another Big 7 server (${who}). ` +
        `Stop that server first, or give this one another DATA_DIR. If no server is running, delete ${path.join(dataDir, DATA_DIR_LOCK_FILE)}.`,
    );
    this.name = 'DataDirLockedError';
  }
}

/** True while a process with this id exists (one we may not signal still exists). */
function processAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (err) {
    return (err as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/** Creates the lock file holding this PID, atomically (written aside, then hard-linked); false when it exists. */
function createLock(file: string): boolean {
  const aside = `${file}.${process.pid}`;
  writeFileSync(aside, `${process.pid}\n`);
  try {
    linkSync(aside, file);
    return true;
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code === 'EEXIST') return false;
    throw err;
  } finally {
    rmLock(aside);
  }
}

/** Lock files this process holds (its own PID in a lock it does not hold was left by an earlier run). */
const heldLocks = new Set<string>();

/**
 * Takes DATA_DIR/.big7.lock for this process (created exclusively, holding its PID) and returns its release.
 * PGlite is one process's database: a second process on the same files would keep its own view, and rules
 * such as the unique e-mail would no longer hold. A lock left by a process that has died is taken over.
 */
function lockDataDir(dataDir: string): () => void {
  const file = path.join(dataDir, DATA_DIR_LOCK_FILE);
  if (!createLock(file)) {
    const held = readLockPid(file);
    // A container restarted on the same volume often gets the same PID: that lock is from the earlier run.
    const live = held !== null && (held === process.pid ? heldLocks.has(file) : processAlive(held));
    if (live) throw new DataDirLockedError(dataDir, held);
    // Stale: its process is gone (or the file holds no PID). Take it over, unless another process just did.
    rmLock(file);
    if (!createLock(file)) throw new DataDirLockedError(dataDir, readLockPid(file));
  }
  heldLocks.add(file);
  let released = false;
  const release = () => {
    if (released) return;
    released = true;
    heldLocks.delete(file);
    process.off('exit', release);
    if (readLockPid(file) === process.pid) rmLock(file);
  };
  // Also on a plain process.exit() without close; a crash leaves a stale lock the next start takes over.
  process.on('exit', release);
  return release;
}

/** The PID in a lock file; null when it is missing or does not hold one. */
function readLockPid(file: string): number | null {
  try {
    const pid = Number.parseInt(readFileSync(file, 'utf8').trim(), 10);
    return Number.isInteger(pid) && pid > 0 ? pid : null;
  } catch {
    return null;
  }
}

function rmLock(file: string): void {
  try {
    unlinkSync(file);
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code !== 'ENOENT') throw err;
  }
}

/** Opens the database and applies pending migrations. */
export async function openDb(opts: OpenDbOptions): Promise<DbHandle> {
  const folder = migrationsFolder();
  if (opts.databaseUrl) {
    const pool = new pg.Pool({ connectionString: opts.databaseUrl, max: opts.poolMax ?? 10 });
    // An idle connection can be cut by the server (restart, failover, admin command); the pool replaces
    // it on the next query. Without a listener that event would crash the process.
    pool.on('error', (err) => (opts.onIdleError ?? defaultIdleError)(err));
    // Each new connection runs the app's fixed statements under their names (db/rows.ts, decision 032).
    pool.on('connect', (client) => nameStatements(client));
    const db = drizzlePg(pool) as unknown as Db;
    if (opts.migrate !== false) {
      // Several instances may start together: one migrates at a time.
      const client = await pool.connect();
      try {
        await client.query('SELECT pg_advisory_lock(727001)');
        try {
          await migratePg(drizzlePg(client), { migrationsFolder: folder });
        } finally {
          await client.query('SELECT pg_advisory_unlock(727001)');
        }
      } finally {
        client.release();
      }
    }
    const changes = postgresChangeFeed(opts.databaseUrl, (err) => (opts.onIdleError ?? defaultIdleError)(err));
    return { db, engine: 'postgres', changes, close: () => pool.end() };
  }
  let client: PGlite;
  let unlock = () => {};
  if (!opts.dataDir || opts.dataDir === 'memory://') {
    client = opts.pgliteImage ? new PGlite({ loadDataDir: opts.pgliteImage }) : new PGlite();
  } else {
    const dir = path.resolve(opts.dataDir);
    mkdirSync(dir, { recursive: true });
    unlock = lockDataDir(dir);
    // An image is loaded only into a new, empty directory (tests start a server's data directory from one).
    client = opts.pgliteImage && readdirSync(dir).filter((f) => f !== DATA_DIR_LOCK_FILE).length === 0
      ? new PGlite(dir, { loadDataDir: opts.pgliteImage })
      : new PGlite(dir);
  }
  try {
    await client.waitReady;
    if (opts.migrate !== false) {
      await migratePglite(drizzlePglite(client), { migrationsFolder: folder });
    }
  } catch (err) {
    await client.close().catch(() => {});
    unlock();
    throw err;
  }
  const db = drizzlePglite(client) as unknown as Db;
  return {
    db,
    engine: 'pglite',
    changes: pgliteChangeFeed(client),
    close: async () => {
      try {
        await client.close();
      } finally {
        unlock();
      }
    },
  };
}

/** A copy of a PGlite database's data directory (uncompressed), for `openDb({ pgliteImage })`. */
export async function dumpPglite(handle: DbHandle): Promise<Blob> {
  if (handle.engine !== 'pglite') throw new Error('dumpPglite: not a PGlite database');
  return (handle.db as unknown as { $client: PGlite }).$client.dumpDataDir('none');
}

/** Round-trip time of a trivial query, in milliseconds. */
export async function pingDb(db: Db): Promise<number> {
  const start = performance.now();
  await db.execute(sql`select 1`);
  return Math.round((performance.now() - start) * 100) / 100;
}
