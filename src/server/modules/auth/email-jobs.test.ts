import { createServer, type AddressInfo, type Socket } from 'node:net';
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { and, eq, like } from 'drizzle-orm';
import pino from 'pino';
import { buildTestApp, MemoryMailer, type TestApp } from '@test/helpers/app';
import { testEngines } from '@test/helpers/db';
import { findLink, startSmtpSink } from '@test/fakes/smtp';
import { createMailer, SMTP_TIMEOUTS } from '@server/plugins/mail';
import { emailTokens, jobs, users } from '@server/db/schema/index';
import { AUTH_API_MESSAGES, AUTH_EMAILS_PER_HOUR } from './service';

const PASSWORD = 'Passw0rd!';
const SECOND = 1000;

let testNumber = 0;
let clientIp = '127.0.0.1';
beforeEach(() => {
  testNumber += 1;
  clientIp = `10.9.${Math.floor(testNumber / 250)}.${(testNumber % 250) + 1}`;
});
const post = (t: TestApp, url: string, payload: object) => t.app.inject({ method: 'POST', url, payload, remoteAddress: clientIp });
const signUp = (t: TestApp, email: string) => post(t, '/api/auth/signup', { firstName: 'Ann', email, password: PASSWORD, timezone: 'UTC' });
const mailJobs = (t: TestApp, prefix: string) => t.app.db.select().from(jobs).where(and(eq(jobs.kind, 'mail.send'), like(jobs.key, `${prefix}%`)));

describe.each(testEngines())('auth e-mails through the job queue and a real SMTP server on %s', (engine) => {
  let t: TestApp;
  let sink: Awaited<ReturnType<typeof startSmtpSink>>;
  const logLines: string[] = [];
  beforeAll(async () => {
    sink = await startSmtpSink({ rejectRecipient: (a) => a.startsWith('bounce') });
    const mailer = createMailer({ smtpUrl: sink.url, from: 'Big 7 <no-reply@big7.test>', log: pino({ level: 'silent' }) });
    t = await buildTestApp(engine, {
      env: { SMTP_URL: sink.url },
      mailer,
      logger: { level: 'warn', stream: { write: (line: string) => void logLines.push(line) } },
    });
  });
  afterAll(async () => {
    await t.close();
    await sink.close();
  });

  it('with the SMTP server down for 30 s, sign-up answers at once and the verification e-mail arrives once when it is back', async () => {
    const email = 'down@example.com';
    await sink.stop();
    const res = await signUp(t, email);
    expect(res.statusCode).toBe(201);
    expect(res.json()).toMatchObject({ user: { email, emailVerified: false } });

    // 30 s with the server down: the runner tries (connection refused) and backs off.
    for (let s = 0; s <= 30; s += 5) {
      await t.app.jobs.runDue();
      t.clock.advance(5 * SECOND);
    }
    let [job] = await mailJobs(t, 'verify-email:');
    expect(job).toMatchObject({ state: 'queued', attempts: 2 });
    expect(job!.lastError).toMatch(/ECONNREFUSED|connect/i);
    expect(sink.messages.filter((m) => m.to.includes(email))).toHaveLength(0);
    expect(logLines.some((l) => l.includes('retrying') && l.includes('verify-email:'))).toBe(true);

    await sink.start();
    for (let s = 0; s <= 120; s += 5) {
      await t.app.jobs.runDue();
      t.clock.advance(5 * SECOND);
    }
    const received = sink.messages.filter((m) => m.to.includes(email));
    expect(received).toHaveLength(1);
    [job] = await mailJobs(t, 'verify-email:');
    expect(job).toMatchObject({ state: 'done', attempts: 3, payload: {} }); // the link is not kept once sent

    // The link works.
    const token = new URL(findLink(received[0]!, 'http://localhost:3000/verify-email?token=')).searchParams.get('token')!;
    const verified = await t.app.inject({ method: 'GET', url: `/api/auth/verify-email?token=${encodeURIComponent(token)}` });
    expect(verified.statusCode).toBe(200);
  });

  it('a permanent refusal by the mail server fails the job at once, logged with the job', async () => {
    const email = 'bounce@example.com';
    expect((await signUp(t, email)).statusCode).toBe(201);
    await t.app.jobs.drain();
    const [user] = await t.app.db.select().from(users).where(eq(users.email, email));
    const [token] = await t.app.db.select().from(emailTokens).where(eq(emailTokens.userId, user!.id));
    const [job] = await t.app.db.select().from(jobs).where(eq(jobs.key, `verify-email:${token!.id}`));
    expect(job).toMatchObject({ state: 'failed', attempts: 1 });
    expect(job!.lastError).toMatch(/refused the message \(550\)/);
    expect((await t.app.jobs.listFailed()).map((j) => j.id)).toContain(job!.id);
    const logged = logLines.map((l) => JSON.parse(l) as { level: number; msg: string; job?: { id: number; key: string } }).find((l) => l.job?.id === job!.id && l.level === 50);
    expect(logged?.msg).toMatch(/^job failed: mail\.send verify-email:/);
  });
});

