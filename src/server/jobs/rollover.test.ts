import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { createTestDb, testEngines } from '@test/helpers/db';
import type { DbHandle } from '../db/client';
import { streakStates, users } from '../db/schema/index';
import { addLocalDays, startOfLocalDay } from '@shared/domain/dates';
import { initialStreakState, settle, todayOf, type StreakState } from '@shared/domain/streak-engine';
import { ledgerRows, rolloverDue, rowToState } from '../modules/streaks/repo';
import { rolloverTick } from './rollover';

/** 40 zones from UTC−12 to UTC+14, with half-hour and 45-minute offsets and both hemispheres' DST. */
const ZONES = [
  'Etc/GMT+12', 'Pacific/Pago_Pago', 'Pacific/Honolulu', 'Pacific/Marquesas', 'America/Anchorage', 'America/Los_Angeles',
  'America/Denver', 'America/Phoenix', 'America/Chicago', 'America/Mexico_City', 'America/New_York', 'America/Caracas',
  'America/Halifax', 'America/St_Johns', 'America/Sao_Paulo', 'Atlantic/South_Georgia', 'Atlantic/Azores', 'UTC',
  'Europe/London', 'Europe/Berlin', 'Africa/Cairo', 'Europe/Helsinki', 'Europe/Moscow', 'Asia/Tehran', 'Asia/Dubai',
  'Asia/Kabul', 'Asia/Karachi', 'Asia/Kolkata', 'Asia/Kathmandu', 'Asia/Dhaka', 'Asia/Yangon', 'Asia/Bangkok',
  'Asia/Shanghai', 'Australia/Eucla', 'Asia/Tokyo', 'Australia/Adelaide', 'Australia/Sydney', 'Australia/Lord_Howe',
  'Pacific/Auckland', 'Pacific/Kiritimati',
];

/** Everyone last checked in (and was last settled) on 03-09. */
const LAST = '2026-03-09';
/**
 * 03-10 has ended everywhere (it is 03-11 08:15 in Etc/GMT+12, the last zone to end a day); from UTC+4 east
 * (Dubai at 00:15) 03-11 has ended too, so about half the zones have two missed days. No zone is at midnight.
 */
const NOW = new Date('2026-03-11T20:15:00Z');

/**
 * User i: a streak of 7..16 over checkpoint 0, or every fourth user 35 over the 30-day checkpoint; 0, 1 or 2
 * shields. So a missed day uses a shield or breaks the streak (to 0 or to 30, opening a recovery offer), and
 * a second missed day uses the second shield, breaks after a shield, or, after a break, only joins the gap.
 */
function startState(i: number): StreakState {
  const milestone = i % 4 === 0;
  const streak = milestone ? 35 : 7 + (i % 10);
  return {
    ...initialStreakState(),
    currentStreak: streak,
    bestStreak: streak,
    checkpoint: milestone ? 30 : 0,
    freezeDaysRemaining: i % 3,
    lastCompletedDate: LAST,
    lastProcessedDate: LAST,
  };
}
const zoneOf = (i: number) => ZONES[i % ZONES.length]!;

