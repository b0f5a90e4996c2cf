import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '@test/helpers/app';
import { testEngines } from '@test/helpers/db';
import { createUser, signInAs } from '@test/helpers/users';
import { checkInValues } from '@test/helpers/check-ins';
import { AREAS, type Area } from '@shared/domain/scoring';
import { addLocalDays } from '@shared/domain/dates';
import { seededRandom } from '@shared/domain/correlations';
import { INSIGHTS_MESSAGES } from '@shared/schemas/insights';
import { checkIns } from '@server/db/schema/index';
import type { UserRow } from '@server/plugins/session';

const NOW = '2026-11-25T12:00:00.000Z';
const TODAY = '2026-11-25';
const OLD = new Date('2025-01-01T00:00:00Z');

/** `days` daily check-ins ending yesterday (0–4 answers): joy follows rest on the same day, the rest is noise. */
async function seedRelated(t: TestApp, userId: string, days: number, kind: 'scale' | 'boolean' = 'scale') {
  const random = seededRandom(99);
  const rows = Array.from({ length: days }, (_, i) => {
    const rest = kind === 'scale' ? (i * 3) % 5 : i % 2;
    const answers = AREAS.map((a) => (a === 'rest' || a === 'joy' ? rest : kind === 'scale' ? Math.floor(random() * 5) : random() < 0.5 ? 1 : 0));
    const s = Object.fromEntries(AREAS.map((a, k) => [a, kind === 'scale' ? answers[k]! / 4 : answers[k]!])) as Record<Area, number>;
    return checkInValues({
      userId,
      localDate: addLocalDays(TODAY, -1 - i),
      scores: s,
      answers: kind === 'scale' ? answers : answers.map((x) => x === 1),
      tier: kind === 'scale' ? 'premium' : 'free',
    });
  });
  if (rows.length) await t.app.db.insert(checkIns).values(rows);
}

describe.each(testEngines())('GET /api/insights/correlations on %s', (engine) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp(engine, { now: NOW });
  });
  afterAll(async () => t.close());

  async function userWith(overrides: Partial<UserRow>) {
    const u = await createUser(t.app.db, { timezone: 'UTC', createdAt: OLD, ...overrides });
    const cookie = await signInAs(t.app, u);
    const get = async () => {
      const res = await t.app.inject({ method: 'GET', url: '/api/insights/correlations', headers: { cookie } });
      return { status: res.statusCode, body: res.json() as Record<string, unknown> };
    };
    return { u, get };
  }

  it('needs a session', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/insights/correlations' });
    expect(res.statusCode).toBe(401);
  });

  it('free and ad-free users get 403 with the upgrade message', async () => {
    for (const tier of ['free', 'ad-free'] as const) {
      const { u, get } = await userWith({ tier });
      await seedRelated(t, u.id, 30, 'boolean');
      const res = await get();
      expect(res.status).toBe(403);
      expect(res.body.message).toBe(INSIGHTS_MESSAGES.correlationsPremiumOnly);
    }
  });

  it('is not ready before 21 check-ins and says how many more', async () => {
    const { u, get } = await userWith({ tier: 'premium' });
    await seedRelated(t, u.id, 15);
    const res = await get();
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ ready: false, checkInsNeeded: 6, findings: [] });
  });

  it('finds the planted relation for premium and ai-coach, the same answer each time', async () => {
    for (const tier of ['premium', 'ai-coach'] as const) {
      const { u, get } = await userWith({ tier });
      await seedRelated(t, u.id, 40);
      const first = await get();
      expect(first.status).toBe(200);
      expect(first.body.ready).toBe(true);
      const findings = first.body.findings as Array<Record<string, unknown>>;
      expect(findings.length).toBeGreaterThan(0);
      expect(findings.length).toBeLessThanOrEqual(5);
      const restJoy = findings.find((f) => f.lag === 0 && [f.a, f.b].sort().join() === 'joy,rest');
      expect(restJoy).toMatchObject({ direction: 'positive', days: 40 });
      expect(restJoy!.effect).toBeCloseTo(1);
      expect(restJoy!.text).toMatch(/^On days you rest well, your joy is higher: 3\.\d vs \d\.\d, over 40 days\.$/);
      expect(Object.keys(restJoy!).sort()).toEqual(['a', 'b', 'days', 'direction', 'effect', 'lag', 'text']);
      expect((await get()).body).toEqual(first.body);
    }
  });

  it('reads yes/no history too (a premium user who started on the free plan)', async () => {
    const { u, get } = await userWith({ tier: 'premium' });
    await seedRelated(t, u.id, 30, 'boolean');
    const res = await get();
    const f = (res.body.findings as Array<Record<string, unknown>>).find((x) => x.lag === 0 && [x.a, x.b].sort().join() === 'joy,rest');
    expect(f?.text).toMatch(/said yes to (rest|joy), you said yes to (joy|rest) more often: 100% vs 0% of days, over 30 days\./);
  });
});
