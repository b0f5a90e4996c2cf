import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { eq, sql } from 'drizzle-orm';
import { buildTestApp, type TestApp } from '@test/helpers/app';
import { testEngines } from '@test/helpers/db';
import { createUser, signInAs } from '@test/helpers/users';
import { checkIns, jobs, streakLedger, streakStates, users } from '@server/db/schema/index';
import type { UserRow } from '@server/plugins/session';
import { rowsOf } from '@server/db/rows';
import { GroupCommit, type Settled } from './service';

/**
 * POST /api/checkins commits the submissions of the moment together (group commit, decision 030): one
 * transaction, a few statements for all of them. Each submission still gets exactly the answer it would get alone,
 * a refused one writes nothing, and a batch whose transaction fails is run again one submission at a time.
 */
const IN_WINDOW = '2026-03-10T21:00:00.000Z';
const OLD = new Date('2026-01-01T00:00:00Z');
const YES = [true, true, true, true, true, true, true];

/** The `reminders.checked-in-batch` jobs that list this user's check-in. */
async function remindersJobsListing(t: TestApp, userId: string) {
  const queued = await t.app.db.select().from(jobs).where(eq(jobs.kind, 'reminders.checked-in-batch'));
  return queued.filter((j) => (j.payload as { checkIns: { userId: string }[] }).checkIns.some((c) => c.userId === userId));
}

/** Counts the transactions begun on the app's database while `fn` runs. */
async function countTransactions<T>(t: TestApp, fn: () => Promise<T>): Promise<{ result: T; transactions: number }> {
  const spy = vi.spyOn(t.app.db, 'transaction');
  try {
    const result = await fn();
    return { result, transactions: spy.mock.calls.length };
  } finally {
    spy.mockRestore();
  }
}