describe.each(testEngines())('rollover job on %s', (engine) => {
  const count = engine === 'postgres' ? 10_000 : 1_000;
  let h: DbHandle;
  /** The services' context at an instant: this database, no app. */
  const at = (now: Date) => ({ db: h.db, now: () => now });
  beforeAll(async () => {
    h = await createTestDb(engine, { poolMax: 10 });
    for (let from = 1; from <= count; from += 1000) {
      const ids = Array.from({ length: Math.min(1000, count - from + 1) }, (_, k) => from + k);
      await h.db.insert(users).values(ids.map((i) => ({ id: `u${i}`, email: `u${i}@example.com`, firstName: 'U', timezone: zoneOf(i) })));
      // As the app saves a state (repo.saveState): the state, its zone, and when its rollover is due.
      await h.db.insert(streakStates).values(
        ids.map((i) => {
          const s = startState(i);
          return { userId: `u${i}`, ...s, timezone: zoneOf(i), nextRolloverAt: rolloverDue(s, zoneOf(i)) };
        }),
      );
    }
  }, 120_000);
  afterAll(async () => h?.close());

  it('the seed: every user has 03-10 (and east of UTC+4 also 03-11) ended and unsettled at NOW', () => {
    for (const tz of ZONES) {
      const due = rolloverDue(startState(1), tz)!;
      // Due when 03-10 ends in the zone: its local midnight into 03-11, which has passed everywhere at NOW.
      expect(due.getTime(), tz).toBe(startOfLocalDay('2026-03-11', tz).getTime());
      expect(due.getTime(), tz).toBeLessThanOrEqual(NOW.getTime());
      expect(todayOf(NOW, tz) >= '2026-03-11', tz).toBe(true);
      expect(todayOf(NOW, tz) <= '2026-03-12', tz).toBe(true);
    }
    expect(todayOf(NOW, 'Etc/GMT+12')).toBe('2026-03-11');
    expect(NOW.getTime() - startOfLocalDay('2026-03-11', 'Etc/GMT+12').getTime()).toBe(8.25 * 3600_000);
    expect(todayOf(NOW, 'Asia/Tehran')).toBe('2026-03-11');
    expect(todayOf(NOW, 'Asia/Dubai')).toBe('2026-03-12');
  });

  it(`decides each of ${count} users' missed days exactly once with two runners, a crash and a restart`, async () => {
    // Runner A crashes in its third batch (that batch rolls back); runner B stops early (a restart);
    // both run at the same time. Then a fresh runner finishes the work.
    const batchSize = count / 10;
    const crashedBatch: string[] = [];
    const crash = rolloverTick(at(NOW), {
      batchSize,
      afterBatchWrites: (n, userIds) => {
        if (n !== 2) return;
        crashedBatch.push(...userIds);
        throw new Error('simulated crash');
      },
    }).catch((e: Error) => e);
    const early = rolloverTick(at(NOW), { batchSize, maxBatches: 3 });
    const [a, b] = await Promise.all([crash, early]);
    expect(a).toBeInstanceOf(Error);
    expect((a as Error).message).toBe('simulated crash');
    expect((b as { users: number }).users).toBe(3 * batchSize);
    // The crashed batch had written its users' decisions when it rolled back; another runner settles them.
    expect(crashedBatch).toHaveLength(batchSize);
    const rest = await rolloverTick(at(NOW), { batchSize: 500 });
    expect(rest.users).toBe(count - 5 * batchSize); // A's two committed batches and B's three are not redone
    expect((await rolloverTick(at(NOW))).users).toBe(0); // nothing due any more

    const states = new Map((await h.db.select().from(streakStates)).map((r) => [r.userId, r]));
    const ledger = (await h.db.execute(sql`
      SELECT user_id, date::text AS date, reason, streak_delta, shields_delta, current_streak, freeze_days_remaining
      FROM streak_ledger ORDER BY user_id, created_at`)) as unknown as {
      rows: { user_id: string; date: string; reason: string; streak_delta: number; shields_delta: number; current_streak: number; freeze_days_remaining: number }[];
    };
    const frozen = (await h.db.execute(sql`SELECT user_id, date::text AS date FROM streak_frozen_days`)) as unknown as {
      rows: { user_id: string; date: string }[];
    };
    const ledgerOf = new Map<string, typeof ledger.rows>();
    for (const r of ledger.rows) ledgerOf.set(r.user_id, [...(ledgerOf.get(r.user_id) ?? []), r]);
    const frozenOf = new Map<string, string[]>();
    for (const r of frozen.rows) frozenOf.set(r.user_id, [...(frozenOf.get(r.user_id) ?? []), r.date]);

    expect(states.size).toBe(count);
    const seen = { shieldUsed: 0, break: 0, twoDays: 0, gapOnly: 0, crashedWithMisses: 0 };
    const crashed = new Set(crashedBatch);
    for (let i = 1; i <= count; i++) {
      const userId = `u${i}`;
      const tz = zoneOf(i);
      const start = startState(i);
      const today = todayOf(NOW, tz);
      const expected = settle(start, today);
      const decided = expected.events.map((e) => `${e.date} ${e.type}`);
      const rows = ledgerOf.get(userId) ?? [];
      // Each missed date decided once: one shield-used or break row per user and date, nothing else written.
      expect({ userId, decided: rows.map((r) => `${r.date} ${r.reason}`).sort() }).toEqual({ userId, decided: [...decided].sort() });
      expect(new Set(rows.map((r) => r.date)).size, userId).toBe(rows.length);
      // The rows carry what the app's ledger helper gives for the step (values after each decision).
      const want = ledgerRows(start, expected.events, { userId, now: NOW });
      expect(rows.map((r) => [r.date, r.reason, r.streak_delta, r.shields_delta, r.current_streak, r.freeze_days_remaining]), userId).toEqual(
        want.map((w) => [w.date, w.reason, w.streakDelta ?? 0, w.shieldsDelta ?? 0, w.currentStreak, w.freezeDaysRemaining]),
      );
      // Frozen dates are exactly the shield-used dates.
      const shieldDates = expected.events.filter((e) => e.type === 'shield-used').map((e) => e.date);
      expect({ userId, frozen: (frozenOf.get(userId) ?? []).sort() }).toEqual({ userId, frozen: shieldDates });
      // The final state is the pure engine's, and the next rollover is due when the app would set it.
      const row = states.get(userId)!;
      expect({ userId, state: rowToState(row) }).toEqual({ userId, state: expected.state });
      expect({ userId, tz: row.timezone, next: row.nextRolloverAt?.toISOString() ?? null }).toEqual({
        userId,
        tz,
        next: rolloverDue(expected.state, tz)?.toISOString() ?? null,
      });
      expect(expected.state.lastProcessedDate).toBe(addLocalDays(today, -1));

      expect(decided.length, userId).toBeGreaterThan(0); // every user had a missed day to settle
      seen.shieldUsed += shieldDates.length;
      seen.break += expected.events.filter((e) => e.type === 'break').length;
      if (today === addLocalDays(LAST, 3)) seen.twoDays++;
      if (expected.state.gapDates.length === 2 && expected.events.length === 1) seen.gapOnly++;
      if (crashed.has(userId)) seen.crashedWithMisses++;
    }
    // Every case happened: shields used, breaks, two ended days, a second missed day that only joined the gap.
    expect(seen.shieldUsed).toBeGreaterThan(count / 2);
    expect(seen.break).toBeGreaterThan(count / 4);
    expect(seen.twoDays).toBeGreaterThan(count / 3);
    expect(seen.twoDays).toBeLessThan(count);
    expect(seen.gapOnly).toBeGreaterThan(0);
    // The rolled-back batch was made of users with missed days: a restart lost and doubled none of them.
    expect(seen.crashedWithMisses).toBe(batchSize);
  }, 240_000);
});
