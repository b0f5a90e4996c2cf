import DataLoader from 'dataloader';
import { getTableColumns, sql, type AnyColumn, type SQL } from 'drizzle-orm';
import { PgDialect, PgTransaction, type PgTable } from 'drizzle-orm/pg-core';
import type { Db } from './client';

/**
 * How the app runs its statements and maps their rows (issue 27: one file): raw statements (`rowsOf`), named and fixed
 * prepared statements (decision 032) with their column lists, row mappers and jsonb recordsets generated from the
 * Drizzle tables, and concurrent reads of one kind sent as one statement (`batchedRead`, decisions 016 and 031).
 */

/**
 * Runs one raw SQL statement (`db.execute`) and returns its rows, the same shape on PGlite and node-postgres (both
 * answer `{ rows }`; Drizzle's type for it differs by driver, so the one cast lives here). For aggregates and for
 * the few statements the query builder cannot write (DELETE … IN (SELECT … FOR UPDATE SKIP LOCKED)).
 */
export async function rowsOf<T>(db: Db, query: SQL): Promise<T[]> {
  const res = (await db.execute(query)) as unknown as { rows: T[] };
  return res.rows;
}

/** Statement text → its name, for every named statement (decision 032). A name keeps one text. */
const NAMES = new Map<string, string>();
const TEXTS = new Map<string, string>();

function nameText(name: string, text: string): void {
  if (NAMES.get(text) === name) return;
  const known = TEXTS.get(name);
  if (known !== undefined && known !== text) throw new Error(`Statement ${name} was given two texts; a name keeps one text (decision 032).`);
  TEXTS.set(name, text);
  NAMES.set(text, name);
}

/** What `nameStatements` needs of a node-postgres client: its `query` method. */
interface QueryingClient {
  query: (...args: never[]) => unknown;
}

/**
 * Makes a node-postgres pool client run every registered statement text (fixedStatement) as a NAMED
 * prepared statement: Drizzle hands the client `{ text }`, and this adds the name. `pool.on('connect', …)` calls it
 * once per new connection (db/client.ts); PGlite has no named statements and needs nothing.
 */
export function nameStatements(client: QueryingClient): void {
  const query = client.query.bind(client) as (config: unknown, ...rest: unknown[]) => unknown;
  client.query = ((config: unknown, ...rest: unknown[]) => {
    if (config !== null && typeof config === 'object' && 'text' in config && !('name' in config && config.name)) {
      const name = NAMES.get(String(config.text));
      if (name) return query({ ...config, name }, ...rest);
    }
    return query(config, ...rest);
  }) as QueryingClient['query'];
}

/** A named statement whose text is fixed once (fixedStatement). */
export interface FixedStatement {
  readonly name: string;
  readonly text: string;
  /** The statement with these values for `$1…`, in order. */
  with(params: readonly unknown[]): SQL;
}

const dialect = new PgDialect();

/**
 * A NAMED prepared statement from its text, fixed once at module load (decision 032): no query builder at each
 * call — building a select with a lateral join, or an upsert, cost more of the server than running it. `$1…` in the
 * text, each once and in order (the text is checked here); rows as the driver answers them (column names as in the
 * text; instants as epoch milliseconds: `epochMs`, or the mappers of `tableColumns`).
 */
export function fixedStatement(name: string, text: string): FixedStatement {
  const parts = text.split(/\$\d+\b/);
  const used = [...text.matchAll(/\$(\d+)\b/g)].map((m) => Number(m[1]));
  if (used.some((n, i) => n !== i + 1)) throw new Error(`Statement ${name}: use $1, $2, … once each and in order.`);
  const build = (params: readonly unknown[]) =>
    sql.join(parts.flatMap((part, i) => (i === 0 ? [sql.raw(part)] : [sql.param(params[i - 1]), sql.raw(part)])));
  const rendered = dialect.sqlToQuery(build(used.map(() => null))).sql;
  if (rendered !== text) throw new Error(`Statement ${name}: Drizzle renders its text differently.`);
  nameText(name, text);
  return { name, text, with: build };
}

/** Runs a fixed statement with its parameters; its rows as the driver answers them. */
export async function fixedRows<T>(db: Db, statement: FixedStatement, params: readonly unknown[]): Promise<T[]> {
  return rowsOf<T>(db, statement.with(params));
}

/** SQL reading a timestamptz as epoch milliseconds (a float8, a number on both drivers), for fixed statements. */
export const epochMs = (expr: string) => `(extract(epoch FROM ${expr}) * 1000)::float8`;

/** An instant column read as a Date (Drizzle's `timestamp(…, { mode: 'date' })`). */
const isInstant = (column: AnyColumn) => column.columnType === 'PgTimestamp' && column.dataType === 'date';

/**
 * A table's columns for a fixed statement, generated from its Drizzle definition: `list`, the select-list text
 * (`alias.column AS prefixcolumn`; instants as epoch milliseconds, dates as text), and `row`, the mapper from a
 * result row back to the row type the query builder reads. `only` picks some columns (by property name); a column
 * added to the table is read and mapped with the others.
 */
