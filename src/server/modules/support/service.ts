import { randomUUID } from 'node:crypto';
import type { FastifyBaseLogger } from 'fastify';
import type { AppConfig } from '@server/config';
import type { Db } from '@server/db/client';
import type { JobQueue } from '@server/jobs/queue';
import type { MailMessage } from '@server/plugins/mail';
import type { SupportContact } from '@shared/schemas/account';

export interface SupportContext {
  db: Db;
  jobs: JobQueue;
  config: Pick<AppConfig, 'supportEmail'>;
  log: FastifyBaseLogger;
}

export interface SupportSender {
  id: string;
  email: string;
  firstName: string;
  lastName: string | null;
  tier: string;
}

/** The e-mail to the support address: who wrote (name, address, account id, plan) and what; replies go to the user. */
export function supportEmail(config: Pick<AppConfig, 'supportEmail'>, sender: SupportSender, body: SupportContact): MailMessage {
  const name = [sender.firstName, sender.lastName].filter(Boolean).join(' ');
  // One line: a subject never carries a line break into the e-mail's headers.
  const subject = body.subject.replace(/[\r\n]+/g, ' ');
  return {
    to: config.supportEmail,
    replyTo: sender.email,
    subject: `[Big 7 support] ${subject}`,
    text: [
      `From: ${name} <${sender.email}>`,
      `Account: ${sender.id} (${sender.tier})`,
      `Subject: ${subject}`,
      '',
      body.message,
      '',
      '— Reply to this e-mail to answer the user.',
    ].join('\n'),
  };
}

/**
 * Sends a support message to the support address through the durable job queue: the answer comes at once, and
 * while SMTP is down the e-mail waits and is retried with backoff, so nothing is lost.
 */
export async function sendSupportMessage(ctx: SupportContext, sender: SupportSender, body: SupportContact): Promise<void> {
  await ctx.jobs.enqueue(ctx.db, { kind: 'mail.send', key: `support:${randomUUID()}`, payload: supportEmail(ctx.config, sender, body) });
  ctx.log.info({ userId: sender.id }, 'support message queued');
}
