import { sql } from 'drizzle-orm';
import type { Db } from '../db/client';
import { deleteStaleAuthRows, type AuthCleanupCounts } from '../modules/auth/service';
import { OFFLINE_SYNC_HOURS } from '@shared/domain/check-in-window';

export type CleanupResult = AuthCleanupCounts & { idempotencyKeys: number };

/**
 * How long a check-in's Idempotency-Key answer is kept (decision 022): a client retries a queued check-in for at
 * most OFFLINE_SYNC_HOURS after it was made (then drops it, and the server refuses a made-at that old), so after
 * that long no retry can come for a key stored at its first arrival.
 */
export const IDEMPOTENCY_KEY_RETENTION_MS = OFFLINE_SYNC_HOURS * 60 * 60 * 1000;

/**
 * Deletes at most `limit` Idempotency-Key rows stored before `before`, through check_in_idempotency_created_idx;
 * rows another clean-up holds are skipped, not awaited. One short statement.
 */
export async function deleteIdempotencyKeysBefore(db: Db, before: Date, limit: number): Promise<number> {
  const res = (await db.execute(sql`DELETE FROM check_in_idempotency_keys WHERE (user_id, key) IN (
      SELECT user_id, key FROM check_in_idempotency_keys WHERE created_at < ${before.toISOString()}::timestamptz
      LIMIT ${limit} FOR UPDATE SKIP LOCKED)
    RETURNING 1 AS gone`)) as unknown as { rows: unknown[] };
  return res.rows.length;
}

/**
 * The periodic clean-up: deletes expired sessions, used or long-expired e-mail tokens, old sign-in failure rows
 * and check-in Idempotency-Key rows older than 48 hours, in bounded batches, and says how many of each. It knows
 * nothing of scheduling (the jobs plugin runs it every hour) and is safe to run on several instances at once.
 */
export async function cleanupExpired(db: Db, now: Date, opts: { batchSize?: number } = {}): Promise<CleanupResult> {
  const auth = await deleteStaleAuthRows(db, now, opts);
  const batchSize = opts.batchSize ?? 1000;
  const before = new Date(now.getTime() - IDEMPOTENCY_KEY_RETENTION_MS);
  let idempotencyKeys = 0;
  for (;;) {
    const n = await deleteIdempotencyKeysBefore(db, before, batchSize);
    idempotencyKeys += n;
    if (n < batchSize) break;
  }
  return { ...auth, idempotencyKeys };
}
