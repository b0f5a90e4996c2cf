import { createHash, randomBytes } from 'node:crypto';
import { existsSync, readdirSync, readFileSync, renameSync, statSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { dumpPglite, migrationsFolder, openDb, type DbHandle } from '@server/db/client';

export type Engine = 'pglite' | 'postgres';

/** PGlite always; PostgreSQL too when TEST_DATABASE_URL is set. */
export function testEngines(): Engine[] {
  return process.env.TEST_DATABASE_URL ? ['pglite', 'postgres'] : ['pglite'];
}

/**
 * A migrated, empty PGlite database's data directory: each test database starts from a copy of it (~0.5 s) instead
 * of initialising and migrating an empty one (~2.5 s of CPU). Made once and kept in the system's temp directory
 * under a hash of the migrations and the PGlite version (test files run in separate processes), so a new migration
 * makes a new one.
 */
let pgliteImage: Promise<Blob> | undefined;
export function migratedPgliteImage(): Promise<Blob> {
  pgliteImage ??= (async () => {
    const file = path.join(tmpdir(), `big7-test-pglite-${imageKey()}.tar`);
    if (existsSync(file)) return new Blob([readFileSync(file)]);
    const first = await openDb({ dataDir: 'memory://' });
    try {
      const image = await dumpPglite(first);
      // Written aside and renamed: a test process reading it meanwhile never sees half a file.
      const aside = `${file}.${process.pid}`;
      writeFileSync(aside, Buffer.from(await image.arrayBuffer()));
      renameSync(aside, file);
      return image;
    } finally {
      await first.close();
    }
  })();
  return pgliteImage;
}

/** The migrations (names and contents) and the PGlite version, hashed. */
function imageKey(): string {
  const hash = createHash('sha256');
  const dir = migrationsFolder();
  for (const name of readdirSync(dir, { recursive: true, encoding: 'utf8' }).sort()) {
    const file = path.join(dir, name);
    if (statSync(file).isFile()) hash.update(name).update(readFileSync(file));
  }
  hash.update(pgliteVersion());
  return hash.digest('hex').slice(0, 16);
}

/** The installed PGlite's version (its package.json, found above its entry point: the package exports no path to it). */
function pgliteVersion(): string {
  let dir = path.dirname(createRequire(import.meta.url).resolve('@electric-sql/pglite'));
  for (;;) {
    const file = path.join(dir, 'package.json');
    if (existsSync(file)) {
      const pkg = JSON.parse(readFileSync(file, 'utf8')) as { name?: string; version?: string };
      if (pkg.name === '@electric-sql/pglite') return pkg.version ?? '';
    }
    const up = path.dirname(dir);
    if (up === dir) return '';
    dir = up;
  }
}

/** A fresh, migrated database: in-memory PGlite, or a new PostgreSQL database dropped on close. */
export async function createTestDb(engine: Engine, opts: { poolMax?: number } = {}): Promise<DbHandle & { url?: string }> {
  // Migrations still run (none is pending in the copy): a test database is always at the latest one.
  if (engine === 'pglite') return openDb({ dataDir: 'memory://', pgliteImage: await migratedPgliteImage() });
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
