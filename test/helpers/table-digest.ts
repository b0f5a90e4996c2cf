import { sql } from 'drizzle-orm';
import type { Db } from '@server/db/client';
import { rowsOf } from '@server/db/rows';

/**
 * A digest of every table of the app (schema public): each table's name, row count and an md5 of its rows in a fixed
 * order. Two equal digests mean nothing was written in between (the same on PGlite and PostgreSQL).
 */
export async function tableDigests(db: Db): Promise<Record<string, string>> {
  const tables = await rowsOf<{ name: string }>(
    db,
    sql`SELECT table_name AS name FROM information_schema.tables WHERE table_schema = 'public' AND table_type = 'BASE TABLE' ORDER BY 1`,
  );
  const out: Record<string, string> = {};
  for (const { name } of tables) {
    const [r] = await rowsOf<{ n: number; h: string | null }>(
      db,
      sql`SELECT count(*)::int AS n, md5(coalesce(string_agg(t::text, E'\n' ORDER BY t::text), '')) AS h FROM ${sql.identifier(name)} t`,
    );
    out[name] = `${r!.n}:${r!.h}`;
  }
  return out;
}
