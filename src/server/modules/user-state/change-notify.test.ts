import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { createTestDb, testEngines } from '@test/helpers/db';
import type { DbHandle } from '@server/db/client';
import { userStateQuery } from './repo';

/** The tables a statement reads: every name after FROM or JOIN (a LATERAL subquery's too). */
export function tablesRead(text: string): string[] {
  const names = [...text.matchAll(/\b(?:from|join)\s+(?:lateral\s*\(\s*select[\s\S]*?\bfrom\s+)?"(\w+)"/gi)].map((m) => m[1]!);
  return [...new Set(names)].sort();
}

describe('tablesRead', () => {
  it('finds the tables after FROM and JOIN, inside a lateral subquery too', () => {
    expect(tablesRead('select 1 from "a" left join "b" on true left join lateral (select x from "c" where 1) "l" on true')).toEqual(['a', 'b', 'c']);
  });
});

describe.each(testEngines())("the user state's tables announce their changes (the change feed), on %s", (engine) => {
  let h: DbHandle;
  beforeAll(async () => {
    h = await createTestDb(engine);
  });
  afterAll(async () => h.close());

  it('every table the state query reads has a change-notify trigger for the changes a cached state could miss', async () => {
    const read = tablesRead(userStateQuery(h.db).toSQL().sql);
    // The query reads at least these; a join added later is checked the same way.
    expect(read).toEqual(expect.arrayContaining(['check_ins', 'journal_entries', 'streak_frozen_days', 'streak_states', 'subscriptions', 'users']));
    type Trigger = { table: string; event: string };
    const triggers = (await h.db.execute(sql`
      SELECT event_object_table AS "table", event_manipulation AS "event"
      FROM information_schema.triggers
      WHERE action_statement ILIKE '%big7_notify_user%'`)) as unknown as { rows: Trigger[] } | Trigger[];
    const rows = Array.isArray(triggers) ? triggers : triggers.rows;
    const events = (table: string) => new Set(rows.filter((r) => r.table === table).map((r) => r.event));
    const missing = read.flatMap((table) =>
      // A new user's row is in nobody's cache (their first read reads it); every other change must be announced.
      (table === 'users' ? ['UPDATE', 'DELETE'] : ['INSERT', 'UPDATE', 'DELETE']).filter((e) => !events(table).has(e)).map((e) => `${table} ${e}`),
    );
    expect(missing).toEqual([]);
  });
});
