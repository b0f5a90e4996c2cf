import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { buildTestApp, type TestApp } from '@test/helpers/app';
import { testEngines } from '@test/helpers/db';
import { startFakeOpenAi, type FakeOpenAi } from '@test/fakes/openai';
import { createUser, signInAs } from '@test/helpers/users';
import { CRISIS_ANSWER } from '@shared/domain/coach';
import { AI_COACH_DEFAULT_DAILY_LIMIT, AI_COACH_MESSAGES, AI_QUESTION_MAX_LENGTH, coachDailyLimitMessage } from '@shared/schemas/ai-coach';
import { coachUsage } from '@server/db/schema/index';
import { USER_LIMITS } from '@server/plugins/rate-limit';

/**
 * Issue 31, finding 4: the AI Coach's daily limit counts asks in a usage record that deleting conversations does
 * not touch (per the user's local day; crisis questions count; an ask the provider failed does not), and every
 * provider call carries max_tokens. Finding 5: the ask route is also limited per user and hour.
 */
const LIMIT = 3;
// 22:00 in Auckland (UTC+13 in November): the person's day ends in two hours, not at UTC midnight.
const NOW = '2026-11-25T09:00:00.000Z';

async function person(t: TestApp) {
  const u = await createUser(t.app.db, { timezone: 'Pacific/Auckland', createdAt: new Date('2025-01-01T00:00:00Z'), tier: 'ai-coach', firstName: 'Ada' });
  const cookie = await signInAs(t.app, u);
  const call = async (method: 'POST' | 'DELETE' | 'GET', url: string, payload?: object) => {
    const res = await t.app.inject({ method, url, headers: { cookie }, ...(payload ? { payload } : {}) });
    return { status: res.statusCode, body: res.json() as Record<string, unknown>, headers: res.headers };
  };
  const ask = (question: string) => call('POST', '/api/ai-coach/ask', { question });
  return { u, call, ask };
}

