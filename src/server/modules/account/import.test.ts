import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { buildTestApp, type TestApp } from '@test/helpers/app';
import { testEngines, type Engine } from '@test/helpers/db';
import { createUser, signInAs } from '@test/helpers/users';
import { AREAS } from '@shared/domain/scoring';
import { addLocalDays } from '@shared/domain/dates';
import { accountExportSchema, IMPORT_MAX_BYTES, IMPORT_MESSAGES, type AccountExport } from '@shared/schemas/account';
import { checkIns, journalEntries, streakLedger } from '@server/db/schema/index';
import type { UserRow } from '@server/plugins/session';

const NOW = '2026-03-10T12:00:00Z';
const TODAY = '2026-03-10';
const OLD = new Date('2025-01-01T00:00:00Z');

async function userOn(t: TestApp, overrides: Partial<UserRow> = {}) {
  const user = await createUser(t.app.db, { timezone: 'UTC', createdAt: OLD, tier: 'ai-coach', ...overrides });
  const cookie = await signInAs(t.app, user);
  const call = async (method: 'GET' | 'POST', url: string, payload?: unknown) => {
    const res = await t.app.inject({
      method,
      url,
      headers: { cookie, ...(payload !== undefined ? { 'content-type': 'application/json' } : {}) },
      ...(payload !== undefined ? { payload: typeof payload === 'string' ? payload : JSON.stringify(payload) } : {}),
    });
    return { status: res.statusCode, body: res.json() as Record<string, unknown> };
  };
  return { user, call };
}

/** `days` check-ins ending `daysAgo` days before today: 0–4 answers; every third day has a journal. */
async function seedHistory(t: TestApp, userId: string, days: number, daysAgo = 1) {
  for (let i = 0; i < days; i++) {
    const answers = AREAS.map((_, k) => (i + k) % 5);
    const [row] = await t.app.db
      .insert(checkIns)
      .values({
        userId,
        localDate: addLocalDays(TODAY, -daysAgo - i),
        restScore: answers[0]! / 4,
        exerciseScore: answers[1]! / 4,
        nutritionScore: answers[2]! / 4,
        goalsScore: answers[3]! / 4,
        boundariesScore: answers[4]! / 4,
        connectionScore: answers[5]! / 4,
        joyScore: answers[6]! / 4,
        score: answers.reduce((a, b) => a + b, 0) / 28,
        answers,
        subscriptionTierAtCheckIn: 'ai-coach',
        timezone: 'Europe/Lisbon',
        createdAt: new Date(`${addLocalDays(TODAY, -daysAgo - i)}T20:00:00Z`),
        updatedAt: new Date(`${addLocalDays(TODAY, -daysAgo - i)}T20:05:00Z`),
      })
      .returning();
    if (i % 3 === 0) await t.app.db.insert(journalEntries).values({ checkInId: row!.id, userId, restJournal: `Slept ${i} hours, "ok"`, joyJournal: 'Walk with Sam ☀️' });
  }
}

/** The check-ins and journals of an export as compared across accounts (no ids, no flags of the account). */
function history(e: AccountExport) {
  return e.checkIns
    .map(({ id: _id, imported: _imported, journal, ...c }) => ({
      ...c,
      journal: journal ? Object.fromEntries(Object.entries(journal).filter(([k]) => k.endsWith('Journal'))) : null,
    }))
    .sort((a, b) => a.date.localeCompare(b.date));
}