describe.each(testEngines())('check-ins committed together on %s', (engine) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp(engine, { now: IN_WINDOW });
  });
  afterAll(async () => t.close());

  async function person(t: TestApp, overrides: Partial<UserRow> = {}) {
    const u = await createUser(t.app.db, { createdAt: OLD, firstCheckInCompleted: true, ...overrides });
    return { u, cookie: await signInAs(t.app, u) };
  }
  const post = (t: TestApp, cookie: string, payload: object, key?: string) =>
    t.app.inject({ method: 'POST', url: '/api/checkins', headers: { cookie, ...(key ? { 'idempotency-key': key } : {}) }, payload });

  it('answers each submission of one batch as it would alone: first, milestone, replaced, refused, retried', async () => {
    const first = await person(t, { firstCheckInCompleted: false });
    const milestone = await person(t);
    // 29 days through yesterday: today's check-in reaches the 30-day milestone.
    await t.app.db.insert(streakStates).values({
      userId: milestone.u.id,
      currentStreak: 29,
      bestStreak: 29,
      checkpoint: 21,
      lastCompletedDate: '2026-03-09',
      lastProcessedDate: '2026-03-09',
      timezone: 'UTC',
    });
    const replaced = await person(t);
    expect((await post(t, replaced.cookie, { answers: YES })).statusCode).toBe(201);
    const closed = await person(t, { checkInTime: '23:00' }); // its window opens at 23:00
    const premium = await person(t, { tier: 'premium' }); // answers on the 0–4 scale
    const retried = await person(t);
    const key = '3f2c1a4e-5b6d-4e7f-8a9b-0c1d2e3f4a5b';
    const original = await post(t, retried.cookie, { answers: YES }, key);
    expect(original.statusCode).toBe(201);
    const plain = await Promise.all(Array.from({ length: 6 }, () => person(t)));

    const { result: answers, transactions } = await countTransactions(t, () =>
      Promise.all([
        post(t, first.cookie, { answers: YES }),
        post(t, milestone.cookie, { answers: YES }),
        post(t, replaced.cookie, { answers: [true, false, true, false, true, false, true] }),
        post(t, closed.cookie, { answers: YES }),
        post(t, premium.cookie, { answers: YES }),
        post(t, retried.cookie, { answers: YES }, key),
        ...plain.map((p) => post(t, p.cookie, { answers: YES })),
      ]),
    );
    // Twelve submissions, far fewer transactions (the first may start alone before the others arrive).
    expect(transactions).toBeLessThanOrEqual(3);
    const [a, b, c, d, e, f, ...rest] = answers;
    expect(a!.statusCode).toBe(201);
    expect(a!.json()).toMatchObject({ isFirstCheckIn: true, replaced: false, date: '2026-03-10', celebration: null });
    expect(b!.statusCode).toBe(201);
    expect(b!.json().celebration).toMatchObject({ type: 'milestone', milestone: 30 });
    expect(c!.statusCode).toBe(200);
    expect(c!.json()).toMatchObject({ replaced: true, isFirstCheckIn: false });
    expect(c!.json().score).toBeCloseTo(4 / 7);
    expect(d!.statusCode).toBe(409);
    expect(d!.json().message).toMatch(/opens/i);
    expect(e!.statusCode).toBe(400);
    expect(f!.statusCode).toBe(201);
    expect(f!.json()).toEqual(original.json());
    for (const r of rest) expect(r.statusCode).toBe(201);

    // What was written: each accepted one's row and streak step; nothing for the refused ones.
    const rowsOf = (id: string) => t.app.db.select().from(checkIns).where(eq(checkIns.userId, id));
    const stateOf = async (id: string) => (await t.app.db.select().from(streakStates).where(eq(streakStates.userId, id)))[0];
    expect(await rowsOf(closed.u.id)).toHaveLength(0);
    expect(await rowsOf(premium.u.id)).toHaveLength(0);
    expect(await rowsOf(retried.u.id)).toHaveLength(1);
    expect((await stateOf(milestone.u.id))?.currentStreak).toBe(30);
    expect((await stateOf(first.u.id))?.currentStreak).toBe(1);
    expect((await stateOf(replaced.u.id))?.currentStreak).toBe(1); // replacing today's counts once
    for (const p of plain) expect((await stateOf(p.u.id))?.currentStreak).toBe(1);
    const [flag] = await t.app.db.select({ done: users.firstCheckInCompleted }).from(users).where(eq(users.id, first.u.id));
    expect(flag?.done).toBe(true);
    const ledger = await t.app.db.select().from(streakLedger).where(eq(streakLedger.userId, milestone.u.id));
    expect(ledger.map((l) => l.description)).toEqual([expect.stringContaining('Dedicated Soul reached')]);
    // One reminders job per batch, listing each check-in it created once (the replaced one enqueued nothing new).
    const queued = await t.app.db.select().from(jobs).where(eq(jobs.kind, 'reminders.checked-in-batch'));
    const listed = queued.flatMap((j) => (j.payload as { checkIns: { userId: string }[] }).checkIns.map((c) => c.userId));
    for (const p of [first, milestone, replaced, retried, ...plain]) expect(listed.filter((id) => id === p.u.id)).toHaveLength(1);
    expect(listed).not.toContain(closed.u.id);
    expect(listed).not.toContain(premium.u.id);
    // The concurrent ones: eight check-ins created, in as many jobs as transactions at most.
    const concurrent = new Set([first, milestone, ...plain].map((p) => p.u.id));
    const theirJobs = queued.filter((j) => (j.payload as { checkIns: { userId: string }[] }).checkIns.some((c) => concurrent.has(c.userId)));
    expect(theirJobs.length).toBeLessThanOrEqual(transactions);
  });

  it("a failure inside one person's write fails only that person: the batch runs again one at a time", async () => {
    let failFor = '';
    const hooked = await buildTestApp(engine, { now: IN_WINDOW });
    // A write of the batch's transaction that fails, after the job was written, when the batch holds that person.
    const enqueueMany = hooked.app.jobs.enqueueMany.bind(hooked.app.jobs);
    vi.spyOn(hooked.app.jobs, 'enqueueMany').mockImplementation(async (conn, specs) => {
      const n = await enqueueMany(conn, specs);
      const listed = (specs as readonly { payload: { checkIns?: { userId: string }[] } }[]).flatMap((j) => j.payload.checkIns ?? []);
      if (listed.some((c) => c.userId === failFor)) throw new Error('a write of the check-in failed');
      return n;
    });
    try {
      const people = await Promise.all(Array.from({ length: 5 }, () => person(hooked)));
      failFor = people[2]!.u.id;
      const answers = await Promise.all(people.map((p) => post(hooked, p.cookie, { answers: YES })));
      expect(answers.map((r) => r.statusCode)).toEqual([201, 201, 500, 201, 201]);
      for (const [i, p] of people.entries()) {
        const rows = await hooked.app.db.select().from(checkIns).where(eq(checkIns.userId, p.u.id));
        const [state] = await hooked.app.db.select().from(streakStates).where(eq(streakStates.userId, p.u.id));
        const queued = await remindersJobsListing(hooked, p.u.id);
        if (i === 2) {
          // Nothing of the failed one: no row, no streak step, no job.
          expect(rows).toHaveLength(0);
          expect(state?.currentStreak ?? 0).toBe(0);
        } else {
          expect(rows).toHaveLength(1);
          expect(state?.currentStreak).toBe(1);
          expect(queued).toHaveLength(1);
        }
      }
    } finally {
      await hooked.close();
    }
  });

  it('submissions of many people at once each get their own row and answer', async () => {
    const people = await Promise.all(Array.from({ length: 40 }, (_, i) => person(t, { timezone: i % 2 ? 'Europe/London' : 'UTC' })));
    const answers = await Promise.all(people.map((p, i) => post(t, p.cookie, { answers: YES.map((_, k) => k !== i % 7) })));
    for (const [i, r] of answers.entries()) {
      expect(r.statusCode).toBe(201);
      const [row] = await t.app.db.select().from(checkIns).where(eq(checkIns.userId, people[i]!.u.id));
      expect(row?.id).toBe(r.json().id);
      expect(row?.answers).toEqual(YES.map((_, k) => k !== i % 7));
      expect(r.json().score).toBeCloseTo(6 / 7);
    }
  });

  it('batches of every size, many times over the same connections (named statements on their generic plans), write exactly their own rows', async () => {
    // PostgreSQL plans a named statement anew for its first five runs on a connection, then keeps one generic plan:
    // ten rounds take every batch statement past that, with batches of 1 to 10 people, each round also replacing
    // the previous round's check-ins.
    let previous: Awaited<ReturnType<typeof person>>[] = [];
    for (let round = 1; round <= 10; round++) {
      const people = await Promise.all(Array.from({ length: round }, () => person(t)));
      const answers = await Promise.all([
        ...people.map((p) => post(t, p.cookie, { answers: YES })),
        ...previous.map((p) => post(t, p.cookie, { answers: [true, false, true, true, true, true, true] })),
      ]);
      for (const [i, r] of answers.entries()) {
        const isNew = i < people.length;
        expect(r.statusCode).toBe(isNew ? 201 : 200);
        const who = isNew ? people[i]! : previous[i - people.length]!;
        const rows = await t.app.db.select().from(checkIns).where(eq(checkIns.userId, who.u.id));
        expect(rows.map((row) => row.id)).toEqual([r.json().id]);
        const [state] = await t.app.db.select().from(streakStates).where(eq(streakStates.userId, who.u.id));
        expect(state?.currentStreak).toBe(1);
        expect(state?.lastProcessedDate).toBe('2026-03-10');
        const ledger = await t.app.db.select().from(streakLedger).where(eq(streakLedger.userId, who.u.id));
        expect(ledger.map((l) => l.reason)).toEqual(['check-in']);
        // Listed in one reminders job: created in this round (a replaced one enqueued nothing new).
        expect(await remindersJobsListing(t, who.u.id)).toHaveLength(1);
      }
      previous = people;
    }
    // The generic plans are the batch transaction's choice only: the app's other statements keep PostgreSQL's default.
    if (engine === 'postgres') {
      const modes = await Promise.all(Array.from({ length: 8 }, () => rowsOf<{ plan_cache_mode: string }>(t.app.db, sql`SHOW plan_cache_mode`)));
      for (const [m] of modes) expect(m?.plan_cache_mode).toBe('auto');
    }
  });

  it('Idempotency-Keys of many people in one batch: each stored with its own answer, each retry answers it again', async () => {
    const people = await Promise.all(Array.from({ length: 8 }, () => person(t)));
    const keyOf = (i: number) => `7d1e2f3a-4b5c-4d6e-8f7a-${String(i).padStart(12, '0')}`;
    const bodyOf = (i: number) => ({ answers: YES.map((_, k) => k !== i % 7) });
    const first = await Promise.all(people.map((p, i) => post(t, p.cookie, bodyOf(i), keyOf(i))));
    for (const r of first) expect(r.statusCode).toBe(201);
    // All again at once (one batch), the last with another body under its key: that one is refused.
    const again = await Promise.all(
      people.map((p, i) => post(t, p.cookie, i === people.length - 1 ? { answers: YES } : bodyOf(i), keyOf(i))),
    );
    for (const [i, r] of again.entries()) {
      if (i === people.length - 1) {
        expect(r.statusCode).toBe(422);
      } else {
        expect(r.statusCode).toBe(201);
        expect(r.json()).toEqual(first[i]!.json());
      }
      expect(await t.app.db.select().from(checkIns).where(eq(checkIns.userId, people[i]!.u.id))).toHaveLength(1);
    }
  });
});

