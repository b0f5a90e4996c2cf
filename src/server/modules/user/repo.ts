import { eq } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { users } from '../../db/schema/index';

export async function setTimezone(db: Db, userId: string, timezone: string, at: Date) {
  const rows = await db.update(users).set({ timezone, updatedAt: at }).where(eq(users.id, userId)).returning();
  return rows[0];
}
