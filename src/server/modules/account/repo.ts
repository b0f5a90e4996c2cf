import { eq } from 'drizzle-orm';
import type { Db } from '@server/db/client';
import { signinFailures, users } from '@server/db/schema/index';

/**
 * Deletes the user and everything they own, inside the caller's transaction. Every user-owned table references
 * users with ON DELETE CASCADE (sessions, tokens, check-ins, journals, streaks, subscriptions, coupons, rewards,
 * tier changes), so deleting the users row removes those rows; rows tied to the person by something other than
 * a foreign key are deleted here by hand. A table that must outlive the account (payment records, kept for
 * accounting) references users with ON DELETE SET NULL and holds no personal field.
 */
export async function deleteUserAndOwnedRows(tx: Db, user: { id: string; email: string }): Promise<boolean> {
  // Failed sign-in attempts are keyed by the e-mail address, not by the user id.
  await tx.delete(signinFailures).where(eq(signinFailures.email, user.email.toLowerCase()));
  const deleted = await tx.delete(users).where(eq(users.id, user.id)).returning({ id: users.id });
  return deleted.length > 0;
}
