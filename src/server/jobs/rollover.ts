import { inTx, withNow, type DataContext } from '../context';
import * as streaks from '../modules/streaks/service';
import * as subscriptions from '../modules/subscriptions/service';

export interface RolloverTickOptions {
  /** Users per transaction. */
  batchSize?: number;
  /** Stop after this many batches (the next tick continues). */
  maxBatches?: number;
  /** Test hook, called inside each batch's transaction after its writes: throwing rolls the batch back. */
  afterBatchWrites?: (batch: number, userIds: string[]) => void | Promise<void>;
}

export interface RolloverTickResult {
  users: number;
  batches: number;
  trialsExpired: number;
}

/**
 * Settles one batch of due users in one transaction (the streaks service's settleDueBatch: rows locked with
 * FOR UPDATE SKIP LOCKED, so concurrent runners on other instances take other users). A crash rolls the whole
 * batch back; the rows stay due and the next runner takes them. Returns the users settled.
 */
export async function rolloverBatch(ctx: DataContext, limit: number, batchNo = 0, opts: RolloverTickOptions = {}): Promise<number> {
  return inTx(ctx, async (tx) => {
    const ids = await streaks.settleDueBatch(tx, limit);
    if (ids.length) await opts.afterBatchWrites?.(batchNo, ids);
    return ids.length;
  });
}

/** Ends due trials and paid periods (selected by index, locked with SKIP LOCKED). */
export async function expireDueTrials(ctx: DataContext, limit: number): Promise<number> {
  return inTx(ctx, (tx) => subscriptions.expireDueTrials(tx, limit));
}

/** One tick at one instant (`ctx.now()` read once): settle every due user in batches, then end due trials. */
export async function rolloverTick(ctx: DataContext, opts: RolloverTickOptions = {}): Promise<RolloverTickResult> {
  const at = withNow(ctx, ctx.now());
  const batchSize = opts.batchSize ?? 1000;
  const maxBatches = opts.maxBatches ?? Number.POSITIVE_INFINITY;
  let usersDone = 0;
  let batches = 0;
  while (batches < maxBatches) {
    const n = await rolloverBatch(at, batchSize, batches, opts);
    if (n === 0) break;
    usersDone += n;
    batches += 1;
    if (n < batchSize) break;
  }
  let trialsExpired = 0;
  for (;;) {
    const n = await expireDueTrials(at, 200);
    trialsExpired += n;
    if (n < 200) break;
  }
  return { users: usersDone, batches, trialsExpired };
}
