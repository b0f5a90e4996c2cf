import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, MemoryMailer, type TestApp } from '@test/helpers/app';
import { testEngines } from '@test/helpers/db';
import { createUser, signInAs } from '@test/helpers/users';
import { SUPPORT_MESSAGES, SUPPORT_RATE_LIMIT } from '@shared/schemas/account';
import type { Mailer, MailMessage } from '@server/plugins/mail';

describe.each(testEngines())('POST /api/support/contact on %s', (engine) => {
  let t: TestApp;
  let mailer: MemoryMailer;
  let cookie: string;
  beforeAll(async () => {
    t = await buildTestApp(engine, { env: { SUPPORT_EMAIL: 'help@big7.test' } });
    mailer = t.mailer as MemoryMailer;
    const user = await createUser(t.app.db, { firstName: 'Casey', lastName: 'Jones', email: 'casey@example.com' });
    cookie = await signInAs(t.app, user);
  });
  afterAll(async () => t.close());

  const send = (payload: unknown, c: string | null = cookie) =>
    t.app.inject({ method: 'POST', url: '/api/support/contact', headers: c ? { cookie: c } : {}, payload: payload as Record<string, unknown> });

  it('e-mails the support address with the user name and address, replies going to the user', async () => {
    const res = await send({ subject: '  Cannot see my streak  ', message: '  It shows 0 since\nyesterday.  ' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ message: SUPPORT_MESSAGES.sent });
    await t.app.jobs.drain();
    const mail = mailer.last('help@big7.test')!;
    expect(mail.replyTo).toBe('casey@example.com');
    expect(mail.subject).toBe('[Big 7 support] Cannot see my streak');
    expect(mail.text).toContain('From: Casey Jones <casey@example.com>');
    expect(mail.text).toContain('It shows 0 since\nyesterday.');
  });

  it.each([
    ['a blank subject', { subject: '   ', message: 'Hello' }, SUPPORT_MESSAGES.fillAll],
    ['a blank message', { subject: 'Hi', message: ' \n ' }, SUPPORT_MESSAGES.fillAll],
    ['no fields', {}, SUPPORT_MESSAGES.fillAll],
    ['a subject that is not text', { subject: 5, message: 'Hello' }, SUPPORT_MESSAGES.fillAll],
    ['a 101-character subject', { subject: 's'.repeat(101), message: 'Hello' }, SUPPORT_MESSAGES.subjectTooLong],
    ['a 1001-character message', { subject: 'Hi', message: 'm'.repeat(1001) }, SUPPORT_MESSAGES.messageTooLong],
    ['a NUL character', { subject: 'Hi\u0000', message: 'Hello' }, SUPPORT_MESSAGES.nul],
  ])('refuses %s with 400 and sends nothing', async (_name, payload, message) => {
    const before = mailer.sent.length;
    const res = await send(payload);
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe(message);
    await t.app.jobs.drain();
    expect(mailer.sent.length).toBe(before);
  });

  it('accepts the limits exactly (100 and 1000 characters after trimming)', async () => {
    expect((await send({ subject: ` ${'s'.repeat(100)} `, message: `${'m'.repeat(1000)}  ` })).statusCode).toBe(200);
  });

  it('keeps a line break in the subject out of the e-mail headers', async () => {
    expect((await send({ subject: 'Hi\r\nBcc: victim@example.com', message: 'x' })).statusCode).toBe(200);
    await t.app.jobs.drain();
    expect(mailer.last('help@big7.test')!.subject).toBe('[Big 7 support] Hi Bcc: victim@example.com');
  });

  it('needs a session', async () => {
    expect((await send({ subject: 'Hi', message: 'Hello' }, null)).statusCode).toBe(401);
  });

  it(`limits each user to ${SUPPORT_RATE_LIMIT.max} messages an hour (429 with a message)`, async () => {
    const user = await createUser(t.app.db, { firstName: 'Rae' });
    const c = await signInAs(t.app, user);
    for (let i = 0; i < SUPPORT_RATE_LIMIT.max; i++) expect((await send({ subject: `n${i}`, message: 'x' }, c)).statusCode).toBe(200);
    const res = await send({ subject: 'one more', message: 'x' }, c);
    expect(res.statusCode).toBe(429);
    expect(res.json().message).toBe(SUPPORT_MESSAGES.tooMany);
    expect(res.headers['retry-after']).toBeDefined();
  });

  it('answers at once while SMTP is down; the message goes out once when it is back (nothing lost)', async () => {
    const delivered: MailMessage[] = [];
    let smtpUp = false;
    const flaky: Mailer = {
      send: async (m) => {
        if (!smtpUp) throw new Error('connect ECONNREFUSED 127.0.0.1:25');
        delivered.push(m);
      },
      close() {},
    };
    const t2 = await buildTestApp(engine, { mailer: flaky, env: { SUPPORT_EMAIL: 'help@big7.test' } });
    try {
      const user = await createUser(t2.app.db, { firstName: 'Fay' });
      const res = await t2.app.inject({
        method: 'POST',
        url: '/api/support/contact',
        headers: { cookie: await signInAs(t2.app, user) },
        payload: { subject: 'Hi', message: 'Hello' },
      });
      expect(res.statusCode).toBe(200);
      expect(res.json()).toEqual({ message: SUPPORT_MESSAGES.sent });
      await t2.app.jobs.drain(); // SMTP down: the attempt fails and is retried later
      expect(delivered).toEqual([]);
      smtpUp = true;
      t2.clock.advance(60 * 60_000);
      await t2.app.jobs.drain();
      t2.clock.advance(60 * 60_000);
      await t2.app.jobs.drain();
      expect(delivered.map((m) => m.subject)).toEqual(['[Big 7 support] Hi']);
    } finally {
      await t2.close();
    }
  });
});
