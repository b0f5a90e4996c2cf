import { sql } from 'drizzle-orm';
import { inTx } from '../context';
import type { Db } from './client';

/**
 * Runs a bulk load (seed scripts, benchmarks) in one transaction with the change notifications of
 * drizzle/0015 off: the rows are new, nobody has them cached, and a notification per inserted row would only
 * fill the notification queue.
 */
export function bulkLoad<T>(db: Db, fn: (tx: Db) => Promise<T>): Promise<T> {
  return inTx(db, async (tx) => {
    await tx.execute(sql`SET LOCAL big7.notify = 'off'`);
    return fn(tx);
  });
}
