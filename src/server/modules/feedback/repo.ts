import { asc, eq } from 'drizzle-orm';
import type { Db } from '@server/db/client';
import { feedback } from '@server/db/schema/index';

export type FeedbackRow = typeof feedback.$inferSelect;

/** Stores one message from the user (the only user-scoped write; the inbox lives in admin-feedback). */
export async function insertFeedback(
  db: Db,
  userId: string,
  row: { name: string; email: string | null; message: string; createdAt: Date },
): Promise<FeedbackRow> {
  const [created] = await db
    .insert(feedback)
    .values({ userId, ...row })
    .returning();
  return created!;
}

/** The messages the user sent, oldest first (the data export). */
export function listSentBy(db: Db, userId: string): Promise<FeedbackRow[]> {
  return db.select().from(feedback).where(eq(feedback.userId, userId)).orderBy(asc(feedback.createdAt));
}
