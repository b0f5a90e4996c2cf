import { describe, expect, it } from 'vitest';
import { GroupCommit, type Settled } from './group-commit';

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
