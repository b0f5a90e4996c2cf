import { sql, type SQL } from 'drizzle-orm';
import type { Db } from '@server/db/client';
import { rowsOf } from '@server/db/rows';

/**
 * A digest of every table of the app (schema public): each table's row count and an md5 of its rows in a fixed order,
 * read in one query. Two equal digests mean nothing was written in between (the same on PGlite and PostgreSQL).
 */
export async function tableDigests(db: Db): Promise<Record<string, string>> {
  const tables = await rowsOf<{ name: string }>(
    db,
    sql`SELECT table_name AS name FROM information_schema.tables WHERE table_schema = 'public' AND table_type = 'BASE TABLE' ORDER BY 1`,
  );
  const parts: SQL[] = tables.map(
    ({ name }) =>
      sql`SELECT ${name}::text AS name, count(*)::int AS n, md5(coalesce(string_agg(t::text, E'\n' ORDER BY t::text), '')) AS h FROM ${sql.identifier(name)} t`,
  );
  const rows = await rowsOf<{ name: string; n: number; h: string }>(db, sql.join(parts, sql` UNION ALL `));
  return Object.fromEntries(rows.map((r) => [r.name, `${r.n}:${r.h}`]));
}
