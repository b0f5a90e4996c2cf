import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { inTx, type ServiceContext } from '@server/context';
import { buildTestApp, type TestApp } from '@test/helpers/app';
import { testEngines } from '@test/helpers/db';
import { createUser } from '@test/helpers/users';
import { eq } from 'drizzle-orm';
import { streakLedger } from '@server/db/schema/index';
import { initialStreakState, type StreakEvent } from '@shared/domain/streak-engine';
import * as repo from './repo';

/**
 * The streak rows as the fixed-text statements read and write them (decision 032: no query builder on
 * the check-in path) agree with the query builder's own reading of the same rows, every column, on both engines.
 */
describe.each(testEngines())('the streak state rows on %s', (engine) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp(engine, { now: '2026-03-10T12:00:00Z' });
  });
  afterAll(async () => t.close());
  const tx = <T>(fn: (tx: ServiceContext) => Promise<T>) => inTx(t.ctx(), fn);

  it('lockStates answers what findState reads, after saveStates and saveStatesWithLedger wrote every column', async () => {
    const [a, b] = await Promise.all([0, 1].map(() => createUser(t.app.db, { timezone: 'Europe/Berlin', createdAt: new Date('2025-01-01T00:00:00Z') })));
    const created = await tx(({ db }) => repo.lockStates(db, [a!, b!].map((u) => ({ userId: u.id, tz: 'Europe/Berlin' }))));
    for (const u of [a!, b!]) expect(created.get(u.id)).toEqual({ ...(await repo.findState(t.app.db, u.id)), lastRestDay: null });

    const state = (streak: number) => ({
      currentStreak: streak,
      bestStreak: 40,
      freezeDaysRemaining: 2,
      freezeDaysUsed: 1,
      checkpoint: 30,
      lastCompletedDate: '2026-03-08',
      lastProcessedDate: '2026-03-09',
      lostStreakValue: 17,
      lostDate: '2026-02-01',
      rebuiltDays: 3,
      gapDates: ['2026-02-01'],
      recoveryState: 'available' as const,
    });
    const snapshot = { date: '2026-03-09', state: 'missed' } as unknown as repo.SettledState['recentStates'][number];
    await tx(({ db }) =>
      repo.saveStates(db, [
        { userId: a!.id, state: state(5), tz: 'Asia/Tokyo', nextRolloverAt: new Date('2026-03-10T15:00:00.123Z'), recentStates: [snapshot], updatedAt: new Date('2026-03-10T12:00:00.456Z') },
      ]),
    );
    await tx(({ db }) =>
      repo.saveStatesWithLedger(
        db,
        [{ userId: b!.id, state: { ...state(6), lostStreakValue: null, lostDate: null }, tz: 'UTC', nextRolloverAt: null, recentStates: [] }],
        [{ userId: b!.id, date: '2026-03-10', reason: 'check-in', description: 'Checked in', streakDelta: 1, currentStreak: 6, freezeDaysRemaining: 2 }],
        new Date('2026-03-10T12:00:01.789Z'),
      ),
    );
    const locked = await tx(({ db }) => repo.lockStates(db, [a!, b!].map((u) => ({ userId: u.id, tz: 'UTC' }))));
    for (const u of [a!, b!]) expect(locked.get(u.id)).toEqual({ ...(await repo.findState(t.app.db, u.id)), lastRestDay: null });
    expect(locked.get(a!.id)).toMatchObject({
      currentStreak: 5,
      timezone: 'Asia/Tokyo',
      lostDate: '2026-02-01',
      gapDates: ['2026-02-01'],
      recentStates: [snapshot],
      nextRolloverAt: new Date('2026-03-10T15:00:00.123Z'),
      updatedAt: new Date('2026-03-10T12:00:00.456Z'),
    });
    expect(locked.get(b!.id)).toMatchObject({ currentStreak: 6, lostDate: null, nextRolloverAt: null, updatedAt: new Date('2026-03-10T12:00:01.789Z') });
    const ledger = await t.app.db.select().from(streakLedger).where(eq(streakLedger.userId, b!.id));
    expect(ledger).toMatchObject([{ date: '2026-03-10', reason: 'check-in', streakDelta: 1, currentStreak: 6, freezeDaysRemaining: 2 }]);
  });
});

describe('streak texts', () => {
  it('ledger descriptions say "a 1-day streak", never "1 days streak"', () => {
    const before = { ...initialStreakState(), currentStreak: 0, lastProcessedDate: '2026-03-09' };
    const events: StreakEvent[] = [
      { type: 'check-in', date: '2026-03-10', streakDelta: 1, milestone: null },
      { type: 'break', date: '2026-03-11', lostValue: 1, resetTo: 0, recoverable: false },
    ];
    const rows = repo.ledgerRows(before, events, { userId: 'u', now: new Date('2026-03-12T00:00:00Z') });
    expect(rows.map((r) => r.description)).toEqual([
      'Checked in: 1-day streak',
      'Missed 2026-03-11 with no shields: 1-day streak ended',
    ]);
  });
});
