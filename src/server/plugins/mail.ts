import nodemailer from 'nodemailer';
import type { FastifyBaseLogger } from 'fastify';

export interface MailMessage {
  to: string;
  subject: string;
  text: string;
  html?: string;
}

export interface Mailer {
  send(message: MailMessage): Promise<void>;
  close(): void;
}

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
  const transport = nodemailer.createTransport(opts.smtpUrl);
  return {
    async send(m) {
      await transport.sendMail({ from: opts.from, to: m.to, subject: m.subject, text: m.text, html: m.html });
    },
    close() {
      transport.close();
    },
  };
}
