import type { Db } from '../db/client';
import { deleteStaleAuthRows, type AuthCleanupCounts } from '../modules/auth/service';

export type CleanupResult = AuthCleanupCounts;

/**
 * The periodic clean-up: deletes expired sessions, used or long-expired e-mail tokens and old sign-in failure
 * rows, in bounded batches, and says how many of each. It knows nothing of scheduling (the jobs plugin runs it
 * every hour today; a job queue may run it later) and is safe to run on several instances at once.
 */
export async function cleanupExpired(db: Db, now: Date, opts: { batchSize?: number } = {}): Promise<CleanupResult> {
  return deleteStaleAuthRows(db, now, opts);
}