describe.each(testEngines())('sign-up writes the user and its verification e-mail job in one transaction on %s', (engine) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp(engine);
  });
  afterAll(async () => t.close());

  it('a failure after the user row was written leaves no user, no token and no job; the same sign-up then succeeds', async () => {
    const email = 'atomic@example.com';
    const jobsBefore = (await mailJobs(t, 'verify-email:')).length;
    // The queue fails while the sign-up enqueues the e-mail (after it inserted the user and the token).
    const enqueue = vi.spyOn(t.app.jobs, 'enqueue').mockRejectedValueOnce(new Error('queue unavailable'));
    try {
      expect((await signUp(t, email)).statusCode).toBe(500);
      expect(enqueue).toHaveBeenCalledTimes(1);
    } finally {
      enqueue.mockRestore();
    }
    expect(await t.app.db.select().from(users).where(eq(users.email, email))).toHaveLength(0);
    expect(await mailJobs(t, 'verify-email:')).toHaveLength(jobsBefore);

    // Nothing of the failed attempt holds the address: signing up again works, with one user, one token, one job.
    expect((await signUp(t, email)).statusCode).toBe(201);
    const [user] = await t.app.db.select().from(users).where(eq(users.email, email));
    const tokens = await t.app.db.select().from(emailTokens).where(eq(emailTokens.userId, user!.id));
    expect(tokens).toHaveLength(1);
    expect((await mailJobs(t, 'verify-email:')).map((j) => j.key)).toContain(`verify-email:${tokens[0]!.id}`);
    expect(await mailJobs(t, 'verify-email:')).toHaveLength(jobsBefore + 1);
  });
});

/**
 * An SMTP server that accepts connections and never says a word (no greeting): a mail server that hangs. It keeps
 * the sockets so a test can see the runner is waiting on one, and cut them at the end.
 */
