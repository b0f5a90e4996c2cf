import { contextOf } from '@server/context';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq, like } from 'drizzle-orm';
import pino from 'pino';
import { buildTestApp, type TestApp } from '@test/helpers/app';
import { testEngines } from '@test/helpers/db';
import { createUser, signInAs } from '@test/helpers/users';
import { findLink, startSmtpSink } from '@test/fakes/smtp';
import { startPushService, type FakePushService } from '@test/fakes/push-service';
import { createMailer } from '@server/plugins/mail';
import { jobs, reminderSchedules } from '@server/db/schema/index';
import { reminderTick } from './service';

const yes7 = Array.from({ length: 7 }, () => true);
const APP_URL = 'http://localhost:3000';

/**
 * The e-mail reminder fallback (decision 021): opted-in users whose push cannot reach them (no live subscription)
 * get the reminder by e-mail at the same due time, once per user, kind and local date, only while not checked in.
 * Every e-mail goes through the job queue to a real SMTP server on 127.0.0.1.
 */
describe.each(testEngines())('the e-mail reminder fallback on %s', (engine) => {
  let t: TestApp;
  let sink: Awaited<ReturnType<typeof startSmtpSink>>;
  let push: FakePushService;
  beforeAll(async () => {
    sink = await startSmtpSink();
    push = await startPushService();
    const mailer = createMailer({ smtpUrl: sink.url, from: 'Big 7 <no-reply@big7.test>', log: pino({ level: 'silent' }) });
    t = await buildTestApp(engine, { env: { SMTP_URL: sink.url, PUSH_ALLOWED_HOSTS: push.host }, mailer, now: '2026-03-10T12:00:00Z' });
  });
  afterAll(async () => {
    await t?.close();
    await sink?.close();
    await push?.close();
  });

  // Each test has its own day, so the shared clock only moves forward: day n is 2026-03-(10 + n).
  const at = (day: number, time: string) => new Date(`2026-03-${String(10 + day).padStart(2, '0')}T${time}Z`);

  async function newUser(email: string, overrides: Parameters<typeof createUser>[1] = {}) {
    const user = await createUser(t.app.db, { email, firstName: 'Ann', timezone: 'UTC', checkInTime: '20:00', createdAt: new Date('2025-01-01T00:00:00Z'), ...overrides });
    const call = async (method: 'GET' | 'POST' | 'PATCH', url: string, payload?: unknown) => {
      const cookie = await signInAs(t.app, user);
      const res = await t.app.inject({ method, url, headers: { cookie }, ...(payload !== undefined ? { payload: payload as object } : {}) });
      return { status: res.statusCode, body: res.json() };
    };
    return { user, call };
  }

  async function tickAndDrain(when: Date) {
    t.clock.set(when);
    await reminderTick(contextOf(t.app), t.clock.now());
    await t.app.jobs.drain();
  }
  const mailsTo = (email: string) => sink.messages.filter((m) => m.to.includes(email));

  it('emailFallback is off by default, PATCH turns it on and off, wrong types are a 400', async () => {
    t.clock.set(at(0, '12:00:00'));
    const { call } = await newUser('settings@example.com');
    expect((await call('GET', '/api/notifications/settings')).body).toMatchObject({ emailFallback: false });
    expect(await call('PATCH', '/api/notifications/settings', { emailFallback: true })).toMatchObject({ status: 200, body: { emailFallback: true, dailyReminders: true } });
    expect((await call('GET', '/api/notifications/check')).body).toMatchObject({ subscribed: false, settings: { emailFallback: true } });
    for (const body of [{ emailFallback: 'yes' }, { emailFallback: 1 }, { emailFallback: null }]) {
      const r = await call('PATCH', '/api/notifications/settings', body);
      expect(r.status, JSON.stringify(body)).toBe(400);
      expect(r.body.message).toMatch(/emailFallback/);
    }
    expect((await call('PATCH', '/api/notifications/settings', { emailFallback: false })).body.emailFallback).toBe(false);
  });

  it('an opted-in user with no subscription gets the daily reminder by e-mail at its due time, with a check-in link and a way to turn it off', async () => {
    t.clock.set(at(1, '12:00:00'));
    const { call } = await newUser('nopush@example.com');
    await call('PATCH', '/api/notifications/settings', { emailFallback: true });
    // The reminder is scheduled although there is no device.
    expect((await call('GET', '/api/notifications/check')).body).toMatchObject({ nextDailyAt: at(1, '20:00:00').toISOString() });

    await tickAndDrain(at(1, '19:59:30'));
    expect(mailsTo('nopush@example.com')).toHaveLength(0);
    await tickAndDrain(at(1, '20:00:20'));
    const mails = mailsTo('nopush@example.com');
    expect(mails).toHaveLength(1);
    const [mail] = mails;
    expect(mail!.subject).toBe('Your Big 7 check-in window is open');
    expect(mail!.text).toMatch(/^Hi Ann,/);
    expect(findLink(mail!, `${APP_URL}/checkin`)).toBe(`${APP_URL}/checkin`);
    expect(findLink(mail!, `${APP_URL}/notifications`)).toBe(`${APP_URL}/notifications`);
    expect(mail!.text).toMatch(/turn off "E-mail reminders"/);

    // The last chance comes too (it is on by default), at 23:50.
    await tickAndDrain(at(1, '23:50:20'));
    expect(mailsTo('nopush@example.com').map((m) => m.subject)).toEqual(['Your Big 7 check-in window is open', 'Last chance to check in today']);
    expect(mailsTo('nopush@example.com')[1]!.text).toMatch(/closes in 10 minutes/);
  });

  it('exactly once per user, kind and local date: two ticks and drains send one e-mail', async () => {
    t.clock.set(at(2, '12:00:00'));
    const { user, call } = await newUser('once@example.com');
    await call('PATCH', '/api/notifications/settings', { emailFallback: true, lastChanceReminders: false });
    await tickAndDrain(at(2, '20:00:20'));
    await tickAndDrain(at(2, '20:00:40'));
    // Even the same reminder handed on a second time (a batch job run again) enqueues no second e-mail: the job key.
    await t.app.jobs.enqueue(t.app.db, { kind: 'reminders.batch', key: `again:${user.id}`, payload: { reminders: [{ userId: user.id, kind: 'daily', localDate: '2026-03-12' }] } });
    await t.app.jobs.drain();
    await tickAndDrain(at(2, '23:50:20')); // last chance is off
    expect(mailsTo('once@example.com').map((m) => m.subject)).toEqual(['Your Big 7 check-in window is open']);
    const emailJobs = await t.app.db.select().from(jobs).where(and(eq(jobs.kind, 'reminders.email'), like(jobs.key, `%${user.id}%`)));
    expect(emailJobs.map((j) => [j.key, j.state])).toEqual([[`reminder:daily:${user.id}:2026-03-12:email`, 'done']]);
  });

  it('a user with a live subscription gets the push, not an e-mail', async () => {
    t.clock.set(at(3, '12:00:00'));
    const { call } = await newUser('haspush@example.com');
    await call('PATCH', '/api/notifications/settings', { emailFallback: true });
    const device = push.subscribe();
    await call('POST', '/api/notifications/register-token', { token: JSON.stringify(device.toJSON()) });
    await tickAndDrain(at(3, '20:00:20'));
    expect(push.received.filter((m) => m.id === device.id).map((m) => (m.json as { title: string }).title)).toEqual(['Window is open.']);
    expect(mailsTo('haspush@example.com')).toHaveLength(0);

    // The push service says the device is gone (410): the subscription is removed, and the next reminder comes by e-mail.
    push.respond(device.id, 410);
    await tickAndDrain(at(3, '23:50:20'));
    expect(mailsTo('haspush@example.com')).toHaveLength(0); // this one went to the device the push service had dropped
    await tickAndDrain(at(4, '20:00:20'));
    expect(mailsTo('haspush@example.com').map((m) => m.subject)).toEqual(['Your Big 7 check-in window is open']);
  });

  it('a checked-in user gets nothing; a user who did not opt in gets nothing and has no schedule', async () => {
    t.clock.set(at(5, '12:00:00'));
    const done = await newUser('checkedin@example.com');
    await done.call('PATCH', '/api/notifications/settings', { emailFallback: true });
    const off = await newUser('optedout@example.com');
    const rows = await t.app.db.select().from(reminderSchedules).where(eq(reminderSchedules.userId, off.user.id));
    expect(rows.every((r) => r.nextAt === null)).toBe(true);

    t.clock.set(at(5, '20:05:00'));
    expect((await done.call('POST', '/api/checkins', { answers: yes7 })).status).toBe(201);
    await tickAndDrain(at(5, '20:05:20'));
    await tickAndDrain(at(5, '23:50:20'));
    expect(mailsTo('checkedin@example.com')).toHaveLength(0);
    expect(mailsTo('optedout@example.com')).toHaveLength(0);
  });

  it('an e-mail job that runs after the user checked in, or after the window closed, sends nothing', async () => {
    t.clock.set(at(6, '12:00:00'));
    const { user, call } = await newUser('late@example.com');
    await call('PATCH', '/api/notifications/settings', { emailFallback: true });
    const job = (localDate: string, kind: 'daily' | 'last-chance') =>
      t.app.jobs.enqueue(t.app.db, { kind: 'reminders.email', key: `test:${kind}:${localDate}:${user.id}`, payload: { userId: user.id, kind, localDate } });
    t.clock.set(at(6, '20:01:00'));
    await job('2026-03-15', 'daily'); // yesterday's window is over
    expect((await call('POST', '/api/checkins', { answers: yes7 })).status).toBe(201);
    await job('2026-03-16', 'last-chance'); // checked in meanwhile
    await t.app.jobs.drain();
    expect(mailsTo('late@example.com')).toHaveLength(0);
  });
});
