import { describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { buildApp } from '../app';
import { ManualClock } from '../context';
import { jobs, sessions, streakStates } from '../db/schema/index';
import { createTestDb } from '@test/helpers/db';
import { MemoryMailer, testConfig } from '@test/helpers/app';
import { createUser } from '@test/helpers/users';

describe('the rollover job in the server process', () => {
  it('catches up at start-up (after downtime) when jobs are on, and stops on close', async () => {
    const h = await createTestDb('pglite');
    try {
      const user = await createUser(h.db, { timezone: 'UTC' });
      await h.db.insert(streakStates).values({
        userId: user.id,
        currentStreak: 12,
        bestStreak: 12,
        freezeDaysRemaining: 1,
        lastCompletedDate: '2026-03-08',
        lastProcessedDate: '2026-03-08',
        nextRolloverAt: new Date('2026-03-09T00:00:00Z'),
        timezone: 'UTC',
      });
      const app = await buildApp({
        config: testConfig(),
        db: h.db,
        dbEngine: h.engine,
        clock: new ManualClock('2026-03-10T08:00:00Z'), // 03-09 ended while the server was down
        webRoot: null,
        jobs: true,
      });
      await app.ready();
      let row;
      for (let i = 0; i < 50; i++) {
        [row] = await h.db.select().from(streakStates).where(eq(streakStates.userId, user.id));
        if (row?.lastProcessedDate === '2026-03-09') break;
        await new Promise((r) => setTimeout(r, 100));
      }
      expect(row).toMatchObject({ currentStreak: 12, freezeDaysRemaining: 0, lastProcessedDate: '2026-03-09' });
      expect(row?.nextRolloverAt?.toISOString()).toBe('2026-03-11T00:00:00.000Z');
      // It ran as the recurring job of the current minute.
      const rolloverJob = async () => (await h.db.select().from(jobs).where(eq(jobs.key, 'rollover@2026-03-10T08:00:00.000Z')))[0];
      let job = await rolloverJob();
      for (let i = 0; i < 50 && job?.state !== 'done'; i++) {
        await new Promise((r) => setTimeout(r, 100));
        job = await rolloverJob();
      }
      expect(job).toMatchObject({ key: 'rollover@2026-03-10T08:00:00.000Z', state: 'done', attempts: 1 });
      await app.close();
    } finally {
      await h.close();
    }
  });

  it('sends a queued e-mail without being asked (the runner polls)', async () => {
    const h = await createTestDb('pglite');
    const mailer = new MemoryMailer();
    const app = await buildApp({
      config: testConfig({ JOBS_POLL_MS: '50' }),
      db: h.db,
      dbEngine: h.engine,
      clock: new ManualClock('2026-03-10T08:00:00Z'),
      mailer,
      webRoot: null,
      jobs: true,
    });
    try {
      await app.ready();
      const res = await app.inject({
        method: 'POST',
        url: '/api/auth/signup',
        payload: { firstName: 'Ann', email: 'polled@example.com', password: 'Passw0rd!' },
      });
      expect(res.statusCode).toBe(201);
      for (let i = 0; i < 100 && !mailer.last('polled@example.com'); i++) await new Promise((r) => setTimeout(r, 50));
      expect(mailer.last('polled@example.com')?.subject).toBe('Verify your Big 7 email');
    } finally {
      await app.close();
      await h.close();
    }
  });
});

describe('the clean-up job in the server process', () => {
  const until = async (check: () => Promise<boolean>) => {
    for (let i = 0; i < 100 && !(await check()); i++) await new Promise((r) => setTimeout(r, 50));
  };

  it('is a recurring job of the queue: it runs at start-up and again in the next hour; live sessions stay', async () => {
    const h = await createTestDb('pglite');
    const clock = new ManualClock('2026-11-25T12:00:00Z');
    const user = await createUser(h.db, { timezone: 'UTC' });
    const session = (id: string, expiresAt: string) => ({ id, userId: user.id, expiresAt: new Date(expiresAt) });
    await h.db.insert(sessions).values([session('expired', '2026-11-25T11:00:00Z'), session('live', '2026-11-25T13:30:00Z')]);
    const ids = async () => (await h.db.select({ id: sessions.id }).from(sessions)).map((r) => r.id).sort();
    const app = await buildApp({
      config: testConfig({ JOBS_POLL_MS: '50' }),
      db: h.db,
      dbEngine: h.engine,
      clock,
      mailer: new MemoryMailer(),
      webRoot: null,
      jobs: true,
    });
    try {
      await app.ready();
      await until(async () => (await ids()).length === 1);
      expect(await ids()).toEqual(['live']);

      // The next hour's slot: the session that was live has expired by then and goes too.
      clock.set('2026-11-25T14:00:00Z');
      await until(async () => (await ids()).length === 0);
      expect(await ids()).toEqual([]);
      const runs = await h.db.select({ key: jobs.key }).from(jobs).where(eq(jobs.kind, 'recurring'));
      expect(runs.filter((r) => r.key.startsWith('cleanup.expired@')).length).toBe(2);
    } finally {
      await app.close();
      await h.close();
    }
  });
});
