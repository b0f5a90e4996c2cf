import type { DataContext } from '../context';
import { deleteStaleAuthRows, type AuthCleanupCounts } from '../modules/auth/service';
import { deleteStaleIdempotencyKeys } from '../modules/check-ins/service';

export type CleanupResult = AuthCleanupCounts & { idempotencyKeys: number };

/**
 * The periodic clean-up: deletes expired sessions, used or long-expired e-mail tokens, old sign-in failure rows
 * (the auth service) and check-in Idempotency-Key rows older than 48 hours (the check-ins service), each in bounded
 * batches, and says how many of each. It knows nothing of scheduling (the jobs plugin runs it every hour) nor of
 * the tables (each owner deletes its own rows), and is safe to run on several instances at once.
 */
export async function cleanupExpired(ctx: DataContext, opts: { batchSize?: number } = {}): Promise<CleanupResult> {
  const auth = await deleteStaleAuthRows(ctx, opts);
  const idempotencyKeys = await deleteStaleIdempotencyKeys(ctx, opts);
  return { ...auth, idempotencyKeys };
}
