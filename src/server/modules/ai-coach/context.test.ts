import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '@test/helpers/app';
import { testEngines } from '@test/helpers/db';
import { startFakeOpenAi, type FakeOpenAi } from '@test/fakes/openai';
import { createUser, signInAs } from '@test/helpers/users';
import { checkInValues } from '@test/helpers/check-ins';
import { AREAS, type Area } from '@shared/domain/scoring';
import { addLocalDays } from '@shared/domain/dates';
import { checkIns, journalEntries } from '@server/db/schema/index';

const NOW = '2026-11-25T12:00:00.000Z';
const TODAY = '2026-11-25';

/**
 * 40 daily check-ins ending yesterday where joy follows boundaries (a finding), boundaries the lowest area, and
 * journal notes two days and twenty days ago (only the first is recent).
 */
async function seed(t: TestApp, userId: string) {
  for (let i = 0; i < 40; i++) {
    const b = (i * 3) % 5;
    const answers = AREAS.map((a) => (a === 'boundaries' || a === 'joy' ? Math.min(b, 2) : a === 'rest' ? 4 : 3));
    const s = Object.fromEntries(AREAS.map((a, k) => [a, answers[k]! / 4])) as Record<Area, number>;
    const [row] = await t.app.db
      .insert(checkIns)
      .values(checkInValues({ userId, localDate: addLocalDays(TODAY, -1 - i), scores: s, answers, tier: 'ai-coach' }))
      .returning();
    if (i === 1) await t.app.db.insert(journalEntries).values({ checkInId: row!.id, userId, boundariesJournal: 'Five meetings in a row and my manager added another at six' });
    if (i === 20) await t.app.db.insert(journalEntries).values({ checkInId: row!.id, userId, boundariesJournal: 'An old note about meetings from weeks ago' });
  }
}

describe.each(testEngines())('the coach answers from findings and notes on %s', (engine) => {
  let t: TestApp;
  let fake: FakeOpenAi;
  let withProvider: TestApp;
  beforeAll(async () => {
    fake = await startFakeOpenAi();
    t = await buildTestApp(engine, { now: NOW });
    withProvider = await buildTestApp(engine, { now: NOW, env: fake.env });
  });
  afterAll(async () => {
    await t.close();
    await withProvider.close();
    await fake.close();
  });

  const ask = async (app: TestApp, question: string) => {
    const u = await createUser(app.app.db, { timezone: 'UTC', createdAt: new Date('2025-01-01T00:00:00Z'), tier: 'ai-coach', firstName: 'Ada' });
    await seed(app, u.id);
    const cookie = await signInAs(app.app, u);
    const res = await app.app.inject({ method: 'POST', url: '/api/ai-coach/ask', headers: { cookie }, payload: { question } });
    expect(res.statusCode).toBe(200);
    return res.json().advice as string;
  };

  it('the built-in coach answers a meetings question with figures, the finding and the recent note', async () => {
    const advice = await ask(t, 'How do I deal with all my meetings?');
    expect(advice.split('\n\n')[0]).toBe('Ada, you asked about meetings. In your check-ins that shows up in boundaries and goals.');
    expect(advice).toMatch(/Boundaries has averaged \d+% across your 13 check-ins of the last two weeks/);
    expect(advice).toMatch(/On days you keep your boundaries, your joy is higher|on days you keep your boundaries, your joy is higher|on days you feel joy, your boundaries/i);
    expect(advice).toContain('“Five meetings in a row and my manager added another at six”');
    expect(advice).not.toContain('An old note');
  });

  it("the configured provider's prompt carries the findings and the recent notes", async () => {
    fake.mode = { reply: 'Take a break between meetings.' };
    expect(await ask(withProvider, 'How do I deal with all my meetings?')).toBe('Take a break between meetings.');
    const system = fake.requests.at(-1)!.messages.find((m) => m.role === 'system')!.content;
    expect(system).toContain('associations, not causes');
    expect(system).toMatch(/- On days you (keep your boundaries|feel joy), your (joy|boundaries) is higher/);
    expect(system).toContain(`${addLocalDays(TODAY, -2)}, Boundaries: Five meetings in a row`);
    expect(system).not.toContain('An old note');
  });
});
