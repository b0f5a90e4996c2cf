import { and, count, desc, eq } from 'drizzle-orm';
import type { Db } from '@server/db/client';
import { feedback } from '@server/db/schema/index';

/**
 * The feedback inbox: reads and writes across every user's feedback, for admins only (the routes are guarded by
 * requireAdmin). Deliberately apart from the user-scoped feedback repo.
 */
export type InboxRow = typeof feedback.$inferSelect;

export async function listAll(db: Db): Promise<InboxRow[]> {
  return db.select().from(feedback).orderBy(desc(feedback.createdAt), desc(feedback.id));
}

export async function countUnread(db: Db): Promise<number> {
  const [row] = await db.select({ n: count() }).from(feedback).where(eq(feedback.read, false));
  return Number(row?.n ?? 0);
}

/** Marks one item read (the first read time is kept); undefined when there is no such item. */
export async function markRead(db: Db, id: string, at: Date): Promise<InboxRow | undefined> {
  await db
    .update(feedback)
    .set({ read: true, readAt: at })
    .where(and(eq(feedback.id, id), eq(feedback.read, false)));
  const [row] = await db.select().from(feedback).where(eq(feedback.id, id)).limit(1);
  return row;
}

/** Deletes one item; false when there was none. */
export async function remove(db: Db, id: string): Promise<boolean> {
  const rows = await db.delete(feedback).where(eq(feedback.id, id)).returning({ id: feedback.id });
  return rows.length > 0;
}