async function startSilentSmtp(): Promise<{ url: string; connections: () => number; close: () => Promise<void> }> {
  const sockets = new Set<Socket>();
  let connections = 0;
  const server = createServer((socket) => {
    connections += 1;
    sockets.add(socket);
    socket.on('close', () => sockets.delete(socket));
    socket.on('error', () => undefined);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `smtp://127.0.0.1:${port}`,
    connections: () => connections,
    close: async () => {
      for (const socket of sockets) socket.destroy();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}

describe.each(testEngines())('sign-up with a mail server that accepts the connection and never answers, on %s', (engine) => {
  it('answers at once while the job runner is stuck waiting on the mail server (the e-mail is a job)', async () => {
    const smtp = await startSilentSmtp();
    const mailer = createMailer({ smtpUrl: smtp.url, from: 'Big 7 <no-reply@big7.test>', log: pino({ level: 'silent' }) });
    // The job runner on (it is off in tests by default), polling often: it takes the first e-mail job at once.
    const t = await buildTestApp(engine, { env: { SMTP_URL: smtp.url, JOBS: 'on', JOBS_POLL_MS: '50' }, mailer });
    try {
      expect((await signUp(t, 'first-hang@example.com')).statusCode).toBe(201);
      // The runner has taken the verification e-mail and is waiting for the server's greeting (which never comes).
      await vi.waitFor(() => expect(smtp.connections()).toBeGreaterThan(0), { timeout: 5_000, interval: 20 });
      const [first] = await mailJobs(t, 'verify-email:');
      expect(first).toMatchObject({ state: 'running', attempts: 1 });

      // A second sign-up meanwhile answers well within the greeting timeout: nothing on the request path waits on SMTP.
      const started = performance.now();
      const res = await signUp(t, 'second-hang@example.com');
      const ms = performance.now() - started;
      expect(res.statusCode).toBe(201);
      expect(ms).toBeLessThan(SMTP_TIMEOUTS.greetingTimeout / 2);
      // And the first e-mail is still hanging: the answer did not come from a mail attempt that gave up.
      expect((await mailJobs(t, 'verify-email:')).find((j) => j.id === first!.id)).toMatchObject({ state: 'running', attempts: 1 });
    } finally {
      await smtp.close(); // the hanging send fails now (connection closed), so the app can stop
      await t.close();
    }
  }, 30_000);
});

describe.each(testEngines())('the hourly cap on auth e-mails per address on %s', (engine) => {
  let t: TestApp;
  let mailer: MemoryMailer;
  beforeAll(async () => {
    t = await buildTestApp(engine);
    mailer = t.mailer as MemoryMailer;
  });
  afterAll(async () => t.close());
  const sentTo = (email: string) => mailer.sent.filter((m) => m.to === email).length;

  it(`sends at most ${AUTH_EMAILS_PER_HOUR} verification and reset e-mails an hour to one address, answering the same either way`, async () => {
    const email = 'capped@example.com';
    expect((await signUp(t, email)).statusCode).toBe(201);
    const answers: string[] = [];
    for (let i = 1; i < AUTH_EMAILS_PER_HOUR; i++) {
      const r = await post(t, '/api/auth/resend-verification', { email });
      answers.push(`${r.statusCode} ${r.body}`);
    }
    await t.app.jobs.drain();
    expect(sentTo(email)).toBe(AUTH_EMAILS_PER_HOUR);

    t.clock.advance(30 * 60 * SECOND);
    const capped = await post(t, '/api/auth/resend-verification', { email });
    const cappedReset = await post(t, '/api/auth/forgot-password', { email });
    await t.app.jobs.drain();
    expect(sentTo(email)).toBe(AUTH_EMAILS_PER_HOUR);
    expect(`${capped.statusCode} ${capped.body}`).toBe(answers[0]);
    expect(answers[0]).toBe(`200 ${JSON.stringify({ message: AUTH_API_MESSAGES.resent })}`);
    const ghostReset = await post(t, '/api/auth/forgot-password', { email: 'ghost@example.com' });
    expect(`${cappedReset.statusCode} ${cappedReset.body}`).toBe(`${ghostReset.statusCode} ${ghostReset.body}`);

    // An hour after the first ones, e-mails go out again.
    t.clock.advance(30 * 60 * SECOND + 1);
    expect((await post(t, '/api/auth/forgot-password', { email })).statusCode).toBe(200);
    await t.app.jobs.drain();
    expect(sentTo(email)).toBe(AUTH_EMAILS_PER_HOUR + 1);
    expect(mailer.last(email)?.subject).toBe('Reset your Big 7 password');
  });

  it('holds when many requests arrive at once (counted in the database under a lock on the user)', async () => {
    const email = 'burst@example.com';
    expect((await signUp(t, email)).statusCode).toBe(201);
    const results = await Promise.all(Array.from({ length: 12 }, () => post(t, '/api/auth/forgot-password', { email })));
    expect(new Set(results.map((r) => `${r.statusCode} ${r.body}`)).size).toBe(1);
    await t.app.jobs.drain();
    expect(sentTo(email)).toBe(AUTH_EMAILS_PER_HOUR);
  });
});
