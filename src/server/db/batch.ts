import DataLoader from 'dataloader';
import { PgTransaction } from 'drizzle-orm/pg-core';
import type { Db } from './client';

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
