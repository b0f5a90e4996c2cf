import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { openDb, type DbHandle } from '@server/db/client';

export type Engine = 'pglite' | 'postgres';

/** PGlite always; PostgreSQL too when TEST_DATABASE_URL is set. */
export function testEngines(): Engine[] {
  return process.env.TEST_DATABASE_URL ? ['pglite', 'postgres'] : ['pglite'];
}

/** A fresh, migrated database: in-memory PGlite, or a new PostgreSQL database dropped on close. */
export async function createTestDb(engine: Engine, opts: { poolMax?: number } = {}): Promise<DbHandle & { url?: string }> {
  if (engine === 'pglite') return openDb({ dataDir: 'memory://' });
  const base = process.env.TEST_DATABASE_URL;
  if (!base) throw new Error('TEST_DATABASE_URL is not set');
  // Dropping the database at the end cuts any connection still open: that is expected here.
  return createPostgresDb(base, { prefix: 'big7_t', poolMax: opts.poolMax ?? 10, onIdleError: () => {} });
}

/** A new, empty PostgreSQL database next to `base` (same server): its URL, and `drop()` to remove it. */
export async function createEmptyPostgresDb(base: string, prefix: string): Promise<{ url: string; drop(): Promise<void> }> {
  const name = `${prefix}_${Date.now().toString(36)}_${randomBytes(4).toString('hex')}`;
  const admin = new pg.Client({ connectionString: base });
  await admin.connect();
  await admin.query(`CREATE DATABASE "${name}"`);
  await admin.end();
  const url = new URL(base);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    async drop() {
      const c = new pg.Client({ connectionString: base });
      await c.connect();
      await c.query(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`);
      await c.end();
    },
  };
}

/** A new, migrated PostgreSQL database next to `base` (same server), dropped on close. */
export async function createPostgresDb(
  base: string,
  opts: { prefix: string; poolMax: number; onIdleError?: (err: Error) => void },
): Promise<DbHandle & { url: string }> {
  const empty = await createEmptyPostgresDb(base, opts.prefix);
  const handle = await openDb({ databaseUrl: empty.url, poolMax: opts.poolMax, onIdleError: opts.onIdleError });
  return {
    ...handle,
    url: empty.url,
    async close() {
      await handle.close();
      await empty.drop();
    },
  };
}
