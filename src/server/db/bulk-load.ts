import { sql } from 'drizzle-orm';
import { inTx, type DataContext } from '../context';
import type { Db } from './client';
import { systemClock } from '../context';

/**
 * Runs a bulk load (seed scripts, benchmarks) in one transaction with the change notifications of
 * drizzle/0016 off: the rows are new, nobody has them cached, and a notification per inserted row would only
 * fill the notification queue.
 */
export function bulkLoad<T>(db: Db, fn: (tx: Db) => Promise<T>): Promise<T>;
export function bulkLoad<C extends DataContext, T>(ctx: C, fn: (tx: C) => Promise<T>): Promise<T>;
export function bulkLoad<T>(source: Db | DataContext, fn: (tx: never) => Promise<T>): Promise<T> {
  const ctx: DataContext = 'now' in source && 'db' in source ? source : { db: source, now: systemClock.now };
  return inTx(ctx, async (tx) => {
    await tx.db.execute(sql`SET LOCAL big7.notify = 'off'`);
    return (fn as (tx: unknown) => Promise<T>)('now' in source && 'db' in source ? tx : tx.db);
  });
}