describe.each(testEngines())('AI coach daily limit and max_tokens (issue 31) on %s', (engine) => {
  let t: TestApp;
  let fake: FakeOpenAi;
  beforeAll(async () => {
    fake = await startFakeOpenAi({ model: 'coach-model-x' });
    t = await buildTestApp(engine, { now: NOW, env: { ...fake.env, AI_COACH_DAILY_LIMIT: String(LIMIT), AI_COACH_MAX_TOKENS: '321' } });
  });
  afterAll(async () => {
    await t?.close();
    await fake?.close();
  });

  it('deleting conversations gives no questions back; crisis questions count but are always answered; the next local day starts afresh', async () => {
    t.clock.set(NOW);
    fake.mode = { reply: 'Fake coach advice.' };
    const { u, call, ask } = await person(t);
    const first = await ask('How can I sleep better?');
    expect(first.status).toBe(200);
    expect((await ask('I want to kill myself')).body.advice).toBe(CRISIS_ANSWER);
    expect((await ask('What about food?')).status).toBe(200);
    for (const c of (await call('GET', '/api/ai-coach/conversations')).body as unknown as Array<{ id: string }>) {
      expect((await call('DELETE', `/api/ai-coach/conversations/${c.id}`)).status).toBe(200);
    }
    const over = await ask('One more?');
    expect(over.status).toBe(429);
    expect(over.body.message).toBe(coachDailyLimitMessage(LIMIT));
    expect(Number(over.headers['retry-after'])).toBe(2 * 3600); // Auckland's midnight
    expect((await call('GET', '/api/ai-coach/conversations')).body).toEqual([]); // nothing stored
    // Over the limit, a crisis question is still answered (and counted).
    expect((await ask('I want to end my life')).body.advice).toBe(CRISIS_ANSWER);
    expect(await t.app.db.select().from(coachUsage).where(eq(coachUsage.userId, u.id))).toEqual([{ userId: u.id, localDate: '2026-11-25', asks: 4 }]);
    // Past midnight in Auckland (still the 25th in UTC): a new day.
    t.clock.set('2026-11-25T11:00:01Z');
    expect((await ask('Good morning, what now?')).status).toBe(200);
  });

  it('an ask the provider failed does not count', async () => {
    t.clock.set(NOW);
    const { ask } = await person(t);
    fake.mode = { status: 500 };
    for (let i = 0; i < LIMIT + 2; i++) expect((await ask(`Failing ${i}?`)).status).toBe(502);
    fake.mode = { reply: 'Fake coach advice.' };
    for (let i = 0; i < LIMIT; i++) expect((await ask(`Answered ${i}?`)).status).toBe(200);
    expect((await ask('Over?')).status).toBe(429);
  });

  it('concurrent asks cannot pass the limit together', async () => {
    t.clock.set(NOW);
    fake.mode = { reply: 'Fake coach advice.' };
    const { u, ask } = await person(t);
    const results = await Promise.all(Array.from({ length: 6 }, (_, i) => ask(`How can I rest more? (${i})`)));
    expect(results.map((r) => r.status).sort()).toEqual([200, 200, 200, 429, 429, 429]);
    expect((await t.app.db.select().from(coachUsage).where(eq(coachUsage.userId, u.id)))[0]!.asks).toBe(LIMIT);
  });

  it('every provider call carries max_tokens (AI_COACH_MAX_TOKENS)', async () => {
    t.clock.set(NOW);
    fake.mode = { reply: 'Fake coach advice.' };
    const { ask } = await person(t);
    const before = fake.requests.length;
    expect((await ask('How can I move more?')).status).toBe(200);
    expect(fake.requests.length).toBe(before + 1);
    expect(fake.requests.at(-1)!.body.max_tokens).toBe(321);
  });

  it(`a question over ${AI_QUESTION_MAX_LENGTH.toLocaleString('en-US')} characters is a 400 that counts nothing`, async () => {
    t.clock.set(NOW);
    const { u, ask } = await person(t);
    const res = await ask('a'.repeat(AI_QUESTION_MAX_LENGTH + 1));
    expect(res.status).toBe(400);
    expect(res.body.message).toBe(AI_COACH_MESSAGES.questionTooLong);
    expect(await t.app.db.select().from(coachUsage).where(eq(coachUsage.userId, u.id))).toEqual([]);
  });
});

describe('AI coach defaults', () => {
  it(`${AI_COACH_DEFAULT_DAILY_LIMIT} questions a day and max_tokens 600 unless configured`, async () => {
    const fake = await startFakeOpenAi({ model: 'coach-model-x' });
    const t = await buildTestApp('pglite', { now: NOW, env: fake.env });
    try {
      expect(t.app.config.aiCoachDailyLimit).toBe(30);
      expect(t.app.config.aiCoachMaxTokens).toBe(600);
      const { ask } = await person(t);
      expect((await ask('How can I move more?')).status).toBe(200);
      expect(fake.requests.at(-1)!.body.max_tokens).toBe(600);
    } finally {
      await t.close();
      await fake.close();
    }
  });
});

describe.each(testEngines())('AI coach asks per hour (the per-user rate limiter) on %s', (engine) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp(engine, { now: NOW, env: { AI_COACH_DAILY_LIMIT: '1000' } });
  });
  afterAll(async () => t?.close());

  it(`${USER_LIMITS.aiAsk.max} an hour, then 429 with Retry-After and a sentence; crisis questions still answered; another user unaffected`, async () => {
    const { ask } = await person(t);
    for (let i = 0; i < USER_LIMITS.aiAsk.max; i++) expect((await ask(`Question ${i}?`)).status).toBe(200);
    const over = await ask('Another?');
    expect(over.status).toBe(429);
    expect(Number(over.headers['retry-after'])).toBeGreaterThan(0);
    expect(Number(over.headers['retry-after'])).toBeLessThanOrEqual(3600);
    expect(over.body.message).toMatch(/^You have reached the limit of 20 AI Coach questions per hour\. Please try again in (\d+ minutes?|1 hour)\.$/);
    expect((await ask('I want to kill myself')).body.advice).toBe(CRISIS_ANSWER);
    expect((await (await person(t)).ask('Mine?')).status).toBe(200);
  });
});
