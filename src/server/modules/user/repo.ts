import { eq } from 'drizzle-orm';
import type { Db } from '@server/db/client';
import { users } from '@server/db/schema/index';

export async function setTimezone(db: Db, userId: string, timezone: string, at: Date) {
  const rows = await db.update(users).set({ timezone, updatedAt: at }).where(eq(users.id, userId)).returning();
  return rows[0];
}

/** Writes the given profile fields (already validated). */
export async function updateProfile(
  db: Db,
  userId: string,
  fields: { firstName?: string; age?: number; gender?: (typeof users.$inferInsert)['gender'] },
  at: Date,
) {
  const rows = await db
    .update(users)
    .set({ ...fields, updatedAt: at })
    .where(eq(users.id, userId))
    .returning();
  return rows[0];
}
