import type { ServiceContext } from '@server/context';
import { notFound } from '@server/errors';
import { FEEDBACK_MESSAGES, type FeedbackItem } from '@shared/schemas/feedback';
import * as repo from './repo';

type Ctx = ServiceContext;

const toItem = (r: repo.InboxRow): FeedbackItem => ({
  id: r.id,
  name: r.name,
  email: r.email,
  message: r.message,
  createdAt: r.createdAt.toISOString(),
  read: r.read,
});

export async function list(ctx: Ctx): Promise<FeedbackItem[]> {
  return (await repo.listAll(ctx.db)).map(toItem);
}

export async function unreadCount(ctx: Ctx): Promise<{ count: number }> {
  return { count: await repo.countUnread(ctx.db) };
}

export async function markRead(ctx: Ctx, id: string): Promise<FeedbackItem> {
  const row = await repo.markRead(ctx.db, id, ctx.now());
  if (!row) throw notFound(FEEDBACK_MESSAGES.notFound);
  return toItem(row);
}

export async function remove(ctx: Ctx, id: string): Promise<{ message: string }> {
  if (!(await repo.remove(ctx.db, id))) throw notFound(FEEDBACK_MESSAGES.notFound);
  return { message: 'Feedback deleted' };
}