/** The batching alone (GroupCommit in service.ts), with a `run` the test drives: no database. */
interface Item {
  key: string;
  n: number;
}

/** A `run` that records each batch it takes and lets the test finish it (as a transaction would commit). */
function harness(opts: { maxBatch?: number; concurrency?: number } = {}) {
  const batches: Item[][] = [];
  const open: Array<{ items: Item[]; finish(answers?: Settled<string>[]): void; fail(err: unknown): void }> = [];
  let beforeTake: () => Promise<void> = async () => {};
  const gc = new GroupCommit<Item, string>(
    async (take) => {
      await beforeTake();
      const items = take();
      batches.push(items);
      return new Promise<Settled<string>[]>((resolve, reject) => {
        open.push({
          items,
          finish: (answers) => resolve(answers ?? items.map((i) => ({ ok: `${i.key}#${i.n}` }))),
          fail: reject,
        });
      });
    },
    { keyOf: (i) => i.key, maxBatch: opts.maxBatch ?? 100, concurrency: opts.concurrency ?? 1 },
  );
  const tick = () => new Promise((r) => setImmediate(r));
  return { gc, batches, open, tick, setBeforeTake: (f: () => Promise<void>) => (beforeTake = f) };
}

describe('GroupCommit', () => {
  it('starts at once when idle, and takes what arrived meanwhile together in the next batch', async () => {
    const h = harness();
    const first = h.gc.submit({ key: 'a', n: 1 });
    await h.tick();
    expect(h.batches).toEqual([[{ key: 'a', n: 1 }]]);
    const rest = ['b', 'c', 'd'].map((key, n) => h.gc.submit({ key, n }));
    await h.tick();
    expect(h.batches).toHaveLength(1); // one batch at a time: the others wait for it
    h.open.shift()!.finish();
    expect(await first).toBe('a#1');
    await h.tick();
    expect(h.batches[1]!.map((i) => i.key)).toEqual(['b', 'c', 'd']);
    h.open.shift()!.finish();
    expect(await Promise.all(rest)).toEqual(['b#0', 'c#1', 'd#2']);
  });

  it('takes its items when its transaction has begun: what arrives while it waits for a connection joins it', async () => {
    const h = harness();
    let begun!: () => void;
    h.setBeforeTake(() => new Promise<void>((r) => (begun = r)));
    const all = ['a', 'b', 'c'].map((key, n) => h.gc.submit({ key, n }));
    await h.tick();
    expect(h.batches).toHaveLength(0);
    begun();
    await h.tick();
    expect(h.batches.map((b) => b.length)).toEqual([3]);
    h.open.shift()!.finish();
    expect(await Promise.all(all)).toEqual(['a#0', 'b#1', 'c#2']);
  });

  it('never puts one key twice in a batch nor in two batches at once, and keeps their order', async () => {
    const h = harness({ concurrency: 2 });
    const a1 = h.gc.submit({ key: 'a', n: 1 });
    const a2 = h.gc.submit({ key: 'a', n: 2 });
    const b1 = h.gc.submit({ key: 'b', n: 1 });
    await h.tick();
    // The first batch took a#1 and b#1; a#2 waits for a's batch although a second slot is free.
    expect(h.batches).toEqual([
      [
        { key: 'a', n: 1 },
        { key: 'b', n: 1 },
      ],
    ]);
    h.open.shift()!.finish();
    await h.tick();
    expect(h.batches[1]).toEqual([{ key: 'a', n: 2 }]);
    h.open.shift()!.finish();
    expect(await Promise.all([a1, a2, b1])).toEqual(['a#1', 'a#2', 'b#1']);
  });

  it('runs up to `concurrency` batches at once, each of at most `maxBatch` items', async () => {
    const h = harness({ concurrency: 2, maxBatch: 2 });
    const first = h.gc.submit({ key: 'x', n: 0 });
    await h.tick();
    const more = ['a', 'b', 'c', 'd', 'e'].map((key, n) => h.gc.submit({ key, n }));
    await h.tick();
    expect(h.batches.map((b) => b.map((i) => i.key))).toEqual([['x'], ['a', 'b']]);
    let mostOpen = h.open.length;
    while (h.open.length) {
      h.open.shift()!.finish();
      await h.tick();
      mostOpen = Math.max(mostOpen, h.open.length);
    }
    expect(mostOpen).toBe(2);
    expect(h.batches.flat().map((i) => i.key)).toEqual(['x', 'a', 'b', 'c', 'd', 'e']);
    expect(Math.max(...h.batches.map((b) => b.length))).toBe(2);
    expect(await first).toBe('x#0');
    expect(await Promise.all(more)).toEqual(['a#0', 'b#1', 'c#2', 'd#3', 'e#4']);
  });

  it("answers each item on its own: one item's refusal is its answer only", async () => {
    const h = harness();
    const a = h.gc.submit({ key: 'a', n: 1 });
    await h.tick();
    h.open.shift()!.finish();
    await a;
    const refused = new Error('outside the window');
    const [b, c] = [h.gc.submit({ key: 'b', n: 1 }), h.gc.submit({ key: 'c', n: 1 })];
    await h.tick();
    h.open.shift()!.finish([{ error: refused }, { ok: 'c done' }]);
    await expect(b).rejects.toBe(refused);
    expect(await c).toBe('c done');
  });

  it('when a batch fails (nothing of it was written), runs each item again alone: only the failing one gets the error', async () => {
    const calls: string[][] = [];
    const gc = new GroupCommit<Item, string>(
      async (take) => {
        const items = take();
        calls.push(items.map((i) => i.key));
        if (items.some((i) => i.key === 'bad')) throw new Error('deadlock detected');
        return items.map((i) => ({ ok: i.key }));
      },
      { keyOf: (i) => i.key, maxBatch: 10, concurrency: 1 },
    );
    const told: string[] = [];
    let release!: () => void;
    // Hold the first batch so the next three are taken together.
    const gate = new Promise<void>((r) => (release = r));
    const gated = new GroupCommit<Item, string>(
      async (take) => {
        const items = take();
        calls.push(items.map((i) => i.key));
        if (items[0]!.key === 'first') await gate;
        if (items.length > 1 && items.some((i) => i.key === 'bad')) throw new Error('deadlock detected');
        if (items.length === 1 && items[0]!.key === 'bad') throw new Error('still failing');
        return items.map((i) => ({ ok: i.key }));
      },
      { keyOf: (i) => i.key, maxBatch: 10, concurrency: 1, onBatchError: (err, items) => told.push(`${(err as Error).message}: ${items.length}`) },
    );
    const first = gated.submit({ key: 'first', n: 0 });
    await new Promise((r) => setImmediate(r));
    const [x, bad, y] = ['x', 'bad', 'y'].map((key) => gated.submit({ key, n: 0 }));
    release();
    expect(await first).toBe('first');
    expect(await x).toBe('x');
    await expect(bad).rejects.toThrow('still failing');
    expect(await y).toBe('y');
    expect(calls).toEqual([['first'], ['x', 'bad', 'y'], ['x'], ['bad'], ['y']]);
    expect(told).toEqual(['deadlock detected: 3']);
    // The plain runner: a lone failing item gets the batch's own error.
    await expect(gc.submit({ key: 'bad', n: 0 })).rejects.toThrow('deadlock detected');
  });

  it('a batch that fails before taking anything (no connection) fails what waits, with no retry loop', async () => {
    let runs = 0;
    const down = new Error('connection refused');
    const gc = new GroupCommit<Item, string>(
      async () => {
        runs += 1;
        throw down;
      },
      { keyOf: (i) => i.key, maxBatch: 10, concurrency: 1 },
    );
    const all = ['a', 'b'].map((key) => gc.submit({ key, n: 0 }).catch((e: unknown) => e));
    expect(await Promise.all(all)).toEqual([down, down]);
    // One run for the batch, then one each alone: bounded, and nothing is left waiting.
    expect(runs).toBeLessThanOrEqual(3);
    expect(gc.waiting).toBe(0);
  });
});
