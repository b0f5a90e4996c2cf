import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { and, eq } from 'drizzle-orm';
import { buildTestApp, type TestApp } from '@test/helpers/app';
import { testEngines } from '@test/helpers/db';
import { createUser, signInAs } from '@test/helpers/users';
import { checkIns, jobs } from '@server/db/schema/index';
import { reminderTick } from '../notifications/service';

const yes7 = Array.from({ length: 7 }, () => true);

/**
 * The job a check-in enqueues (check-ins service, decision 013), the example later capabilities copy: a batch of
 * check-ins enqueues one `reminders.checked-in-batch` for the check-ins it created (keyed by the first) in its own
 * transaction, so the job exists if and only if the check-ins committed; run after commit, it moves each one's
 * reminders still due that day past it, and the scheduler enqueues no reminder for it.
 */
describe.each(testEngines())('a check-in → the reminders job on %s', (engine) => {
  let t: TestApp;
  let fail = false;
  beforeAll(async () => {
    t = await buildTestApp(engine, { now: '2026-03-10T12:00:00Z' });
    // A write of the check-in's transaction a test can make fail after the job was written (rolling it all back).
    const enqueueMany = t.app.jobs.enqueueMany.bind(t.app.jobs);
    vi.spyOn(t.app.jobs, 'enqueueMany').mockImplementation(async (conn, specs) => {
      const n = await enqueueMany(conn, specs);
      if (fail) throw new Error('a write of the check-in failed');
      return n;
    });
  });
  afterAll(async () => t.close());

  async function newUser(email: string) {
    const user = await createUser(t.app.db, { email, timezone: 'UTC', checkInTime: '20:00', createdAt: new Date('2025-01-01T00:00:00Z') });
    const call = async (method: 'GET' | 'POST' | 'PATCH', url: string, payload?: unknown) => {
      const cookie = await signInAs(t.app, user);
      const res = await t.app.inject({ method, url, headers: { cookie }, ...(payload !== undefined ? { payload: payload as object } : {}) });
      return { status: res.statusCode, body: res.json() };
    };
    return { user, call };
  }
  const jobsOf = (kind: string, key: string) => t.app.db.select().from(jobs).where(and(eq(jobs.kind, kind), eq(jobs.key, key)));
  /** The reminders the scheduler handed on for this user and local date (in `reminders.batch` jobs' payloads). */
  const remindersSentFor = async (userId: string, day: string) =>
    (await t.app.db.select().from(jobs).where(eq(jobs.kind, 'reminders.batch')))
      .flatMap((j) => (j.payload as { reminders: { userId: string; kind: string; localDate: string }[] }).reminders)
      .filter((r) => r.userId === userId && r.localDate === day);

  it('is enqueued with the check-in, once per check-in, and moves the day\'s reminders still due to tomorrow', async () => {
    t.clock.set('2026-03-10T12:00:00Z');
    const { user, call } = await newUser('done-for-today@example.com');
    // Reminders on (by e-mail: this user has no device), today at 20:00 and before the window closes.
    expect((await call('PATCH', '/api/notifications/settings', { emailFallback: true })).status).toBe(200);
    const before = (await call('GET', '/api/notifications/check')).body;
    expect(before.nextDailyAt).toBe('2026-03-10T20:00:00.000Z');
    expect(before.nextLastChanceAt).toMatch(/^2026-03-10T23:/);

    // 20:00:20: the daily reminder is due but the scheduler has not got to it; the user checks in first.
    t.clock.set('2026-03-10T20:00:20Z');
    const r = await call('POST', '/api/checkins', { answers: yes7 });
    expect(r.status).toBe(201);
    // A batch of one: the job is keyed by its check-in.
    const [job] = await jobsOf('reminders.checked-in-batch', r.body.id);
    expect(job).toMatchObject({ state: 'queued', payload: { checkIns: [{ userId: user.id, localDate: '2026-03-10', timezone: 'UTC' }] } });
    // Replacing today's check-in creates no check-in: no second job.
    const queued = await t.app.db.select().from(jobs).where(eq(jobs.kind, 'reminders.checked-in-batch'));
    expect((await call('POST', '/api/checkins', { answers: yes7 })).status).toBe(200);
    expect(await t.app.db.select().from(jobs).where(eq(jobs.kind, 'reminders.checked-in-batch'))).toHaveLength(queued.length);

    await t.app.jobs.drain();
    expect((await jobsOf('reminders.checked-in-batch', r.body.id))[0]).toMatchObject({ state: 'done', attempts: 1 });
    const after = (await call('GET', '/api/notifications/check')).body;
    expect(after.nextDailyAt).toBe('2026-03-11T20:00:00.000Z');
    expect(after.nextLastChanceAt).toBe(before.nextLastChanceAt.replace('2026-03-10', '2026-03-11'));

    // The scheduler's ticks through the rest of the day enqueue no reminder for it.
    for (const at of ['2026-03-10T20:00:30Z', before.nextLastChanceAt, '2026-03-10T23:59:00Z']) {
      t.clock.set(at);
      await reminderTick(t.ctx(), t.clock.now());
    }
    expect(await remindersSentFor(user.id, '2026-03-10')).toEqual([]);
    // Tomorrow, not checked in, the daily reminder comes as usual.
    t.clock.set('2026-03-11T20:00:10Z');
    await reminderTick(t.ctx(), t.clock.now());
    expect(await remindersSentFor(user.id, '2026-03-11')).toEqual([{ userId: user.id, kind: 'daily', localDate: '2026-03-11' }]);
  });

  it("moves every listed user's reminders when a batch created several check-ins", async () => {
    t.clock.set('2026-03-11T12:00:00Z');
    const a = await newUser('batch-a@example.com');
    const b = await newUser('batch-b@example.com');
    for (const u of [a, b]) expect((await u.call('PATCH', '/api/notifications/settings', { emailFallback: true })).status).toBe(200);
    t.clock.set('2026-03-11T20:00:20Z');
    const made = await Promise.all([a, b].map((u) => u.call('POST', '/api/checkins', { answers: yes7 })));
    expect(made.map((r) => r.status)).toEqual([201, 201]);
    const listing = (await t.app.db.select().from(jobs).where(eq(jobs.kind, 'reminders.checked-in-batch'))).filter((j) =>
      (j.payload as { checkIns: { userId: string }[] }).checkIns.some((c) => c.userId === a.user.id || c.userId === b.user.id),
    );
    expect(listing.flatMap((j) => (j.payload as { checkIns: { userId: string }[] }).checkIns.map((c) => c.userId)).sort()).toEqual(
      [a.user.id, b.user.id].sort(),
    );
    // Also a job listing both (what one batch of two enqueues), run after their own: running it again moves nothing.
    await t.app.jobs.enqueue(t.app.db, {
      kind: 'reminders.checked-in-batch',
      key: 'both',
      payload: { checkIns: [a, b].map((u) => ({ userId: u.user.id, localDate: '2026-03-11', timezone: 'UTC' })) },
    });
    await t.app.jobs.drain();
    for (const u of [a, b]) expect((await u.call('GET', '/api/notifications/check')).body.nextDailyAt).toBe('2026-03-12T20:00:00.000Z');
    const [both] = await jobsOf('reminders.checked-in-batch', 'both');
    expect(both).toMatchObject({ state: 'done', attempts: 1 });
    await reminderTick(t.ctx(), t.clock.now());
    for (const u of [a, b]) expect(await remindersSentFor(u.user.id, '2026-03-11')).toEqual([]);
  });

  it('does not exist when the check-in rolled back; a user who did not check in keeps today\'s reminders', async () => {
    t.clock.set('2026-03-12T12:00:00Z');
    const { user, call } = await newUser('rolled-back@example.com');
    expect((await call('PATCH', '/api/notifications/settings', { emailFallback: true })).status).toBe(200);
    const before = await t.app.db.select().from(jobs).where(eq(jobs.kind, 'reminders.checked-in-batch'));

    t.clock.set('2026-03-12T20:30:00Z');
    fail = true;
    try {
      expect((await call('POST', '/api/checkins', { answers: yes7 })).status).toBe(500);
    } finally {
      fail = false;
    }
    expect(await t.app.db.select().from(checkIns).where(eq(checkIns.userId, user.id))).toEqual([]);
    expect(await t.app.db.select().from(jobs).where(eq(jobs.kind, 'reminders.checked-in-batch'))).toHaveLength(before.length);

    await t.app.jobs.drain();
    // Nothing moved the reminders: the day's daily reminder is sent by the next tick.
    expect((await call('GET', '/api/notifications/check')).body.nextDailyAt).toBe('2026-03-12T20:00:00.000Z');
    await reminderTick(t.ctx(), t.clock.now());
    expect(await remindersSentFor(user.id, '2026-03-12')).toEqual([{ userId: user.id, kind: 'daily', localDate: '2026-03-12' }]);
  });
});
