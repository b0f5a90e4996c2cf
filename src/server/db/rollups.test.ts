import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import pg from 'pg';
import { createTestDb, testEngines } from '@test/helpers/db';
import type { DbHandle } from './client';
import { rowsOf } from './rows';

/**
 * The analytics roll-ups of check_ins (decision 019) kept by triggers: an insert counted per statement, grouped
 * (drizzle/0018), a delete or a move per row. Whatever the statements, each roll-up equals a fresh count.
 */
describe.each(testEngines())('the check-in roll-ups, on %s', (engine) => {
  let h: DbHandle & { url?: string };
  beforeAll(async () => {
    h = await createTestDb(engine);
    await h.db.execute(sql`INSERT INTO users (id, email, first_name, created_at) VALUES
      ('r1', 'r1@x.test', 'A', '2026-01-01T00:00:00Z'), ('r2', 'r2@x.test', 'B', '2026-01-02T00:00:00Z'),
      ('r3', 'r3@x.test', 'C', '2026-01-03T00:00:00Z')`);
  });
  afterAll(() => h.close());

  /** Inserts (or, for an existing user and date, replaces the scores of) check-ins, all in one statement. */
  const write = (rows: Array<[user: string, date: string, createdAt: string]>) =>
    h.db.execute(sql`
      INSERT INTO check_ins (id, user_id, local_date, rest_score, exercise_score, nutrition_score, goals_score, boundaries_score,
                             connection_score, joy_score, score, answers, timezone, created_at, updated_at)
      SELECT v.user_id || '-' || v.local_date, v.user_id, v.local_date, 1, 1, 1, 1, 1, 1, 0, 6.0 / 7, '[]'::jsonb, 'UTC',
             v.created_at, v.created_at
      FROM jsonb_to_recordset(${JSON.stringify(rows.map(([user_id, local_date, created_at]) => ({ user_id, local_date, created_at })))}::jsonb)
        AS v(user_id text, local_date text, created_at timestamptz)
      ON CONFLICT (user_id, local_date) DO UPDATE SET joy_score = 1, score = 1, updated_at = excluded.updated_at`);

  /** Rows where a roll-up differs from a fresh count (none when they agree), and the counts by date. */
  async function compare(): Promise<{ badUsers: number; badDates: number; byDate: Record<string, number> }> {
    const [users] = await rowsOf<{ bad: number }>(
      h.db,
      sql`SELECT count(*)::int AS bad FROM user_check_in_stats s
        FULL JOIN (SELECT c.user_id, count(*) AS n, max(c.created_at) AS last, min(u.created_at) AS signed_up
                   FROM check_ins c JOIN users u ON u.id = c.user_id GROUP BY c.user_id) c ON c.user_id = s.user_id
        WHERE s.check_ins IS DISTINCT FROM c.n::int OR s.user_created_at IS DISTINCT FROM c.signed_up
           OR (s.last_check_in_at < c.last)`,
    );
    const dates = await rowsOf<{ local_date: string; rolled: number | null; counted: number | null }>(
      h.db,
      sql`SELECT coalesce(r.local_date, c.local_date) AS local_date, r.rolled, c.counted
        FROM (SELECT local_date, sum(check_ins)::int AS rolled FROM check_in_daily_counts GROUP BY local_date) r
        FULL JOIN (SELECT local_date, count(*)::int AS counted FROM check_ins GROUP BY local_date) c ON c.local_date = r.local_date
        ORDER BY 1`,
    );
    return {
      badUsers: users!.bad,
      badDates: dates.filter((d) => (d.rolled ?? 0) !== (d.counted ?? 0)).length,
      byDate: Object.fromEntries(dates.filter((d) => (d.counted ?? 0) > 0).map((d) => [d.local_date, d.counted!])),
    };
  }

  it('counts the inserted rows of one statement, once each, and not the replaced ones', async () => {
    await write([
      ['r1', '2026-03-01', '2026-03-01T20:00:00Z'],
      ['r2', '2026-03-01', '2026-03-01T20:01:00Z'],
      ['r1', '2026-03-02', '2026-03-02T20:00:00Z'],
    ]);
    expect(await compare()).toEqual({ badUsers: 0, badDates: 0, byDate: { '2026-03-01': 2, '2026-03-02': 1 } });
    // One replacement (r1 on the 2nd) and two new rows in one statement.
    await write([
      ['r1', '2026-03-02', '2026-03-02T21:00:00Z'],
      ['r2', '2026-03-02', '2026-03-02T20:05:00Z'],
      ['r3', '2026-03-02', '2026-03-02T20:06:00Z'],
    ]);
    expect(await compare()).toEqual({ badUsers: 0, badDates: 0, byDate: { '2026-03-01': 2, '2026-03-02': 3 } });
    const [r1] = await rowsOf<{ check_ins: number }>(h.db, sql`SELECT check_ins FROM user_check_in_stats WHERE user_id = 'r1'`);
    expect(r1!.check_ins).toBe(2);
  });

  it('follows a move to another date, a delete and a deleted user', async () => {
    await h.db.execute(sql`UPDATE check_ins SET local_date = '2026-03-03' WHERE id = 'r2-2026-03-02'`);
    expect(await compare()).toEqual({ badUsers: 0, badDates: 0, byDate: { '2026-03-01': 2, '2026-03-02': 2, '2026-03-03': 1 } });
    await h.db.execute(sql`DELETE FROM check_ins WHERE id = 'r1-2026-03-01'`);
    expect(await compare()).toEqual({ badUsers: 0, badDates: 0, byDate: { '2026-03-01': 1, '2026-03-02': 2, '2026-03-03': 1 } });
    await h.db.execute(sql`DELETE FROM users WHERE id = 'r3'`);
    expect(await compare()).toEqual({ badUsers: 0, badDates: 0, byDate: { '2026-03-01': 1, '2026-03-02': 1, '2026-03-03': 1 } });
  });

  it('counts nothing for a rolled-back statement', async () => {
    await h.db
      .transaction(async (tx) => {
        await tx.execute(sql`INSERT INTO check_ins (id, user_id, local_date, rest_score, exercise_score, nutrition_score, goals_score,
          boundaries_score, connection_score, joy_score, score, answers, timezone) VALUES
          ('gone', 'r1', '2026-03-04', 1, 1, 1, 1, 1, 1, 1, 1, '[]', 'UTC')`);
        throw new Error('roll back');
      })
      .catch(() => undefined);
    expect(await compare()).toMatchObject({ badUsers: 0, badDates: 0 });
  });

  it.skipIf(engine !== 'postgres')('two connections count check-ins of one date without waiting for each other', async () => {
    const open = async () => {
      const c = new pg.Client({ connectionString: h.url });
      await c.connect();
      return c;
    };
    const [a, b] = [await open(), await open()];
    try {
      const shard = async (c: pg.Client) => (await c.query<{ s: number }>('SELECT pg_backend_pid() & 63 AS s')).rows[0]!.s;
      // Two connections share a counter row only when their process ids agree in the low six bits (1 in 64).
      if ((await shard(a)) === (await shard(b))) return;
      const insert = (c: pg.Client, user: string) =>
        c.query(`INSERT INTO check_ins (id, user_id, local_date, rest_score, exercise_score, nutrition_score, goals_score,
          boundaries_score, connection_score, joy_score, score, answers, timezone) VALUES
          ($1, $2, '2026-03-05', 1, 1, 1, 1, 1, 1, 1, 1, '[]', 'UTC')`, [`${user}-0305`, user]);
      await a.query('BEGIN');
      await insert(a, 'r1');
      // b inserts for the same date and commits while a's transaction is still open: no wait on a's counter row.
      await b.query(`SET statement_timeout = '5s'`);
      await b.query('BEGIN');
      await insert(b, 'r2');
      await b.query('COMMIT');
      await a.query('COMMIT');
      expect((await compare()).byDate['2026-03-05']).toBe(2);
      expect(await compare()).toMatchObject({ badUsers: 0, badDates: 0 });
    } finally {
      await a.end();
      await b.end();
    }
  });
});
