import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { contextOf } from '@server/context';
import { buildApp } from '@server/app';
import { openDb } from '@server/db/client';
import { ManualClock } from '@server/context';
import { startAppWithPushService, MemoryMailer, testConfig, type TestApp } from '@test/helpers/app';
import { createTestDb, testEngines } from '@test/helpers/db';
import { createUser, signInAs } from '@test/helpers/users';
import { startPushService, type FakePushService, type TestSubscription } from '@test/fakes/push-service';
import { reminderDueAt, type ReminderKind } from '@shared/domain/reminders';
import { addLocalDays } from '@shared/domain/dates';
import { pushSubscriptions, reminderSchedules, users } from '@server/db/schema/index';
import { registerSubscription, reminderTick } from './service';

const yes7 = Array.from({ length: 7 }, () => true);
const TITLES: Record<ReminderKind, string> = { daily: 'Window is open.', 'last-chance': 'Last chance to check in' };

describe.each(testEngines())('the reminder scheduler on %s, with an injected clock', (engine) => {
  let t: TestApp;
  let push: FakePushService;
  beforeAll(async () => { ({ t, push } = await startAppWithPushService(engine, '2026-03-07T00:00:00Z')); });
  afterAll(async () => { await Promise.all([t?.close(), push?.close()]); });

  it('sends each user\'s reminders within 60 s of their local times across zones and the US DST change; a checked-in user is skipped', async () => {
    const people = [
      { name: 'tokyo', timezone: 'Asia/Tokyo', checkInTime: '20:00' },
      { name: 'london', timezone: 'Europe/London', checkInTime: '20:00' },
      { name: 'newyork', timezone: 'America/New_York', checkInTime: '20:00' },
      { name: 'newyork-late', timezone: 'America/New_York', checkInTime: '21:45' },
      { name: 'la', timezone: 'America/Los_Angeles', checkInTime: '23:45' },
    ];
    const subs = new Map<string, TestSubscription>();
    const ids = new Map<string, string>();
    for (const p of people) {
      const user = await createUser(t.app.db, { timezone: p.timezone, checkInTime: p.checkInTime, createdAt: new Date('2025-01-01T00:00:00Z') });
      const s = push.subscribe();
      await registerSubscription(contextOf(t.app), user.id, s.toJSON());
      subs.set(p.name, s);
      ids.set(p.name, user.id);
    }
    const start = t.clock.now().getTime();
    const end = Date.parse('2026-03-10T12:00:00Z');
    // Every reminder due in (start, end], from the pure rule (pinned by its own tests).
    const expected: Array<{ who: string; kind: ReminderKind; date: string; due: number }> = [];
    for (const p of people) {
      for (let date = '2026-03-05'; date <= '2026-03-11'; date = addLocalDays(date, 1)) {
        for (const kind of ['daily', 'last-chance'] as const) {
          const due = reminderDueAt(kind, date, p.timezone, p.checkInTime)!.getTime();
          if (due > start && due <= end) expected.push({ who: p.name, kind, date, due });
        }
      }
    }
    // The newyork-late user checks in at 21:50 EDT on 2026-03-08 (01:50Z on 03-09): no last chance that day.
    const checkInAt = Date.parse('2026-03-09T01:50:00Z');
    const skipped = (e: (typeof expected)[number]) => e.who === 'newyork-late' && e.kind === 'last-chance' && e.date === '2026-03-08';
    const checkpoints = [...new Set([...expected.flatMap((e) => [e.due - 30_000, e.due + 30_000]), checkInAt])].sort((a, b) => a - b);

    const got: Array<{ who: string; title: string; at: number }> = [];
    let seen = 0;
    for (const cp of checkpoints) {
      t.clock.set(new Date(cp));
      if (cp === checkInAt) {
        const cookie = await signInAs(t.app, { id: ids.get('newyork-late')! });
        const r = await t.app.inject({ method: 'POST', url: '/api/checkins', headers: { cookie }, payload: { answers: yes7 } });
        expect(r.statusCode).toBe(201);
      }
      await reminderTick(contextOf(t.app), t.clock.now());
      await t.app.jobs.drain();
      for (const m of push.received.slice(seen)) {
        const who = [...subs].find(([, s]) => s.id === m.id)![0];
        got.push({ who, title: (m.json as { title: string }).title, at: cp });
      }
      seen = push.received.length;
    }

    for (const e of expected) {
      const matches = got.filter((g) => g.who === e.who && g.title === TITLES[e.kind] && g.at >= e.due && g.at <= e.due + 60_000);
      expect(matches, `${e.who} ${e.kind} ${e.date}`).toHaveLength(skipped(e) ? 0 : 1);
    }
    expect(got).toHaveLength(expected.filter((e) => !skipped(e)).length);
    // The DST change (Sunday 8 March, 02:00), spelled out: 20:00 in New York is 01:00Z on Friday the 6th and
    // Saturday the 7th, 00:00Z from Sunday the 8th on.
    const ny = got.filter((g) => g.who === 'newyork' && g.title === TITLES.daily).map((g) => new Date(g.at).toISOString());
    expect(ny).toEqual(['2026-03-07T01:00:30.000Z', '2026-03-08T01:00:30.000Z', '2026-03-09T00:00:30.000Z', '2026-03-10T00:00:30.000Z']);
  });
});

describe.skipIf(!process.env.TEST_DATABASE_URL)('two instances on one PostgreSQL', () => {
  it('send each reminder once', async () => {
    const push = await startPushService();
    const h = await createTestDb('postgres', { poolMax: 4 });
    const other = await openDb({ databaseUrl: h.url!, migrate: false, poolMax: 4, onIdleError: () => {} });
    const clock = new ManualClock('2026-03-10T12:00:00Z');
    const make = (db: typeof h.db) =>
      buildApp({ config: testConfig({ PUSH_ALLOWED_HOSTS: push.host }), db, dbEngine: 'postgres', clock, mailer: new MemoryMailer(), webRoot: null, jobsRandom: () => 0 });
    const a = await make(h.db);
    const b = await make(other.db);
    try {
      const n = 120;
      const subs: TestSubscription[] = [];
      for (let i = 0; i < n; i++) {
        const user = await createUser(a.db, { timezone: 'UTC', checkInTime: '20:00', createdAt: new Date('2025-01-01T00:00:00Z') });
        const s = push.subscribe();
        await registerSubscription(contextOf(a), user.id, s.toJSON());
        subs.push(s);
      }
      clock.set('2026-03-10T20:00:20Z');
      // Both instances tick several times (as their recurring slots and pollers would), concurrently.
      await Promise.all([
        (async () => {
          for (let i = 0; i < 3; i++) await reminderTick(contextOf(a), clock.now(), 25);
        })(),
        (async () => {
          for (let i = 0; i < 3; i++) await reminderTick(contextOf(b), clock.now(), 25);
        })(),
      ]);
      await Promise.all([a.jobs.drain(), b.jobs.drain()]);
      expect(push.rejected).toEqual([]);
      for (const s of subs) expect(push.received.filter((m) => m.id === s.id)).toHaveLength(1);
      expect(push.received).toHaveLength(n);
      const rows = await a.db.select().from(reminderSchedules);
      expect(rows.filter((r) => r.kind === 'daily').every((r) => r.nextAt?.toISOString() === '2026-03-11T20:00:00.000Z')).toBe(true);
      expect((await a.db.select().from(pushSubscriptions)).length).toBe(n);
      expect((await a.db.select().from(users)).length).toBe(n);
    } finally {
      await a.close();
      await b.close();
      await other.close();
      await h.close();
      await push.close();
    }
  });
});
