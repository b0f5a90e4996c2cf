import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { buildTestApp, type TestApp } from '@test/helpers/app';
import { testEngines } from '@test/helpers/db';
import { startFakeOpenAi, type FakeOpenAi } from '@test/fakes/openai';
import { createUser, signInAs } from '@test/helpers/users';
import { AREAS, type Area } from '@shared/domain/scoring';
import { CRISIS_ANSWER } from '@shared/domain/coach';
import { addLocalDays } from '@shared/domain/dates';
import { AI_COACH_MESSAGES, AI_QUESTION_MAX_LENGTH } from '@shared/schemas/ai-coach';
import { checkIns, coachConversations, coachMessages } from '@server/db/schema/index';
import type { UserRow } from '@server/plugins/session';

const NOW = '2026-11-25T12:00:00.000Z';
const TODAY = '2026-11-25';
const OLD = new Date('2025-01-01T00:00:00Z');
const OTHER_UUID = '00000000-0000-4000-8000-000000000000';
const GENERAL = 'What should I focus on to boost my wellness scores?';

async function setup(t: TestApp, overrides: Partial<UserRow> = {}) {
  const u = await createUser(t.app.db, { timezone: 'UTC', createdAt: OLD, tier: 'ai-coach', firstName: 'Ada', ...overrides });
  const cookie = await signInAs(t.app, u);
  const call = async (method: 'GET' | 'POST' | 'DELETE', url: string, payload?: unknown) => {
    const res = await t.app.inject({ method, url, headers: { cookie }, ...(payload !== undefined ? { payload: payload as object } : {}) });
    return { status: res.statusCode, body: res.json() as Record<string, unknown> & Array<Record<string, unknown>>, headers: res.headers };
  };
  return { u, cookie, call };
}

/** `days` daily check-ins ending today, every area at 0.75 except `weak` at 0.25. */
async function seedCheckIns(t: TestApp, userId: string, days: number, weak: Area) {
  for (let i = 0; i < days; i++) {
    const s = Object.fromEntries(AREAS.map((a) => [a, a === weak ? 0.25 : 0.75])) as Record<Area, number>;
    await t.app.db.insert(checkIns).values({
      userId,
      localDate: addLocalDays(TODAY, -i),
      restScore: s.rest,
      exerciseScore: s.exercise,
      nutritionScore: s.nutrition,
      goalsScore: s.goals,
      boundariesScore: s.boundaries,
      connectionScore: s.connection,
      joyScore: s.joy,
      score: AREAS.reduce((acc, a) => acc + s[a], 0) / 7,
      answers: AREAS.map((a) => s[a] * 4),
      subscriptionTierAtCheckIn: 'ai-coach',
      timezone: 'UTC',
    });
  }
}

const messagesOf = (t: TestApp, conversationId: string) =>
  t.app.db.select().from(coachMessages).where(eq(coachMessages.conversationId, conversationId)).orderBy(coachMessages.seq);