export function tableColumns<T extends PgTable, K extends keyof T['$inferSelect'] & string = keyof T['$inferSelect'] & string>(
  table: T,
  alias: string,
  opts: { prefix?: string; only?: readonly K[] } = {},
): { list: string; row: (r: Record<string, unknown>) => Pick<T['$inferSelect'], K> } {
  const prefix = opts.prefix ?? '';
  const picked = Object.entries(getTableColumns(table) as Record<string, AnyColumn>).filter(
    ([key]) => !opts.only || (opts.only as readonly string[]).includes(key),
  );
  const list = picked
    .map(([, c]) => {
      const expr = `${alias}.${c.name}`;
      const value = isInstant(c) ? epochMs(expr) : c.getSQLType() === 'date' ? `${expr}::text` : expr;
      return `${value} AS ${prefix}${c.name}`;
    })
    .join(', ');
  const fields = picked.map(([key, c]) => [key, `${prefix}${c.name}`, isInstant(c)] as const);
  const row = (r: Record<string, unknown>) => {
    const out: Record<string, unknown> = {};
    for (const [key, field, instant] of fields) {
      const v = r[field];
      out[key] = instant && v !== null ? new Date(v as number) : v;
    }
    return out as Pick<T['$inferSelect'], K>;
  };
  return { list, row };
}

/**
 * Rows of a table as ONE jsonb parameter (decision 032: a batch binds one parameter, whatever its size), generated
 * from the table's Drizzle definition: `json(rows)` makes the parameter from rows keyed by property (values of other
 * keys are left out; instants as ISO text), `from(param)` is the `jsonb_to_recordset(…) AS v(…)` that reads it back
 * typed as the table's columns, `columns` lists the column names in that order, and `select(defaults)` is the select
 * list over `v` that fills a missing value with the given SQL (`{ created_at: 'now()' }`: a row without its
 * creation instant is stamped by the database). `only` picks some columns.
 */
export function tableRecordset<T extends PgTable>(table: T, only?: readonly (keyof T['$inferInsert'] & string)[]) {
  const picked = Object.entries(getTableColumns(table) as Record<string, AnyColumn>).filter(
    ([key]) => !only || (only as readonly string[]).includes(key),
  );
  const columns = picked.map(([, c]) => c.name);
  const shape = picked.map(([, c]) => `${c.name} ${c.getSQLType()}`).join(', ');
  const json = (rows: readonly Partial<Record<keyof T['$inferInsert'], unknown>>[]): string =>
    JSON.stringify(
      rows.map((r) => {
        const out: Record<string, unknown> = {};
        for (const [key, c] of picked) {
          const v = (r as Record<string, unknown>)[key];
          // An instant as its ISO text here: a Date left to JSON.stringify (toJSON) takes V8 off its fast path, ~2× slower.
          out[c.name] = v instanceof Date ? v.toISOString() : (v ?? null);
        }
        return out;
      }),
    );
  const select = (defaults: Readonly<Record<string, string>> = {}): string =>
    columns.map((c) => (defaults[c] ? `coalesce(${c}, ${defaults[c]})` : c)).join(', ');
  return { columns, json, select, from: (param: string) => `jsonb_to_recordset(${param}::jsonb) AS v(${shape})` };
}

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

/**
 * Reads of one kind made at about the same time by concurrent requests, sent as ONE statement (decisions
 * 016 and 031): the DataLoader pattern. Every `load` made before the event loop's next check phase (setImmediate —
 * i.e. by all the requests parsed in the same turn, and by the continuations of the previous batch) joins one
 * batch; the batch function answers each key in order. A quiet server pays one loop turn (microseconds) per read.
 *
 * The loader caches nothing (`cache: false`): a key loaded twice is read twice, and what may be kept across
 * requests is the SessionCache's business (with its tickets, taken by each caller before its load). A failed
 * statement rejects every caller of its batch with the error.
 *
 * One loader per database handle; a transaction (or a handle that is not the app's) never joins a batch: its
 * reads run alone, on its own connection, as they would without batching.
 */
export interface BatchedRead<K, V> {
  load(db: Db, key: K): Promise<V>;
}

/** Keys per statement, at most: larger batches are split (DataLoader's `maxBatchSize`). */
export const MAX_BATCH = 256;

export function batchedRead<K, V>(read: (db: Db, keys: readonly K[]) => Promise<readonly V[]>): BatchedRead<K, V> {
  const loaders = new WeakMap<Db, DataLoader<K, V>>();
  const answerEach = async (db: Db, keys: readonly K[]): Promise<readonly V[]> => {
    const values = await read(db, keys);
    if (values.length !== keys.length) throw new Error(`A batched read answered ${values.length} values for ${keys.length} keys`);
    return values;
  };
  return {
    async load(db, key) {
      // A transaction's reads run alone, on its connection (never batched with other callers').
      if ((db as unknown) instanceof PgTransaction) return (await answerEach(db, [key]))[0] as V;
      let loader = loaders.get(db);
      if (!loader) {
        loader = new DataLoader<K, V>((keys) => answerEach(db, keys), {
          cache: false,
          maxBatchSize: MAX_BATCH,
          batchScheduleFn: (run) => setImmediate(run),
        });
        loaders.set(db, loader);
      }
      return loader.load(key);
    },
  };
}
