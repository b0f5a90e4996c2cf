import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { sql } from 'drizzle-orm';
import { createTestDb, testEngines } from '@test/helpers/db';
import { inTx } from '../context';
import type { DbHandle } from './client';
import { bulkLoad } from './bulk-load';

describe.each(testEngines())('the change feed (triggers + LISTEN/NOTIFY), on %s', (engine) => {
  let h: DbHandle;
  const seen: string[] = [];
  const states: boolean[] = [];
  let stop: () => Promise<void>;
  beforeAll(async () => {
    h = await createTestDb(engine);
    stop = await h.changes.subscribe({ onUser: (id) => seen.push(id), onState: (up) => states.push(up) });
  });
  afterAll(async () => {
    await stop();
    await h.close();
  });

  const changed = async (fn: () => Promise<unknown>): Promise<string[]> => {
    seen.length = 0;
    await fn();
    await h.changes.flush();
    return [...new Set(seen)].sort();
  };

  it('announces each committed change to a row a cache holds, with its user', async () => {
    expect(states).toEqual([true]);
    await h.db.execute(sql`INSERT INTO users (id, email, first_name) VALUES ('f1', 'f1@x.test', 'F'), ('f2', 'f2@x.test', 'G')`);
    expect(await changed(() => h.db.execute(sql`UPDATE users SET first_name = 'H' WHERE id = 'f1'`))).toEqual(['f1']);
    expect(
      await changed(() =>
        h.db.execute(sql`INSERT INTO sessions (id, user_id, expires_at) VALUES ('s1', 'f2', now() + interval '1 day')`),
      ),
    ).toEqual([]); // a new session is in nobody's cache
    expect(await changed(() => h.db.execute(sql`DELETE FROM sessions WHERE id = 's1'`))).toEqual(['f2']);
    expect(
      await changed(() =>
        h.db.execute(sql`INSERT INTO streak_states (user_id, timezone) VALUES ('f1', 'UTC'), ('f2', 'UTC')`),
      ),
    ).toEqual(['f1', 'f2']);
    expect(await changed(() => h.db.execute(sql`UPDATE streak_states SET current_streak = 1 WHERE user_id = 'f2'`))).toEqual(['f2']);
    // Check-ins (statement-level triggers, drizzle/0018): each user a statement touched, inserted, changed or deleted.
    const checkIn = (id: string, user: string) =>
      sql`(${id}, ${user}, '2026-03-01', 1, 1, 1, 1, 1, 1, 1, 1, '[]'::jsonb, 'UTC')`;
    expect(
      await changed(() =>
        h.db.execute(sql`INSERT INTO check_ins (id, user_id, local_date, rest_score, exercise_score, nutrition_score, goals_score,
          boundaries_score, connection_score, joy_score, score, answers, timezone) VALUES ${checkIn('c1', 'f1')}, ${checkIn('c2', 'f2')}`),
      ),
    ).toEqual(['f1', 'f2']);
    expect(await changed(() => h.db.execute(sql`UPDATE check_ins SET joy_score = 0 WHERE id = 'c1'`))).toEqual(['f1']);
    expect(await changed(() => h.db.execute(sql`UPDATE check_ins SET joy_score = 0 WHERE id = 'none'`))).toEqual([]);
    expect(await changed(() => h.db.execute(sql`DELETE FROM check_ins WHERE id = 'c2'`))).toEqual(['f2']);
    expect(await changed(() => h.db.execute(sql`DELETE FROM users WHERE id = 'f2'`))).toEqual(['f2']);
  });

  it('says nothing for a rolled-back transaction or a bulk load', async () => {
    expect(
      await changed(() =>
        inTx({ db: h.db, now: () => new Date() }, async (tx) => {
          await tx.db.execute(sql`UPDATE users SET first_name = 'X' WHERE id = 'f1'`);
          throw new Error('roll back');
        }).catch(() => undefined),
      ),
    ).toEqual([]);
    expect(await changed(() => bulkLoad(h.db, (tx) => tx.execute(sql`UPDATE users SET first_name = 'Y' WHERE id = 'f1'`)))).toEqual([]);
  });

  it.skipIf(engine !== 'postgres')('reports down when its connection is cut, and up again once it listens again', async () => {
    states.length = 0;
    await h.db.execute(sql`SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE application_name = 'big7-change-feed' AND datname = current_database()`);
    await vi.waitFor(() => expect(states).toEqual([false, true]), { timeout: 10_000, interval: 50 });
    expect(await changed(() => h.db.execute(sql`UPDATE users SET first_name = 'Z' WHERE id = 'f1'`))).toEqual(['f1']);
  });
});
