import { describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import Fastify from 'fastify';
import { buildApp } from '../app';
import { ManualClock } from '../plugins/clock';
import { sessions, streakStates } from '../db/schema/index';
import jobsPlugin from './plugin';
import { createTestDb } from '../../../test/helpers/db';
import { testConfig } from '../../../test/helpers/app';
import { createUser } from '../../../test/helpers/users';

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
      await app.close();
    } finally {
      await h.close();
    }
  });
});

describe('the clean-up job in the server process', () => {
  const until = async (check: () => Promise<boolean>) => {
    for (let i = 0; i < 50 && !(await check()); i++) await new Promise((r) => setTimeout(r, 100));
  };

  it('runs at start-up and then every cleanupIntervalMs; live sessions stay', async () => {
    const h = await createTestDb('pglite');
    const clock = new ManualClock('2026-11-25T12:00:00Z');
    const app = Fastify();
    try {
      const user = await createUser(h.db, { timezone: 'UTC' });
      const session = (id: string, expiresAt: string) => ({ id, userId: user.id, expiresAt: new Date(expiresAt) });
      await h.db.insert(sessions).values([session('expired', '2026-11-25T11:00:00Z'), session('live', '2026-11-25T13:00:00Z')]);
      const ids = async () => (await h.db.select({ id: sessions.id }).from(sessions)).map((r) => r.id).sort();
      app.decorate('db', h.db);
      app.decorate('clock', clock);
      await app.register(jobsPlugin, { intervalMs: 60 * 60_000, cleanupIntervalMs: 100 });
      await app.ready();
      await until(async () => (await ids()).length === 1);
      expect(await ids()).toEqual(['live']);

      // An hour on, the live session has expired too: the next run (100 ms later here) deletes it.
      clock.set('2026-11-25T13:00:00Z');
      await until(async () => (await ids()).length === 0);
      expect(await ids()).toEqual([]);
    } finally {
      await app.close();
      await h.close();
    }
  });
});