describe.each(testEngines())('AI coach API (built-in coach) on %s', (engine) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp(engine, { now: NOW });
  });
  afterAll(async () => t.close());
  beforeEach(() => t.clock.set(NOW));

  it('signed out: 401 on every AI coach route', async () => {
    for (const [method, url] of [
      ['POST', '/api/ai-coach/ask'],
      ['GET', '/api/ai-coach/conversations'],
      ['GET', `/api/ai-coach/conversations/${OTHER_UUID}/messages`],
      ['DELETE', `/api/ai-coach/conversations/${OTHER_UUID}`],
    ] as const) {
      const res = await t.app.inject({ method, url, ...(method === 'POST' ? { payload: { question: 'Hi' } } : {}) });
      expect(res.statusCode, `${method} ${url}`).toBe(401);
    }
  });

  it('other tiers: 403 with a clear message, nothing stored', async () => {
    for (const tier of ['free', 'ad-free', 'premium'] as const) {
      const { u, call } = await setup(t, { tier });
      const ask = await call('POST', '/api/ai-coach/ask', { question: 'How can I sleep better?' });
      expect(ask.status, tier).toBe(403);
      expect(ask.body.message).toBe(AI_COACH_MESSAGES.tierRequired);
      expect((await call('GET', '/api/ai-coach/conversations')).status).toBe(403);
      expect((await call('GET', `/api/ai-coach/conversations/${OTHER_UUID}/messages`)).status).toBe(403);
      expect((await call('DELETE', `/api/ai-coach/conversations/${OTHER_UUID}`)).status).toBe(403);
      expect(await t.app.db.select().from(coachConversations).where(eq(coachConversations.userId, u.id))).toEqual([]);
    }
  });

  it('an AI Coach trial (coupon OFFERAI30) reaches the coach until it ends', async () => {
    const { u, call } = await setup(t, { tier: 'free' });
    expect((await call('POST', '/api/coupons/redeem', { code: 'OFFERAI30' })).status).toBe(200);
    expect((await call('POST', '/api/ai-coach/ask', { question: 'How can I sleep better?' })).status).toBe(200);
    t.clock.advance(31 * 24 * 60 * 60 * 1000);
    // A fresh session (the first one is older than 7 days now); the user row still says ai-coach until the trial is applied.
    const cookie = await signInAs(t.app, u);
    const after = await t.app.inject({ method: 'POST', url: '/api/ai-coach/ask', headers: { cookie }, payload: { question: 'How can I sleep better?' } });
    expect(after.statusCode).toBe(403);
    expect(after.json().message).toBe(AI_COACH_MESSAGES.tierRequired);
  });

  it('question rules: trimmed; blank, whitespace, too long or not text → 400 with a message, nothing stored', async () => {
    const { u, call } = await setup(t);
    for (const payload of [{ question: '' }, { question: '   \n\t ' }, {}, { question: 42 }]) {
      const res = await call('POST', '/api/ai-coach/ask', payload);
      expect(res.status, JSON.stringify(payload)).toBe(400);
      expect(res.body.message).toBe(AI_COACH_MESSAGES.questionRequired);
    }
    const long = await call('POST', '/api/ai-coach/ask', { question: 'a'.repeat(AI_QUESTION_MAX_LENGTH + 1) });
    expect(long.status).toBe(400);
    expect(long.body.message).toBe(AI_COACH_MESSAGES.questionTooLong);
    const nul = await call('POST', '/api/ai-coach/ask', { question: 'sleep\u0000' });
    expect(nul.status).toBe(400);
    expect(await t.app.db.select().from(coachMessages).where(eq(coachMessages.userId, u.id))).toEqual([]);

    const ok = await call('POST', '/api/ai-coach/ask', { question: `  ${'a'.repeat(AI_QUESTION_MAX_LENGTH - 10)} sleep?  ` });
    expect(ok.status).toBe(200);
    const [first] = await messagesOf(t, ok.body.conversationId as string);
    expect(first!.content).toBe(`${'a'.repeat(AI_QUESTION_MAX_LENGTH - 10)} sleep?`);
  });

  it('ask, list, read and continue a conversation; messages in order; title from the first question', async () => {
    const { u, call } = await setup(t);
    await seedCheckIns(t, u.id, 5, 'rest');
    const first = await call('POST', '/api/ai-coach/ask', { question: '  How can I sleep better when work is busy?  ' });
    expect(first.status).toBe(200);
    expect(Object.keys(first.body).sort()).toEqual(['advice', 'conversationId']);
    expect(first.body.advice).toContain('Rest has averaged 25%');
    const id = first.body.conversationId as string;

    const second = await call('POST', '/api/ai-coach/ask', { question: 'And what about my joy?', conversationId: id });
    expect(second.status).toBe(200);
    expect(second.body.conversationId).toBe(id);

    const list = await call('GET', '/api/ai-coach/conversations');
    expect(list.body).toEqual([{ id, title: 'How can I sleep better when work is busy?', createdAt: NOW }]);

    const msgs = await call('GET', `/api/ai-coach/conversations/${id}/messages`);
    expect(msgs.status).toBe(200);
    expect(msgs.body.map((m) => [m.role, m.content])).toEqual([
      ['user', 'How can I sleep better when work is busy?'],
      ['assistant', first.body.advice],
      ['user', 'And what about my joy?'],
      ['assistant', second.body.advice],
    ]);
    expect(Object.keys(msgs.body[0]!).sort()).toEqual(['content', 'createdAt', 'id', 'role']);

    // A new question without an id starts another conversation, listed first.
    t.clock.advance(60_000);
    const other = await call('POST', '/api/ai-coach/ask', { question: GENERAL });
    const listed = await call('GET', '/api/ai-coach/conversations');
    expect(listed.body.map((c) => c.id)).toEqual([other.body.conversationId, id]);
  });

  it('the built-in coach gives different advice to people with different weakest areas', async () => {
    const a = await setup(t);
    const b = await setup(t);
    await seedCheckIns(t, a.u.id, 7, 'rest');
    await seedCheckIns(t, b.u.id, 7, 'connection');
    const adviceA = (await a.call('POST', '/api/ai-coach/ask', { question: GENERAL })).body.advice as string;
    const adviceB = (await b.call('POST', '/api/ai-coach/ask', { question: GENERAL })).body.advice as string;
    expect(adviceA).not.toBe(adviceB);
    expect(adviceA).toContain('Rest has averaged 25%');
    expect(adviceB).toContain('Connection has averaged 25%');
    // No data yet: how to start.
    const c = await setup(t);
    expect((await c.call('POST', '/api/ai-coach/ask', { question: GENERAL })).body.advice).toContain("complete today's check-in");
  });

  it('a crisis question gets the safety answer, stored in the conversation', async () => {
    const { call } = await setup(t);
    const res = await call('POST', '/api/ai-coach/ask', { question: "I don't want to live anymore" });
    expect(res.status).toBe(200);
    expect(res.body.advice).toBe(CRISIS_ANSWER);
    const msgs = await call('GET', `/api/ai-coach/conversations/${res.body.conversationId}/messages`);
    expect(msgs.body.map((m) => m.content)).toEqual(["I don't want to live anymore", CRISIS_ANSWER]);
  });

  it("only the owner reaches a conversation: anyone else's, a missing one or a malformed id → 404, nothing changes", async () => {
    const owner = await setup(t);
    const other = await setup(t);
    const id = (await owner.call('POST', '/api/ai-coach/ask', { question: 'How can I sleep better?' })).body.conversationId as string;
    for (const bad of [id, OTHER_UUID, 'not-a-uuid', '%00', "1' or '1'='1"]) {
      const path = encodeURIComponent(bad).replace('%2500', '%00');
      const read = await other.call('GET', `/api/ai-coach/conversations/${path}/messages`);
      expect(read.status, bad).toBe(404);
      expect(read.body.message).toBe(AI_COACH_MESSAGES.conversationNotFound);
      expect((await other.call('DELETE', `/api/ai-coach/conversations/${path}`)).status, bad).toBe(404);
      const cont = await other.call('POST', '/api/ai-coach/ask', { question: 'Hello?', conversationId: bad });
      expect(cont.status, bad).toBe(404);
    }
    expect(await other.call('GET', '/api/ai-coach/conversations').then((r) => r.body)).toEqual([]);
    expect(await messagesOf(t, id)).toHaveLength(2);
    expect((await owner.call('GET', `/api/ai-coach/conversations/${id}/messages`)).body).toHaveLength(2);
  });

  it('delete removes the conversation and its messages', async () => {
    const { call } = await setup(t);
    const id = (await call('POST', '/api/ai-coach/ask', { question: 'How can I sleep better?' })).body.conversationId as string;
    const del = await call('DELETE', `/api/ai-coach/conversations/${id}`);
    expect(del.status).toBe(200);
    expect(del.body.message).toBe(AI_COACH_MESSAGES.deletedText);
    expect((await call('GET', '/api/ai-coach/conversations')).body).toEqual([]);
    expect(await messagesOf(t, id)).toEqual([]);
    expect((await call('DELETE', `/api/ai-coach/conversations/${id}`)).status).toBe(404);
    expect((await call('GET', `/api/ai-coach/conversations/${id}/messages`)).status).toBe(404);
  });
});

