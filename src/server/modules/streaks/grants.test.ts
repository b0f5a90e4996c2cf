import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { inTx, type ServiceContext } from '@server/context';
import { buildTestApp, type TestApp } from '@test/helpers/app';
import { testEngines } from '@test/helpers/db';
import { createUser } from '@test/helpers/users';
import { grantShields, recoverStreakPaid } from './service';
import * as repo from './repo';

describe.each(testEngines())('once-per-reference fulfilments under concurrency on %s', (engine) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp(engine, { now: '2026-03-10T12:00:00Z' });
  });
  afterAll(async () => t.close());

  const tx = <T>(fn: (tx: ServiceContext) => Promise<T>) => inTx(t.ctx(), fn);

  it('a shield purchase fulfilled many times at once with one payment reference adds its shields once', async () => {
    const user = await createUser(t.app.db, { timezone: 'UTC', createdAt: new Date('2025-01-01T00:00:00Z') });
    const rs = await Promise.all(
      Array.from({ length: 15 }, () => tx((tx) => grantShields(tx, user.id, 3, 'purchase', { ref: 'pay_1' }))),
    );
    expect(rs.filter((r) => r.granted)).toHaveLength(1);
    expect((await repo.findState(t.app.db, user.id))?.freezeDaysRemaining).toBe(3);
  });

  it('a paid recovery fulfilled many times at once with one payment reference is recorded once', async () => {
    const user = await createUser(t.app.db, { timezone: 'UTC', createdAt: new Date('2025-01-01T00:00:00Z') });
    t.clock.set('2026-03-10T12:00:00Z');
    // A 12-day streak lost yesterday.
    await tx(async ({ db }) => {
      await repo.lockState(db, user.id, 'UTC');
      await repo.saveStates(db, [
        {
          userId: user.id,
          state: {
            currentStreak: 0,
            bestStreak: 12,
            freezeDaysRemaining: 0,
            freezeDaysUsed: 0,
            checkpoint: 0,
            lastCompletedDate: '2026-03-08',
            lastProcessedDate: '2026-03-09',
            lostStreakValue: 12,
            lostDate: '2026-03-09',
            rebuiltDays: 0,
            gapDates: ['2026-03-09'],
            recoveryState: 'available',
          },
          tz: 'UTC',
          nextRolloverAt: null,
          recentStates: [],
          updatedAt: t.clock.now(),
        },
      ]);
    });
    const rs = await Promise.all(
      Array.from({ length: 15 }, () =>
        tx((tx) => recoverStreakPaid(tx, user.id, 'pay_2')).catch((e: { statusCode?: number }) => ({ error: e.statusCode ?? 500 })),
      ),
    );
    expect(rs.filter((r) => 'recovered' in r && r.recovered)).toHaveLength(1);
    expect(rs.filter((r) => 'error' in r)).toEqual([]);
    expect((await repo.findState(t.app.db, user.id))?.currentStreak).toBe(12);
  });
});
