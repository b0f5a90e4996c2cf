import { sql, type AnyColumn, type SQL } from 'drizzle-orm';
import type { Db } from './client';

/**
 * Runs one raw SQL statement (`db.execute`) and returns its rows, the same shape on PGlite and node-postgres (both
 * answer `{ rows }`; Drizzle's type for it differs by driver, so the one cast lives here). For aggregates and for
 * the few statements the query builder cannot write (DELETE … IN (SELECT … FOR UPDATE SKIP LOCKED)).
 */
export async function rowsOf<T>(db: Db, query: SQL): Promise<T[]> {
  const res = (await db.execute(query)) as unknown as { rows: T[] };
  return res.rows;
}

/**
 * `column = ANY($1::text[])`: a list of text values as ONE array parameter, for the batch statements (a batch of a
 * hundred users binds one parameter, not a hundred, and the statement's text does not change with its size).
 */
export function anyText(column: AnyColumn | SQL, values: readonly string[]): SQL {
  return sql`${column} = ANY(${sql.param([...values])}::text[])`;
}
