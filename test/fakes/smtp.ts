import { SMTPServer } from 'smtp-server';
import type { AddressInfo } from 'node:net';

export interface ReceivedMail {
  from: string;
  to: string[];
  raw: string;
  subject: string;
  /** The decoded text of the message (quoted-printable soft breaks and escapes undone). */
  text: string;
}

function decodeQuotedPrintable(s: string): string {
  const joined = s.replace(/=\r?\n/g, '');
  const bytes: number[] = [];
  for (let i = 0; i < joined.length; i++) {
    const ch = joined[i]!;
    const hex = joined.slice(i + 1, i + 3);
    if (ch === '=' && /^[0-9A-F]{2}$/i.test(hex)) {
      bytes.push(parseInt(hex, 16));
      i += 2;
    } else {
      for (const b of Buffer.from(ch, 'utf8')) bytes.push(b);
    }
  }
  return Buffer.from(bytes).toString('utf8');
}

function decodeBody(raw: string): string {
  // Good enough for what nodemailer sends: decode each part by its transfer encoding.
  const parts = raw.split(/\r?\n--[^\r\n]+\r?\n/);
  const out: string[] = [];
  for (const part of parts.length > 1 ? parts : [raw]) {
    const sep = part.search(/\r?\n\r?\n/);
    if (sep < 0) continue;
    const headers = part.slice(0, sep);
    const body = part.slice(sep).replace(/^\r?\n\r?\n/, '');
    if (/content-transfer-encoding:\s*quoted-printable/i.test(headers)) out.push(decodeQuotedPrintable(body));
    else if (/content-transfer-encoding:\s*base64/i.test(headers))
      out.push(Buffer.from(body.replace(/\s+/g, ''), 'base64').toString('utf8'));
    else out.push(body);
  }
  return out.join('\n');
}

/** A real SMTP server on 127.0.0.1 that keeps every message it receives. */
export async function startSmtpSink(opts: { rejectRecipient?: (address: string) => boolean } = {}): Promise<{
  url: string;
  port: number;
  messages: ReceivedMail[];
  waitFor(pred: (m: ReceivedMail) => boolean, timeoutMs?: number): Promise<ReceivedMail>;
  /** Stops listening (connections are refused) until start(); messages so far are kept. */
  stop(): Promise<void>;
  /** Listens again on the same port. */
  start(): Promise<void>;
  close(): Promise<void>;
}> {
  const messages: ReceivedMail[] = [];
  const waiters: Array<() => void> = [];
  const newServer = () =>
    new SMTPServer({
      authOptional: true,
      disabledCommands: ['STARTTLS'],
      logger: false,
      onRcptTo(address, _session, callback) {
        if (opts.rejectRecipient?.(address.address)) {
          const err = Object.assign(new Error('Mailbox unavailable'), { responseCode: 550 });
          return callback(err);
        }
        callback();
      },
      onData(stream, session, callback) {
        const chunks: Buffer[] = [];
        stream.on('data', (c: Buffer) => chunks.push(c));
        stream.on('end', () => {
          const raw = Buffer.concat(chunks).toString('utf8');
          const subject = /^subject:\s*(.*)$/im.exec(raw)?.[1]?.trim() ?? '';
          messages.push({
            from: session.envelope.mailFrom ? session.envelope.mailFrom.address : '',
            to: session.envelope.rcptTo.map((r) => r.address),
            raw,
            subject,
            text: decodeBody(raw),
          });
          waiters.splice(0).forEach((w) => w());
          callback();
        });
      },
    });
  let server: SMTPServer | null = newServer();
  const listen = (s: SMTPServer, port: number) => new Promise<void>((resolve) => s.listen(port, '127.0.0.1', resolve));
  await listen(server, 0);
  const port = (server.server.address() as AddressInfo).port;
  const stop = async () => {
    const s = server;
    server = null;
    if (s) await new Promise<void>((resolve) => s.close(() => resolve()));
  };
  return {
    url: `smtp://127.0.0.1:${port}`,
    port,
    messages,
    async waitFor(pred, timeoutMs = 10_000) {
      const deadline = Date.now() + timeoutMs;
      for (;;) {
        const found = messages.find(pred);
        if (found) return found;
        if (Date.now() > deadline) throw new Error('timed out waiting for an e-mail');
        await new Promise<void>((resolve) => {
          waiters.push(resolve);
          setTimeout(resolve, 200);
        });
      }
    },
    stop,
    async start() {
      if (server) return;
      server = newServer();
      await listen(server, port);
    },
    close: stop,
  };
}

/** The first link in a message that starts with the given URL prefix. */
export function findLink(mail: ReceivedMail, prefix: string): string {
  const escaped = prefix.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
  const m = new RegExp(`${escaped}[^\\s"'<>]*`).exec(mail.text);
  if (!m) throw new Error(`no link starting with ${prefix} in:\n${mail.text}`);
  return m[0];
}
