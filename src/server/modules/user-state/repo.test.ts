import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { addLocalDays, localDateOf } from '@shared/domain/dates';
import { createTestDb, testEngines } from '@test/helpers/db';
import { createUser } from '@test/helpers/users';
import type { DbHandle } from '@server/db/client';
import { checkIns, streakFrozenDays, streakStates } from '@server/db/schema/index';
import { readUserStateRows } from './repo';

const NOW = new Date('2026-03-10T11:30:00Z');
/** Three local dates at NOW: 2026-03-11 (UTC+14), 2026-03-10 (UTC), 2026-03-09 (UTC-12). */
const ZONES = ['Pacific/Kiritimati', 'UTC', 'Etc/GMT+12'] as const;
const scores = { restScore: 1, exerciseScore: 1, nutritionScore: 1, goalsScore: 1, boundariesScore: 1, connectionScore: 1, joyScore: 1 };

/** The database's client (the pool or PGlite), whose `query` each statement goes through. */
const clientOf = (h: DbHandle) => (h.db as unknown as { session: { client: { query: (...a: unknown[]) => Promise<unknown> } } }).session.client;

describe.each(testEngines())('the batched user-state read on %s', (engine) => {
  let h: DbHandle;
  const people: { id: string; zone: string; today: string; yesterday: string; score: number; streak: number }[] = [];

  beforeAll(async () => {
    h = await createTestDb(engine);
    for (let i = 0; i < 12; i++) {
      const zone = ZONES[i % ZONES.length]!;
      const today = localDateOf(NOW, zone);
      const yesterday = addLocalDays(today, -1);
      const user = await createUser(h.db, { timezone: zone, firstName: `P${i}` });
      await h.db.insert(streakStates).values({ userId: user.id, timezone: zone, currentStreak: i, bestStreak: i, lastProcessedDate: yesterday });
      // A check-in on each of the three dates, each with its own score: the wrong date's join would show another.
      for (const [k, z] of ZONES.entries()) {
        const score = i * 10 + k;
        await h.db.insert(checkIns).values({ userId: user.id, localDate: localDateOf(NOW, z), ...scores, score, answers: [], timezone: zone });
      }
      if (i % 2 === 0) await h.db.insert(streakFrozenDays).values({ userId: user.id, date: yesterday });
      people.push({ id: user.id, zone, today, yesterday, score: i * 10 + (i % ZONES.length), streak: i });
    }
    expect(new Set(people.map((p) => p.today)).size).toBe(3);
  });
  afterAll(async () => h.close());

  async function counted<T>(fn: () => Promise<T>): Promise<{ value: T; statements: number }> {
    const spy = vi.spyOn(clientOf(h), 'query');
    try {
      return { value: await fn(), statements: spy.mock.calls.length };
    } finally {
      spy.mockRestore();
    }
  }

  it('answers N concurrent reads of N users (each with their own dates) in one statement, each its own row', async () => {
    // Repeated and interleaved: the same user twice in a batch, and a user with no row.
    const asks = [...people, ...people.slice(0, 4).reverse(), { id: 'nobody', today: '2026-03-10', yesterday: '2026-03-09' }];
    const { value, statements } = await counted(() => Promise.all(asks.map((p) => readUserStateRows(h.db, p.id, p.today, p.yesterday))));
    expect(statements).toBe(1);
    value.forEach((rows, k) => {
      const p = asks[k]!;
      if (!('streak' in p)) return expect(rows).toBeUndefined();
      expect(rows?.user.id).toBe(p.id);
      expect(rows?.state?.currentStreak).toBe(p.streak);
      expect(rows?.today?.localDate).toBe(p.today);
      expect(rows?.today?.score).toBe(p.score);
      expect(rows?.yesterdayFrozen).toBe(p.streak % 2 === 0 ? p.yesterday : null);
      expect(rows?.latestDate).toBe(localDateOf(NOW, 'Pacific/Kiritimati'));
    });
    // A key asked twice in one batch is read once: both callers get that one row.
    for (let k = 0; k < 4; k++) expect(value[people.length + k]).toBe(value[3 - k]);
  });

  it('the same user asked for two different dates in one batch gets each date its own answer', async () => {
    const p = people[1]!;
    const other = addLocalDays(p.today, 1);
    const [a, b] = await Promise.all([readUserStateRows(h.db, p.id, p.today, p.yesterday), readUserStateRows(h.db, p.id, other, p.today)]);
    expect(a?.today?.localDate).toBe(p.today);
    expect(b?.today?.localDate).toBe(other);
  });

  it('a failed statement fails every caller of its batch with its error, and the next batch reads again', async () => {
    const spy = vi.spyOn(clientOf(h), 'query').mockRejectedValueOnce(new Error('database down'));
    let results: PromiseSettledResult<unknown>[];
    try {
      results = await Promise.allSettled(people.map((p) => readUserStateRows(h.db, p.id, p.today, p.yesterday)));
      expect(spy).toHaveBeenCalledTimes(1);
    } finally {
      spy.mockRestore();
    }
    expect(results.map((r) => r.status)).toEqual(people.map(() => 'rejected'));
    const reasons = results.map((r) => (r as PromiseRejectedResult).reason as Error & { cause?: Error });
    // The statement's error (drizzle's, whose cause is the driver's), the same for every caller of the batch.
    expect(new Set(reasons).size).toBe(1);
    expect(reasons[0]?.cause?.message ?? reasons[0]?.message).toBe('database down');
    const again = await Promise.all(people.map((p) => readUserStateRows(h.db, p.id, p.today, p.yesterday)));
    expect(again.map((r) => r?.user.id)).toEqual(people.map((p) => p.id));
  });

  it('inside a transaction a read runs alone on the transaction, as before', async () => {
    const p = people[2]!;
    const rows = await h.db.transaction(async (tx) => readUserStateRows(tx, p.id, p.today, p.yesterday));
    expect(rows?.user.id).toBe(p.id);
    expect(rows?.today?.score).toBe(p.score);
  });
});
