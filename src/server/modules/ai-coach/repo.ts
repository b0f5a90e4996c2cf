import { and, asc, desc, eq, sql } from 'drizzle-orm';
import type { Db } from '@server/db/client';
import { coachConversations, coachMessages, coachUsage } from '@server/db/schema/index';

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

/** How many questions the user asked on this local date (the daily limit), from the usage record. */
export async function asksOn(db: Db, userId: string, localDate: string): Promise<number> {
  const rows = await db
    .select({ asks: coachUsage.asks })
    .from(coachUsage)
    .where(and(eq(coachUsage.userId, userId), eq(coachUsage.localDate, localDate)));
  return rows[0]?.asks ?? 0;
}

/** Adds `by` (1, or -1 to give back an ask the provider failed) to the user's asks of that local date; never below 0. */
export async function countAsk(db: Db, userId: string, localDate: string, by: 1 | -1): Promise<void> {
  await db
    .insert(coachUsage)
    .values({ userId, localDate, asks: Math.max(0, by) })
    .onConflictDoUpdate({
      target: [coachUsage.userId, coachUsage.localDate],
      set: { asks: sql`greatest(0, ${coachUsage.asks} + ${by})` },
    });
}

/**
 * Serialises one user's asks for the rest of the transaction (a transaction-scoped advisory lock), so that
 * concurrent asks, on any server instance, count each other's questions against the limit.
 */
export async function lockUserAsks(tx: Db, userId: string): Promise<void> {
  await tx.execute(sql`select pg_advisory_xact_lock(hashtextextended(${`ai-coach:${userId}`}, 0))`);
}
