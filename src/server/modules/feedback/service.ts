import type { ServiceContext } from '@server/context';
import type { UserRow } from '@server/plugins/session';
import type { SendFeedbackResult } from '@shared/schemas/feedback';
import * as repo from './repo';

type Ctx = ServiceContext;

/** The sender's display name as it is now: first and last name, or the part of the e-mail before the @. */
export function senderName(user: Pick<UserRow, 'firstName' | 'lastName' | 'email'>): string {
  const name = [user.firstName, user.lastName].map((s) => s?.trim()).filter(Boolean).join(' ');
  return name || user.email.split('@')[0] || 'User';
}

/** Any signed-in user sends feedback; the name and e-mail are copied as they are at send time. */
export async function sendFeedback(ctx: Ctx, user: UserRow, message: string): Promise<SendFeedbackResult> {
  const row = await repo.insertFeedback(ctx.db, user.id, {
    name: senderName(user),
    email: user.email || null,
    message,
    createdAt: ctx.now(),
  });
  return { id: row.id, message: 'Thank you! Your feedback has been sent.' };
}

/** The feedback the user sent (the data export): the message and when. */
export async function feedbackSentBy(ctx: { db: Ctx['db'] }, userId: string): Promise<Array<{ message: string; createdAt: string }>> {
  return (await repo.listSentBy(ctx.db, userId)).map((r) => ({ message: r.message, createdAt: r.createdAt.toISOString() }));
}