describe.each(testEngines())('POST /api/user/import on %s', (engine) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp(engine, { now: NOW });
  });
  afterAll(async () => t.close());

  async function exportOf(call: Awaited<ReturnType<typeof userOn>>['call']) {
    const res = await call('GET', '/api/user/export?format=json');
    expect(res.status).toBe(200);
    return accountExportSchema.parse(res.body);
  }

  it('adds the missing days as history, never replaces a day, leaves the streak alone, and twice adds nothing', async () => {
    const source = await userOn(t);
    await seedHistory(t, source.user.id, 30);
    const file = await exportOf(source.call);

    const target = await userOn(t, { tier: 'premium' });
    // The target already has one of those days, with other answers: it stays as it is.
    await seedHistory(t, target.user.id, 1, 5);
    const [own] = await t.app.db.select().from(checkIns).where(eq(checkIns.userId, target.user.id));
    const streakBefore = (await target.call('GET', '/api/streak')).body;
    const subscriptionBefore = (await target.call('GET', '/api/subscription')).body;

    const first = await target.call('POST', '/api/user/import', file);
    expect(first.status).toBe(200);
    // 30 days in the file: the one the account has and the two most recent (yesterday and the day before: a
    // queued offline check-in may still come for them) are skipped.
    expect(first.body).toEqual({ imported: 27, skipped: 3 });

    const rows = await t.app.db.select().from(checkIns).where(eq(checkIns.userId, target.user.id));
    expect(rows).toHaveLength(28);
    expect(rows.find((r) => r.localDate === own!.localDate)).toEqual(own);
    expect(rows.filter((r) => r.imported)).toHaveLength(27);
    expect(rows.some((r) => r.localDate >= addLocalDays(TODAY, -2))).toBe(false);
    // Journals came with their days.
    const journals = await t.app.db.select().from(journalEntries).where(eq(journalEntries.userId, target.user.id));
    expect(journals.length).toBeGreaterThan(5);
    expect(journals.every((j) => j.joyJournal === 'Walk with Sam ☀️')).toBe(true);

    // History, not the streak: no ledger row, the streak and the plan as they were.
    expect(await t.app.db.select().from(streakLedger).where(eq(streakLedger.userId, target.user.id))).toEqual([]);
    expect((await target.call('GET', '/api/streak')).body).toEqual(streakBefore);
    expect((await target.call('GET', '/api/subscription')).body).toEqual(subscriptionBefore);

    // They count in the scores.
    const hist = (await target.call('GET', '/api/checkins/history')).body;
    expect(hist.count).toBe(28);

    const again = await target.call('POST', '/api/user/import', file);
    expect(again.body).toEqual({ imported: 0, skipped: 30 });
    expect(await t.app.db.select().from(checkIns).where(eq(checkIns.userId, target.user.id))).toHaveLength(28);
  });

  it('imported days are not "today" for the check-in window: a first real check-in still starts the streak', async () => {
    const source = await userOn(t);
    await seedHistory(t, source.user.id, 25, 3);
    const file = await exportOf(source.call);
    const target = await userOn(t, { tier: 'premium', createdAt: new Date('2026-03-10T08:00:00Z'), firstCheckInCompleted: false });
    const todayBefore = (await target.call('GET', '/api/checkins/today')).body;
    expect((await target.call('POST', '/api/user/import', file)).body).toEqual({ imported: 25, skipped: 0 });
    const todayAfter = (await target.call('GET', '/api/checkins/today')).body;
    expect(todayAfter).toEqual(todayBefore);
    expect(todayAfter.checkIn).toBeNull();

    const res = await target.call('POST', '/api/checkins', { answers: [4, 4, 4, 4, 4, 4, 4] });
    expect(res.status).toBe(201);
    const streak = (await target.call('GET', '/api/streak')).body;
    expect(streak.currentStreak).toBe(1);
    // The imported history feeds the correlations (25 + 1 check-ins: ready).
    const corr = (await target.call('GET', '/api/insights/correlations')).body;
    expect(corr.ready).toBe(true);
    // And the export marks what was imported.
    const out = await exportOf(target.call);
    expect(out.checkIns.filter((c) => c.imported)).toHaveLength(25);
    expect(out.checkIns.find((c) => c.date === TODAY)?.imported).toBe(false);
  });

  it('a file that is not a Big 7 export, or is damaged, is a 400 saying what is wrong, and nothing is written', async () => {
    const source = await userOn(t);
    await seedHistory(t, source.user.id, 5, 4);
    const good = await exportOf(source.call);
    const target = await userOn(t);
    const count = async () => (await t.app.db.select().from(checkIns).where(eq(checkIns.userId, target.user.id))).length;
    const bad = (patch: (f: Record<string, unknown>) => void) => {
      const f = structuredClone(good) as unknown as Record<string, unknown>;
      patch(f);
      return f;
    };
    const second = (f: Record<string, unknown>) => (f.checkIns as Array<Record<string, unknown>>)[1]!;
    const cases: Array<[unknown, string | RegExp]> = [
      [{ hello: 'world' }, IMPORT_MESSAGES.notExport],
      [[1, 2, 3], IMPORT_MESSAGES.notExport],
      [bad((f) => (f.exportVersion = 3)), IMPORT_MESSAGES.version(3)],
      [bad((f) => (f.checkIns = 'none')), /^The export is damaged at checkIns: checkIns must be a list\. Nothing was imported\.$/],
      [bad((f) => (second(f).date = '2026-02-30')), /^The export is damaged at check-in 2 \(2026-02-30\), date: date must be a real date as YYYY-MM-DD\./],
      [bad((f) => (second(f).answers = [1, 2, 3])), /check-in 2 \(\d{4}-\d\d-\d\d\), answers: answers must be 7 answers/],
      [bad((f) => (second(f).answers = [true, 1, 2, 3, 4, 0, 1])), /answers must be 7 answers, all true\/false or all whole numbers/],
      [bad((f) => (second(f).restScore = -1)), /restScore: a score cannot be below 0/],
      [bad((f) => (second(f).journal = { restJournal: 'x'.repeat(281) })), /journal\.restJournal: a journal text can be at most 280 characters/],
      [bad((f) => (second(f).date = (f.checkIns as Array<{ date: string }>)[0]!.date)), /lists \d{4}-\d\d-\d\d more than once/],
    ];
    for (const [body, message] of cases) {
      const res = await target.call('POST', '/api/user/import', body);
      expect(res.status, JSON.stringify(res.body)).toBe(400);
      if (typeof message === 'string') expect(res.body.message).toBe(message);
      else expect(res.body.message).toMatch(message);
    }
    const notJson = await target.call('POST', '/api/user/import', '{"exportVersion": 2, "checkIns": [');
    expect(notJson.status).toBe(400);
    expect(notJson.body.message).toBe('The request body is not valid JSON');
    expect(await count()).toBe(0);
    // The good file still imports afterwards.
    expect((await target.call('POST', '/api/user/import', good)).body).toEqual({ imported: 5, skipped: 0 });
  });

  it('takes a file up to 5 MB (more than the app-wide 2 MB) and refuses a larger one with 413', async () => {
    const target = await userOn(t);
    const padding = 'x'.repeat(3 * 1024 * 1024);
    const big = await target.call('POST', '/api/user/import', { exportVersion: 1, exportedAt: padding, checkIns: [] });
    expect(big.status).toBe(200);
    expect(big.body).toEqual({ imported: 0, skipped: 0 });
    const tooBig = await target.call('POST', '/api/user/import', { exportVersion: 1, exportedAt: 'x'.repeat(IMPORT_MAX_BYTES), checkIns: [] });
    expect(tooBig.status).toBe(413);
    expect(tooBig.body.message).toBe(IMPORT_MESSAGES.tooLarge);
  });

  it('reads a version 1 export (no version-2 sections)', async () => {
    const source = await userOn(t);
    await seedHistory(t, source.user.id, 3, 4);
    const file = (await exportOf(source.call)) as unknown as Record<string, unknown>;
    const v1 = { exportVersion: 1, exportedAt: file.exportedAt, profile: file.profile, checkIns: (file.checkIns as Array<Record<string, unknown>>).map(({ imported: _i, ...c }) => c) };
    const target = await userOn(t);
    expect((await target.call('POST', '/api/user/import', v1)).body).toEqual({ imported: 3, skipped: 0 });
  });

  it('needs a session', async () => {
    const res = await t.app.inject({ method: 'POST', url: '/api/user/import', payload: { exportVersion: 2, checkIns: [] } });
    expect(res.statusCode).toBe(401);
  });
});

