import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { createTestDb, testEngines } from '../../../test/helpers/db';
import type { DbHandle } from '../db/client';
import { addLocalDays, startOfLocalDay } from '../../shared/domain/dates';
import { initialStreakState, settle, todayOf } from '../../shared/domain/streak-engine';
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

const D = '2026-03-10';
// Every zone's 03-10 has ended; in the far-east zones 03-11 has ended too (two missed days to settle).
const NOW = new Date('2026-03-11T12:30:00Z');

describe.each(testEngines())('rollover job on %s', (engine) => {
  const count = engine === 'postgres' ? 10_000 : 1_000;
  let h: DbHandle;
  beforeAll(async () => {
    h = await createTestDb(engine, { poolMax: 10 });
    const zoneArray = sql.raw(`ARRAY[${ZONES.map((z) => `'${z}'`).join(',')}]`);
    await h.db.execute(sql`
      INSERT INTO users (id, email, first_name, timezone)
      SELECT 'u' || i, 'u' || i || '@example.com', 'U', (${zoneArray})[1 + i % 40]
      FROM generate_series(1, ${count}) AS i`);
    const next = sql.join(
      ZONES.map((z) => sql`(${z}::text, ${startOfLocalDay(addLocalDays(D, 1), z).toISOString()}::timestamptz)`),
      sql`, `,
    );
    await h.db.execute(sql`
      INSERT INTO streak_states (user_id, current_streak, best_streak, freeze_days_remaining, checkpoint,
        last_completed_date, last_processed_date, next_rollover_at, timezone)
      SELECT u.id, 10, 10, (substr(u.id, 2)::int % 3), 0, ${D}::date, ${D}::date, z.next_at, u.timezone
      FROM users u JOIN (VALUES ${next}) AS z(tz, next_at) ON z.tz = u.timezone`);
  }, 120_000);
  afterAll(async () => h?.close());

  it(`settles each of ${count} users' missed days exactly once with two runners, a crash and a restart`, async () => {
    // Runner A crashes in its third batch (that batch rolls back); runner B stops early (a restart);
    // both run at the same time. Then a fresh runner finishes the work.
    const batchSize = count / 10;
    const crash = rolloverTick(h.db, NOW, {
      batchSize,
      afterBatchWrites: (n) => {
        if (n === 2) throw new Error('simulated crash');
      },
    }).catch((e: Error) => e);
    const early = rolloverTick(h.db, NOW, { batchSize, maxBatches: 3 });
    const [a, b] = await Promise.all([crash, early]);
    expect(a).toBeInstanceOf(Error);
    expect((b as { users: number }).users).toBe(3 * batchSize);
    const rest = await rolloverTick(h.db, NOW, { batchSize: 500 });
    expect(rest.users).toBeGreaterThan(0);
    expect((await rolloverTick(h.db, NOW)).users).toBe(0); // nothing due any more

    const states = (await h.db.execute(sql`
      SELECT s.user_id, s.timezone, s.current_streak, s.freeze_days_remaining, s.freeze_days_used,
             s.last_processed_date::text AS lpd, s.next_rollover_at,
             (SELECT count(*) FROM streak_frozen_days f WHERE f.user_id = s.user_id)::int AS frozen,
             (SELECT count(*) FROM streak_ledger l WHERE l.user_id = s.user_id AND l.reason = 'shield-used')::int AS shield_rows,
             (SELECT count(*) FROM streak_ledger l WHERE l.user_id = s.user_id AND l.reason = 'break')::int AS break_rows
      FROM streak_states s`)) as unknown as { rows: Record<string, unknown>[] };
    const rows = states.rows;
    expect(rows).toHaveLength(count);
    let twoDays = 0;
    for (const r of rows) {
      const userId = String(r.user_id);
      const shields = Number(userId.slice(1)) % 3;
      const tz = String(r.timezone);
      const start = { ...initialStreakState(), currentStreak: 10, bestStreak: 10, freezeDaysRemaining: shields, lastCompletedDate: D, lastProcessedDate: D };
      const today = todayOf(NOW, tz);
      const expected = settle(start, today);
      if (today > addLocalDays(D, 2)) throw new Error('unexpected');
      if (today === addLocalDays(D, 2)) twoDays++;
      const usedShields = expected.events.filter((e) => e.type === 'shield-used').length;
      const breaks = expected.events.filter((e) => e.type === 'break').length;
      expect({ userId, streak: r.current_streak, shields: r.freeze_days_remaining, used: r.freeze_days_used, lpd: r.lpd, frozen: r.frozen, shieldRows: r.shield_rows, breakRows: r.break_rows }).toEqual({
        userId,
        streak: expected.state.currentStreak,
        shields: expected.state.freezeDaysRemaining,
        used: usedShields,
        lpd: addLocalDays(today, -1),
        frozen: usedShields,
        shieldRows: usedShields,
        breakRows: breaks,
      });
      // Still at risk → due again at the next local midnight; otherwise nothing to roll over.
      if (expected.state.currentStreak > 0) {
        expect(new Date(r.next_rollover_at as string).getTime()).toBe(startOfLocalDay(addLocalDays(today, 1), tz).getTime());
      } else {
        expect(r.next_rollover_at).toBeNull();
      }
    }
    expect(twoDays).toBeGreaterThan(0); // some zones had two ended days to settle
  }, 240_000);
});
