import type { SQL } from 'drizzle-orm';
import type { Db } from '@server/db/client';

/** Runs one aggregate query and returns its rows (the same shape on PGlite and node-postgres). */
export async function rowsOf<T>(db: Db, query: SQL): Promise<T[]> {
  const res = (await db.execute(query)) as unknown as { rows: T[] };
  return res.rows;
}

export const num = (v: unknown): number => (v === null || v === undefined ? 0 : Number(v));