/** The other engine than `engine` when both run (TEST_DATABASE_URL set), else the same. */
function otherEngine(engine: Engine): Engine {
  const all = testEngines();
  return all.find((e) => e !== engine) ?? engine;
}

describe.each(testEngines())('round trip from %s', (engine) => {
  let from: TestApp;
  let to: TestApp;
  beforeAll(async () => {
    from = await buildTestApp(engine, { now: NOW });
    to = await buildTestApp(otherEngine(engine), { now: NOW });
  });
  afterAll(async () => {
    await from.close();
    await to.close();
  });

  it('export, import into a fresh account on the other engine, export again: the check-ins and journals are equal', async () => {
    const source = await userOn(from);
    await seedHistory(from, source.user.id, 40, 3);
    const first = accountExportSchema.parse((await source.call('GET', '/api/user/export?format=json')).body);
    const target = await userOn(to);
    expect((await target.call('POST', '/api/user/import', first)).body).toEqual({ imported: 40, skipped: 0 });
    const second = accountExportSchema.parse((await target.call('GET', '/api/user/export?format=json')).body);
    expect(history(second)).toEqual(history(first));
    expect(history(second).filter((c) => c.journal !== null)).toHaveLength(14);
    expect(second.summary).toEqual(first.summary);
    expect(second.checkIns.every((c) => c.imported)).toBe(true);
  });
});
