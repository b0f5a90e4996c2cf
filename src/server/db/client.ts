import { existsSync, mkdirSync } from 'node:fs';
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
import * as schema from './schema/index';

export type Schema = typeof schema;
/** The one database type used by repos: the same on PGlite and PostgreSQL. */
export type Db = PgDatabase<PgQueryResultHKT, Schema>;

export interface DbHandle {
  db: Db;
  engine: 'pglite' | 'postgres';
  close(): Promise<void>;
}

function migrationsFolder(): string {
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
  /** Apply pending migrations (default true). */
  migrate?: boolean;
  /** Pool size for PostgreSQL. */
  poolMax?: number;
  /** Called when an idle PostgreSQL connection fails (default: a warning on stderr). */
  onIdleError?: (err: Error) => void;
}

const defaultIdleError = (err: Error) => console.warn(`PostgreSQL connection lost while idle: ${err.message}`);

/** Opens the database and applies pending migrations. */
export async function openDb(opts: OpenDbOptions): Promise<DbHandle> {
  const folder = migrationsFolder();
  if (opts.databaseUrl) {
    const pool = new pg.Pool({ connectionString: opts.databaseUrl, max: opts.poolMax ?? 10 });
    // An idle connection can be cut by the server (restart, failover, admin command); the pool replaces
    // it on the next query. Without a listener that event would crash the process.
    pool.on('error', (err) => (opts.onIdleError ?? defaultIdleError)(err));
    const db = drizzlePg(pool, { schema }) as unknown as Db;
    if (opts.migrate !== false) {
      // Several instances may start together: one migrates at a time.
      const client = await pool.connect();
      try {
        await client.query('SELECT pg_advisory_lock(727001)');
        try {
          await migratePg(drizzlePg(client, { schema }), { migrationsFolder: folder });
        } finally {
          await client.query('SELECT pg_advisory_unlock(727001)');
        }
      } finally {
        client.release();
      }
    }
    return { db, engine: 'postgres', close: () => pool.end() };
  }
  let client: PGlite;
  if (!opts.dataDir || opts.dataDir === 'memory://') {
    client = new PGlite();
  } else {
    mkdirSync(opts.dataDir, { recursive: true });
    client = new PGlite(path.resolve(opts.dataDir));
  }
  await client.waitReady;
  const db = drizzlePglite(client, { schema }) as unknown as Db;
  if (opts.migrate !== false) {
    await migratePglite(drizzlePglite(client, { schema }), { migrationsFolder: folder });
  }
  return { db, engine: 'pglite', close: () => client.close() };
}

/** Round-trip time of a trivial query, in milliseconds. */
export async function pingDb(db: Db): Promise<number> {
  const start = performance.now();
  await db.execute(sql`select 1`);
  return Math.round((performance.now() - start) * 100) / 100;
}
