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

/** What `namedRowsOf` needs of Drizzle's session (the same on both drivers; not in its public types). */
interface SessionWithPrepare {
  dialect: { sqlToQuery(query: SQL): { sql: string; params: unknown[] } };
  prepareQuery(query: { sql: string; params: unknown[] }, fields: undefined, name: string, arrayMode: false): { execute(): Promise<unknown> };
}

/**
 * `rowsOf` as a NAMED prepared statement (decision 032): on PostgreSQL each pooled connection parses the
 * statement once and, after a few runs, keeps one generic plan, so a batch pays only Bind and Execute instead of
 * Parse, analysis and planning each time (they cost PostgreSQL more than executing a batch's rows). The query's text
 * must be the same at every call for one `name` (values only as parameters: anyText, one jsonb parameter): the
 * driver refuses a name reused with another text. PGlite ignores the name.
 */
export async function namedRowsOf<T>(db: Db, name: string, query: SQL): Promise<T[]> {
  const session = db._.session as unknown as SessionWithPrepare;
  const res = (await session.prepareQuery(session.dialect.sqlToQuery(query), undefined, name, false).execute()) as { rows: T[] };
  return res.rows;
}

/**
 * A NAMED prepared statement from its text, fixed once (decision 032): what `namedRowsOf` does without
 * building the text from Drizzle's query builder at each call — building a select with a lateral join, or an upsert,
 * cost more of the server than running it. `$1…` in the text, `params` in that order; the rows as the driver answers
 * them (column names as in the text; timestamps as text, so read them as epoch milliseconds: `epochMs`).
 */
export async function namedTextRows<T>(db: Db, name: string, text: string, params: unknown[]): Promise<T[]> {
  const session = db._.session as unknown as SessionWithPrepare;
  const res = (await session.prepareQuery({ sql: text, params }, undefined, name, false).execute()) as { rows: T[] };
  return res.rows;
}

/** SQL reading a timestamptz as epoch milliseconds (a float8, a number on both drivers), for `namedTextRows`. */
export const epochMs = (expr: string) => `(extract(epoch FROM ${expr}) * 1000)::float8`;

/**
 * For the rest of the transaction, named statements run their generic plan at once (PostgreSQL only). Left to itself
 * PostgreSQL keeps planning a named statement anew at every Bind whenever the generic plan's estimate is not clearly
 * better (an `= ANY($1)` list or a jsonb_to_recordset parameter of unknown size); the batch statements' generic plans
 * are the ones the custom plans pick (index scans on the primary keys), so planning them again buys nothing.
 * Transaction-local: the app's other statements keep PostgreSQL's default.
 */
export async function useGenericPlans(db: Db): Promise<void> {
  await db.execute(sql.raw('SET LOCAL plan_cache_mode = force_generic_plan'));
}

/**
 * `column = ANY($1::text[])`: a list of text values as ONE array parameter, for the batch statements (a batch of a
 * hundred users binds one parameter, not a hundred, and the statement's text does not change with its size).
 */
export function anyText(column: AnyColumn | SQL, values: readonly string[]): SQL {
  return sql`${column} = ANY(${sql.param([...values])}::text[])`;
}