describe.each(testEngines())('AI coach API with an OpenAI-compatible provider on %s', (engine) => {
  let t: TestApp;
  let fake: FakeOpenAi;
  beforeAll(async () => {
    fake = await startFakeOpenAi({ model: 'coach-model-x', apiKey: 'sk-fake-123' });
    t = await buildTestApp(engine, { now: NOW, env: { ...fake.env, AI_COACH_TIMEOUT_MS: '800' } });
  });
  afterAll(async () => {
    await t.close();
    await fake.close();
  });
  beforeEach(() => {
    t.clock.set(NOW);
    fake.mode = { reply: 'Fake coach advice.' };
  });
  afterEach(() => {
    fake.requests.length = 0;
  });

  it("sends the user's 14-day summary and the conversation so far; the advice is the provider's answer", async () => {
    const { u, call } = await setup(t);
    await seedCheckIns(t, u.id, 6, 'nutrition');
    fake.mode = { reply: '  Eat a proper breakfast.  ' };
    const first = await call('POST', '/api/ai-coach/ask', { question: 'How can I eat better?' });
    expect(first.status).toBe(200);
    expect(first.body.advice).toBe('Eat a proper breakfast.');
    fake.mode = { reply: 'Plan your meals on Sunday.' };
    const second = await call('POST', '/api/ai-coach/ask', { question: 'Any tips for the weekend?', conversationId: first.body.conversationId });
    expect(second.body.advice).toBe('Plan your meals on Sunday.');

    expect(fake.requests).toHaveLength(2);
    const req = fake.requests[1]!;
    expect(req.authorization).toBe('Bearer sk-fake-123');
    expect(req.model).toBe('coach-model-x');
    const [system, ...rest] = req.messages;
    expect(system!.role).toBe('system');
    expect(system!.content).toContain('Nutrition 25%');
    expect(system!.content).toContain('Weakest areas: Nutrition');
    expect(system!.content).toContain('Check-ins in the last 14 days: 6');
    expect(system!.content).toContain('Streak:');
    expect(system!.content).toContain('not a therapist, doctor');
    expect(rest).toEqual([
      { role: 'user', content: 'How can I eat better?' },
      { role: 'assistant', content: 'Eat a proper breakfast.' },
      { role: 'user', content: 'Any tips for the weekend?' },
    ]);
  });

  it('a provider failure answers 502 with a message and keeps the question', async () => {
    const { call } = await setup(t);
    fake.mode = { status: 500 };
    const res = await call('POST', '/api/ai-coach/ask', { question: 'How can I sleep better?' });
    expect(res.status).toBe(502);
    expect(res.body.message).toBe(AI_COACH_MESSAGES.providerFailed);
    const id = res.body.conversationId as string;
    expect(fake.requests.length).toBeGreaterThanOrEqual(1);
    const msgs = await call('GET', `/api/ai-coach/conversations/${id}/messages`);
    expect(msgs.body.map((m) => [m.role, m.content])).toEqual([['user', 'How can I sleep better?']]);
    expect((await call('GET', '/api/ai-coach/conversations')).body.map((c) => c.id)).toEqual([id]);
    // Asking again in the same conversation works once the provider is back.
    fake.mode = { reply: 'Try a fixed wake-up time.' };
    const retry = await call('POST', '/api/ai-coach/ask', { question: 'How can I sleep better?', conversationId: id });
    expect(retry.status).toBe(200);
  });

  it('a provider that does not answer in time: 502 within the timeout (retries included), question kept', async () => {
    const { call } = await setup(t);
    fake.mode = 'hang';
    const started = Date.now();
    const res = await call('POST', '/api/ai-coach/ask', { question: 'Why am I always tired?' });
    const took = Date.now() - started;
    expect(res.status).toBe(502);
    expect(res.body.message).toBe(AI_COACH_MESSAGES.providerFailed);
    expect(took).toBeGreaterThanOrEqual(700);
    // One AbortSignal bounds the whole call: the SDK's retry (another 800 ms after a back-off) does not add to it.
    expect(took).toBeLessThan(1_500);
    const msgs = await call('GET', `/api/ai-coach/conversations/${res.body.conversationId}/messages`);
    expect(msgs.body.map((m) => m.content)).toEqual(['Why am I always tired?']);
  });

  it('a crisis question gets the safety answer without calling the provider', async () => {
    const { call } = await setup(t);
    const res = await call('POST', '/api/ai-coach/ask', { question: 'I have been thinking about suicide' });
    expect(res.status).toBe(200);
    expect(res.body.advice).toBe(CRISIS_ANSWER);
    expect(fake.requests).toEqual([]);
  });
});
