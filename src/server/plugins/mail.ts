import nodemailer from 'nodemailer';
import type { FastifyBaseLogger } from 'fastify';
import type { z } from 'zod';
import type { mailMessageSchema } from '../jobs/kinds';
import { PermanentJobError } from '../jobs/queue';

/** One e-mail; the same shape as the `mail.send` job's payload (its schema is the one definition). */
export type MailMessage = z.infer<typeof mailMessageSchema>;

export interface Mailer {
  send(message: MailMessage): Promise<void>;
  /** Stops the mailer; a real one lets the messages under way finish first. */
  close(): void | Promise<void>;
}

/** How long SMTP may take (nodemailer's defaults are minutes: a stalled server would hold its callers that long). */
export const SMTP_TIMEOUTS = { connectionTimeout: 10_000, greetingTimeout: 10_000, socketTimeout: 30_000 } as const;

/** SMTP when SMTP_URL is set; otherwise every message is written to the server log. */
export function createMailer(opts: { smtpUrl?: string | undefined; from: string; log: FastifyBaseLogger }): Mailer {
  if (!opts.smtpUrl) {
    return {
      async send(m) {
        opts.log.info({ mail: { to: m.to, subject: m.subject } }, `E-mail (SMTP not configured) to ${m.to}: ${m.subject}\n${m.text}`);
      },
      close() {},
    };
  }
  const transport = nodemailer.createTransport({ url: opts.smtpUrl, ...SMTP_TIMEOUTS });
  const underWay = new Set<Promise<unknown>>();
  return {
    async send(m) {
      const sending = transport.sendMail({
        from: opts.from,
        to: m.to,
        replyTo: m.replyTo,
        subject: m.subject,
        text: m.text,
        html: m.html,
      });
      underWay.add(sending);
      try {
        await sending;
      } finally {
        underWay.delete(sending);
      }
    },
    async close() {
      await Promise.allSettled([...underWay]);
      transport.close();
    },
  };
}

/**
 * The `mail.send` job: sends through the Mailer. A refusal the server gives as final (an SMTP 5xx reply, e.g. an
 * unknown mailbox) fails the job at once; anything else (server down, timeout, 4xx) is thrown for a retry.
 */
export async function sendMailJob(mailer: Mailer, message: MailMessage): Promise<void> {
  try {
    await mailer.send(message);
  } catch (err) {
    const code = (err as { responseCode?: unknown }).responseCode;
    if (typeof code === 'number' && code >= 500 && code < 600) {
      throw new PermanentJobError(`the mail server refused the message (${code}): ${(err as Error).message}`, { cause: err });
    }
    throw err;
  }
}
