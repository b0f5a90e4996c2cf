import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import { sql } from 'drizzle-orm';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import pg from 'pg';
import { afterAll, describe, expect, it } from 'vitest';
import { createEmptyPostgresDb, testEngines } from '@test/helpers/db';
import { rowToState, type StreakRow } from '../modules/streaks/repo';
import { streakStates, users } from './schema/index';
import { applyRecovery, recoveryAvailable } from '@shared/domain/streak-engine';

const FOLDER = path.resolve(import.meta.dirname, '../../../drizzle');

/** A copy of the migrations folder that stops after the first `n` migrations. */
function foldersUpTo(n: number): string {
  const dir = mkdtempSync(path.join(tmpdir(), 'big7-mig-'));
  cpSync(FOLDER, dir, { recursive: true });
  const journalPath = path.join(dir, 'meta', '_journal.json');
  const journal = JSON.parse(readFileSync(journalPath, 'utf8')) as { entries: unknown[] };
  journal.entries = journal.entries.slice(0, n);
  writeFileSync(journalPath, JSON.stringify(journal));
  return dir;
}

interface Engine {
  db: PgDatabase<PgQueryResultHKT>;
  migrateTo(folder: string): Promise<void>;
  close(): Promise<void>;
}

async function open(engine: 'pglite' | 'postgres'): Promise<Engine> {
  if (engine === 'pglite') {
    const client = new PGlite();
    const db = drizzlePglite(client);
    return { db, migrateTo: (f) => migratePglite(db, { migrationsFolder: f }), close: () => client.close() };
  }
  const empty = await createEmptyPostgresDb(process.env.TEST_DATABASE_URL!, 'big7_mig');
  const pool = new pg.Pool({ connectionString: empty.url, max: 2 });
  const db = drizzlePg(pool);
  return {
    db,
    migrateTo: (f) => migratePg(db, { migrationsFolder: f }),
    async close() {
      await pool.end();
      await empty.drop();
    },
  };
}

/** How many migrations come before the one whose SQL contains `marker` (found by content: files may be renumbered). */
function migrationsBefore(marker: string): number {
  const journal = JSON.parse(readFileSync(path.join(FOLDER, 'meta', '_journal.json'), 'utf8')) as { entries: Array<{ tag: string }> };
  const i = journal.entries.findIndex((e) => readFileSync(path.join(FOLDER, `${e.tag}.sql`), 'utf8').includes(marker));
  if (i < 0) throw new Error(`no migration mentions ${marker}`);
  return i;
}

const firstOnly = foldersUpTo(1);
const beforeGoogleLinkVerified = foldersUpTo(migrationsBefore('google_link_verified'));
afterAll(() => {
  rmSync(firstOnly, { recursive: true, force: true });
  rmSync(beforeGoogleLinkVerified, { recursive: true, force: true });
});

describe.each(testEngines())('migrations (%s)', (engine) => {
  it('an open recovery offer stored before 0001 keeps its lost value, rebuilt days and gap', async () => {
    const e = await open(engine);
    try {
      await e.migrateTo(firstOnly);
      await e.db.execute(sql`INSERT INTO users (id, email, first_name, timezone) VALUES
        ('a', 'a@x.test', 'A', 'UTC'), ('b', 'b@x.test', 'B', 'UTC'), ('c', 'c@x.test', 'C', 'UTC')`);
      // a: lost 20 on 03-05, reset to 0, rebuilt 2 days from 03-07 (03-05 and 03-06 missed).
      // b: lost 12 on 03-08, no check-in since (03-08 and 03-09 missed).
      // c: nothing on offer.
      await e.db.execute(sql`INSERT INTO streak_states
        (user_id, current_streak, best_streak, last_processed_date, lost_streak_value, lost_date, lost_reset_value, rebuilt_from, recovery_state)
        VALUES ('a', 2, 20, '2026-03-08', 20, '2026-03-05', 0, '2026-03-07', 'available'),
               ('b', 0, 12, '2026-03-09', 12, '2026-03-08', 0, NULL, 'available'),
               ('c', 3, 3, '2026-03-09', NULL, NULL, NULL, NULL, 'none')`);
      await e.migrateTo(FOLDER);
      const rows: StreakRow[] = await e.db.select().from(streakStates).orderBy(streakStates.userId);
      const [a, b, c] = rows.map(rowToState);
      expect(a).toMatchObject({ rebuiltDays: 2, gapDates: ['2026-03-05', '2026-03-06'], lostStreakValue: 20 });
      expect(b).toMatchObject({ rebuiltDays: 0, gapDates: ['2026-03-08', '2026-03-09'], lostStreakValue: 12 });
      expect(c).toMatchObject({ rebuiltDays: 0, gapDates: [] });
      // The offer works as before: a recovery on 03-09 restores 20 + 2 and bridges the two missed dates.
      expect(recoveryAvailable(a!, '2026-03-09')).toBe(true);
      const r = applyRecovery(a!, '2026-03-09', 'paid');
      expect(r.state.currentStreak).toBe(22);
      expect(r.events.find((ev) => ev.type === 'recovery')).toMatchObject({ gapDates: ['2026-03-05', '2026-03-06'] });
    } finally {
      await e.close();
    }
  });

  it('marks existing Google links proven only when they were made through an e-mail Google verified', async () => {
    const e = await open(engine);
    try {
      await e.migrateTo(beforeGoogleLinkVerified);
      // linked: an e-mail account Google linked to (linking always required a verified Google e-mail);
      // made: created through Google with a verified e-mail (verified in the same insert that created it);
      // unverified: created through Google with an unverified e-mail, later verified by a password reset;
      // plain: no Google link at all.
      await e.db.execute(sql`INSERT INTO users (id, email, first_name, provider, google_sub, email_verified_at, created_at) VALUES
        ('linked', 'l@x.test', 'L', 'email', 'g-l', '2026-03-02T00:00:00Z', '2026-03-01T00:00:00Z'),
        ('made', 'm@x.test', 'M', 'google', 'g-m', '2026-03-01T00:00:00Z', '2026-03-01T00:00:00Z'),
        ('unverified', 'u@x.test', 'U', 'google', 'g-u', '2026-03-05T00:00:00Z', '2026-03-01T00:00:00Z'),
        ('plain', 'p@x.test', 'P', 'email', NULL, '2026-03-01T00:00:00Z', '2026-03-01T00:00:00Z')`);
      await e.migrateTo(FOLDER);
      const rows = await e.db.select({ id: users.id, proven: users.googleLinkVerified }).from(users).orderBy(users.id);
      expect(Object.fromEntries(rows.map((r) => [r.id, r.proven]))).toEqual({
        linked: true,
        made: true,
        unverified: false,
        plain: false,
      });
    } finally {
      await e.close();
    }
  });
});
