import { and, asc, count, desc, eq, gt, sql } from 'drizzle-orm';
import type { Db } from '@server/db/client';
import { coachConversations, coachMessages } from '@server/db/schema/index';

export type ConversationRow = typeof coachConversations.$inferSelect;
export type MessageRow = typeof coachMessages.$inferSelect;

/** The user's conversations, newest first. */
export function listConversations(db: Db, userId: string): Promise<ConversationRow[]> {
  return db
    .select()
    .from(coachConversations)
    .where(eq(coachConversations.userId, userId))
    .orderBy(desc(coachConversations.createdAt), desc(coachConversations.id));
}

export async function findConversation(db: Db, userId: string, id: string): Promise<ConversationRow | null> {
  const rows = await db
    .select()
    .from(coachConversations)
    .where(and(eq(coachConversations.userId, userId), eq(coachConversations.id, id)))
    .limit(1);
  return rows[0] ?? null;
}

export async function createConversation(db: Db, userId: string, title: string, now: Date): Promise<ConversationRow> {
  const rows = await db.insert(coachConversations).values({ userId, title, createdAt: now, updatedAt: now }).returning();
  return rows[0]!;
}

export async function touchConversation(db: Db, userId: string, id: string, now: Date): Promise<void> {
  await db
    .update(coachConversations)
    .set({ updatedAt: now })
    .where(and(eq(coachConversations.userId, userId), eq(coachConversations.id, id)));
}

/** Deletes the conversation (its messages go with it); true when there was one. */
export async function deleteConversation(db: Db, userId: string, id: string): Promise<boolean> {
  const rows = await db
    .delete(coachConversations)
    .where(and(eq(coachConversations.userId, userId), eq(coachConversations.id, id)))
    .returning({ id: coachConversations.id });
  return rows.length > 0;
}

export async function addMessage(
  db: Db,
  m: { userId: string; conversationId: string; role: 'user' | 'assistant'; content: string; now: Date },
): Promise<MessageRow> {
  const rows = await db
    .insert(coachMessages)
    .values({ userId: m.userId, conversationId: m.conversationId, role: m.role, content: m.content, createdAt: m.now })
    .returning();
  return rows[0]!;
}

/** A conversation's messages in order (oldest first); `last` keeps only the latest ones. */
export async function listMessages(db: Db, userId: string, conversationId: string, last?: number): Promise<MessageRow[]> {
  const where = and(eq(coachMessages.userId, userId), eq(coachMessages.conversationId, conversationId));
  if (!last) return db.select().from(coachMessages).where(where).orderBy(asc(coachMessages.seq));
  const rows = await db.select().from(coachMessages).where(where).orderBy(desc(coachMessages.seq)).limit(last);
  return rows.reverse();
}

/** The user's questions since `since` (the per-user ask limit). */
export async function countQuestionsSince(db: Db, userId: string, since: Date): Promise<number> {
  const rows = await db
    .select({ n: count() })
    .from(coachMessages)
    .where(and(eq(coachMessages.userId, userId), eq(coachMessages.role, 'user'), gt(coachMessages.createdAt, since)));
  return Number(rows[0]?.n ?? 0);
}

/** The oldest of the user's questions since `since` (when the limit frees up again). */
export async function oldestQuestionSince(db: Db, userId: string, since: Date): Promise<Date | null> {
  const rows = await db
    .select({ at: coachMessages.createdAt })
    .from(coachMessages)
    .where(and(eq(coachMessages.userId, userId), eq(coachMessages.role, 'user'), gt(coachMessages.createdAt, since)))
    .orderBy(asc(coachMessages.createdAt))
    .limit(1);
  return rows[0]?.at ?? null;
}

/**
 * Serialises one user's asks for the rest of the transaction (a transaction-scoped advisory lock), so that
 * concurrent asks, on any server instance, count each other's questions against the limit.
 */
export async function lockUserAsks(tx: Db, userId: string): Promise<void> {
  await tx.execute(sql`select pg_advisory_xact_lock(hashtextextended(${`ai-coach:${userId}`}, 0))`);
}
