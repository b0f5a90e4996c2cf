import { describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { buildApp } from '../app';
import { ManualClock } from '../plugins/clock';
import { streakStates } from '../db/schema/index';
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
