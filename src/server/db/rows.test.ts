import { afterAll, describe, expect, it } from 'vitest';
import { createTestDb, testEngines } from '@test/helpers/db';
import { fixedRows, fixedStatement, rowsOf, tableColumns, tableRecordset } from './rows';
import { sql } from 'drizzle-orm';
import { streakStates, users } from './schema/index';
import type { DbHandle } from './client';

describe('fixedStatement', () => {
  it('refuses parameters out of order or reused, and a name given a second text', () => {
    expect(() => fixedStatement('rows_test_order', 'SELECT $2::int, $1::int')).toThrow('use $1, $2, … once each and in order');
    expect(() => fixedStatement('rows_test_twice', 'SELECT $1::int, $1::int')).toThrow('use $1, $2, … once each and in order');
    fixedStatement('rows_test_one', 'SELECT $1::int AS n');
    expect(() => fixedStatement('rows_test_one', 'SELECT $1::int AS m')).toThrow('Statement rows_test_one was given two texts');
  });
});

describe('tableColumns', () => {
  it('lists every column, instants as epoch milliseconds and dates as text, with an optional prefix and pick', () => {
    const all = tableColumns(streakStates, 's');
    expect(all.list).toContain('s.user_id AS user_id');
    expect(all.list).toContain('(extract(epoch FROM s.updated_at) * 1000)::float8 AS updated_at');
    expect(all.list).toContain('s.last_processed_date::text AS last_processed_date');
    const some = tableColumns(users, 'u', { prefix: 'u_', only: ['id', 'createdAt'] });
    expect(some.list).toBe('u.id AS u_id, (extract(epoch FROM u.created_at) * 1000)::float8 AS u_created_at');
    expect(some.row({ u_id: 'a', u_created_at: 86_400_000 })).toEqual({ id: 'a', createdAt: new Date(86_400_000) });
  });
});

describe('tableRecordset', () => {
  it('reads rows back typed as the columns, and fills a missing value with the given SQL', () => {
    const some = tableRecordset(users, ['id', 'createdAt']);
    expect(some.columns).toEqual(['id', 'created_at']);
    expect(some.from('$1')).toBe('jsonb_to_recordset($1::jsonb) AS v(id text, created_at timestamp with time zone)');
    expect(some.select()).toBe('id, created_at');
    expect(some.select({ created_at: 'now()' })).toBe('id, coalesce(created_at, now())');
    expect(JSON.parse(some.json([{ id: 'a', email: 'left out' }]))).toEqual([{ id: 'a', created_at: null }]);
  });
});

describe.each(testEngines())('fixed statements (%s)', (engine) => {
  let handle: DbHandle;
  afterAll(async () => handle?.close());

  it('run with their parameters; on PostgreSQL under their names, one prepared statement per connection', async () => {
    handle = await createTestDb(engine, { poolMax: 1 });
    const db = handle.db;
    const add = fixedStatement('rows_test_add', 'SELECT $1::int + $2::int AS n, cardinality($3::text[]) AS k');
    for (let i = 0; i < 3; i += 1) {
      expect(await fixedRows<{ n: number; k: number }>(db, add, [i, 2, ['a', 'b']])).toEqual([{ n: i + 2, k: 2 }]);
    }
    if (engine !== 'postgres') return;
    const prepared = await rowsOf<{ name: string; statement: string }>(
      db,
      sql`SELECT name, statement FROM pg_prepared_statements WHERE name LIKE 'rows_test_%' ORDER BY name`,
    );
    expect(prepared).toEqual([{ name: 'rows_test_add', statement: add.text }]);
  });
});
