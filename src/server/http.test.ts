import Fastify from 'fastify';
import { validatorCompiler } from 'fastify-type-provider-zod';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { buildTestApp, type TestApp } from '@test/helpers/app';
import { testEngines } from '@test/helpers/db';
import { createUser, signInAs } from '@test/helpers/users';
import { tableDigests } from '@test/helpers/table-digest';
import { JSON_BODY_MESSAGES, MAX_JSON_DEPTH, parseJsonBody, serializerCompiler, zodSerializedResponses } from './http';

const LONE = '\ud800x';
const nested = (depth: number): string => '['.repeat(depth) + ']'.repeat(depth);

describe('parseJsonBody', () => {
  const parse = (text: string | Buffer, type = 'application/json') => parseJsonBody(type, Buffer.isBuffer(text) ? text : Buffer.from(text));
  const statusOf = (f: () => unknown) => {
    try {
      f();
      return 'ok';
    } catch (err) {
      return `${(err as { statusCode: number }).statusCode} ${(err as Error).message}`;
    }
  };

  it('reads UTF-8 JSON with well-formed text, pairs of surrogates included', () => {
    expect(parse('{"a":"\\ud83d\\ude00 ok","b":[1,{"c":null}]}')).toEqual({ a: '😀 ok', b: [1, { c: null }] });
    expect(parse('{"a":"é"}', 'application/json; charset=UTF-8')).toEqual({ a: 'é' });
    expect(parse('{"a":1}', 'application/json;charset="utf8"')).toEqual({ a: 1 });
  });

  it('refuses a lone surrogate in a value or a key, naming the field', () => {
    expect(statusOf(() => parse(JSON.stringify({ firstName: LONE })))).toBe(`400 firstName: ${JSON_BODY_MESSAGES.loneSurrogate}`);
    expect(statusOf(() => parse('{"a":{"list":["ok","\\udc00"]}}'))).toBe(`400 a.list.1: ${JSON_BODY_MESSAGES.loneSurrogate}`);
    expect(statusOf(() => parse('{"\\ud800":1}'))).toMatch(/^400 /);
    expect(statusOf(() => parse('"\\ud800"'))).toBe(`400 ${JSON_BODY_MESSAGES.loneSurrogate}`);
  });

  it('refuses bytes that are not UTF-8 and charsets other than UTF-8', () => {
    expect(statusOf(() => parse(Buffer.from([0x7b, 0x22, 0x61, 0x22, 0x3a, 0x22, 0xff, 0x22, 0x7d])))).toBe(`400 ${JSON_BODY_MESSAGES.notUtf8}`);
    expect(statusOf(() => parse(Buffer.from('{"a":"\xed\xa0\x80"}', 'latin1')))).toBe(`400 ${JSON_BODY_MESSAGES.notUtf8}`);
    expect(statusOf(() => parse('{"a":1}', 'application/json; charset=latin1'))).toBe(`415 ${JSON_BODY_MESSAGES.charset}`);
    expect(statusOf(() => parse('{"a":1}', 'application/json; charset=utf-16'))).toBe(`415 ${JSON_BODY_MESSAGES.charset}`);
  });

  it(`allows ${MAX_JSON_DEPTH} levels of nesting and refuses one more`, () => {
    expect(statusOf(() => parse(nested(MAX_JSON_DEPTH)))).toBe('ok');
    expect(statusOf(() => parse(nested(MAX_JSON_DEPTH + 1)))).toBe(`400 ${JSON_BODY_MESSAGES.tooDeep}`);
    expect(statusOf(() => parse(nested(500_000)))).toBe(`400 ${JSON_BODY_MESSAGES.tooDeep}`);
    // Brackets inside strings are text, not nesting.
    expect(statusOf(() => parse(JSON.stringify({ a: '['.repeat(1000) + '\\"{' })))).toBe('ok');
  });

  it('refuses prototype keys, empty and broken bodies', () => {
    expect(statusOf(() => parse('{"__proto__":{"x":1}}'))).toBe(`400 ${JSON_BODY_MESSAGES.prototypeKey}`);
    expect(statusOf(() => parse('{"a":{"constructor":{"prototype":{}}}}'))).toBe(`400 a: ${JSON_BODY_MESSAGES.prototypeKey}`);
    expect(statusOf(() => parse('{"constructor":"x"}'))).toBe('ok');
    expect(statusOf(() => parse(''))).toBe(`400 ${JSON_BODY_MESSAGES.empty}`);
    expect(statusOf(() => parse('{"a":'))).toBe(`400 ${JSON_BODY_MESSAGES.invalid}`);
  });
});

describe.each(testEngines())('only real text through the API on %s', (engine) => {
  let t: TestApp;
  let cookie: string;
  beforeAll(async () => {
    t = await buildTestApp(engine, { now: '2026-03-10T12:00:00Z' });
    const user = await createUser(t.app.db, { timezone: 'UTC', tier: 'ai-coach', createdAt: new Date('2025-01-01T00:00:00Z') });
    cookie = await signInAs(t.app, user);
  });
  afterAll(async () => t.close());

  const send = (url: string, payload: string, contentType = 'application/json', method: 'POST' | 'PATCH' = 'POST') =>
    t.app.inject({ method, url, headers: { cookie, 'content-type': contentType }, payload });

  it('refuses a lone surrogate in every text field with a 400 naming it, and writes nothing', async () => {
    const before = await tableDigests(t.app.db);
    const cases: Array<[string, object, string, ('POST' | 'PATCH')?]> = [
      ['/api/auth/signup', { firstName: LONE, email: 'lone1@example.com', password: 'Passw0rd!' }, 'firstName'],
      ['/api/auth/signup', { firstName: 'A', email: `${LONE}@b.co`, password: 'Passw0rd!' }, 'email'],
      ['/api/feedback', { message: `hello ${LONE}` }, 'message'],
      ['/api/support/contact', { subject: 'Help', message: `x${LONE}` }, 'message'],
      ['/api/ai-coach/ask', { question: `How ${LONE}?` }, 'question'],
      ['/api/checkins', { answers: [1, 2, 3, 4, 5, 6, 7], journalEntries: [LONE, null, null, null, null, null, null] }, 'journalEntries.0'],
      ['/api/user/profile', { firstName: LONE }, 'firstName', 'PATCH'],
    ];
    for (const [url, body, field, method] of cases) {
      const res = await send(url, JSON.stringify(body), 'application/json', method);
      expect(res.statusCode, url).toBe(400);
      expect(res.json(), url).toMatchObject({ message: `${field}: ${JSON_BODY_MESSAGES.loneSurrogate}`, errors: [{ field }] });
    }
    expect(await tableDigests(t.app.db)).toEqual(before);
  });

  it('answers 415 to a charset other than UTF-8, 400 to deep nesting, bad bytes and prototype keys', async () => {
    const before = await tableDigests(t.app.db);
    expect((await send('/api/feedback', '{"message":"hi"}', 'application/json; charset=iso-8859-1')).statusCode).toBe(415);
    expect((await send('/api/feedback', JSON.stringify({ message: 'hi', x: JSON.parse(nested(70)) }))).json()).toEqual({
      message: JSON_BODY_MESSAGES.tooDeep,
      errors: [{ field: '', message: JSON_BODY_MESSAGES.tooDeep }],
    });
    const latin1 = Buffer.from('{"message":"caf\xe9"}', 'latin1');
    const r = await t.app.inject({ method: 'POST', url: '/api/feedback', headers: { cookie, 'content-type': 'application/json' }, payload: latin1 });
    expect([r.statusCode, r.json().message]).toEqual([400, JSON_BODY_MESSAGES.notUtf8]);
    expect((await send('/api/feedback', '{"message":"hi","__proto__":{"admin":true}}')).statusCode).toBe(400);
    expect(await tableDigests(t.app.db)).toEqual(before);
    // The same request as real UTF-8 text is accepted.
    expect((await send('/api/feedback', '{"message":"café 😀"}', 'application/json; charset=utf-8')).statusCode).toBe(201);
  });

  it('a write route that takes no body refuses any other than {} or none, and acts on neither refusal', async () => {
    const before = await tableDigests(t.app.db);
    for (const payload of ['{"reason":"x"}', '[]', '"text"', '5']) {
      const res = await send('/api/streak/decline-recovery', payload);
      expect([res.statusCode, res.json().message], payload).toEqual([400, JSON_BODY_MESSAGES.noBody]);
    }
    expect((await send('/api/streak/decline-recovery', 'reason=x', 'text/plain')).statusCode).toBe(400);
    expect(await tableDigests(t.app.db)).toEqual(before);
    expect((await send('/api/streak/decline-recovery', '{}')).statusCode).toBe(200);
    expect((await t.app.inject({ method: 'POST', url: '/api/streak/decline-recovery', headers: { cookie } })).statusCode).toBe(200);
  });

  it('refuses NUL in a password before it counts as an attempt', async () => {
    const before = await tableDigests(t.app.db);
    const signUp = await send('/api/auth/signup', JSON.stringify({ firstName: 'A', email: 'nulpw@example.com', password: 'Passw0rd!\u0000' }));
    const signIn = await send('/api/auth/signin', JSON.stringify({ email: 'nulpw@example.com', password: 'Passw0rd!\u0000' }));
    expect([signUp.statusCode, signUp.json().message, signIn.statusCode, signIn.json().message]).toEqual([
      400,
      'Password cannot contain a NUL character',
      400,
      'Password cannot contain a NUL character',
    ]);
    expect(await tableDigests(t.app.db)).toEqual(before);
  });

  it('dismiss-trial-expiry without trialType is a 400 and writes nothing; a user with no trial gets no row', async () => {
    const before = await tableDigests(t.app.db);
    const res = await send('/api/subscription/dismiss-trial-expiry', '{}');
    expect([res.statusCode, res.json().message]).toEqual([400, "trialType must be 'premium' or 'ai-coach'"]);
    expect((await send('/api/subscription/dismiss-trial-expiry', '{"trialType":"gold"}')).statusCode).toBe(400);
    const noBody = await t.app.inject({ method: 'POST', url: '/api/subscription/dismiss-trial-expiry', headers: { cookie } });
    expect(noBody.statusCode).toBe(400);
    expect(await tableDigests(t.app.db)).toEqual(before);
    // A free user who never had a trial: the dismissal answers 200 and stores nothing.
    expect((await send('/api/subscription/dismiss-trial-expiry', '{"trialType":"premium"}')).statusCode).toBe(200);
    expect(await tableDigests(t.app.db)).toEqual(before);
  });
});

describe('the response serializer (zod schemas compiled to fast-json-stringify)', () => {
  const schema = z.object({
    id: z.string(),
    n: z.number().int(),
    when: z.iso.datetime().nullable(),
    nested: z.object({ kind: z.enum(['a', 'b']), tags: z.array(z.string()) }),
    either: z.union([z.object({ x: z.number() }), z.object({ y: z.string() })]),
    optional: z.string().optional(),
  });
  async function answer(data: unknown) {
    const app = Fastify();
    app.setValidatorCompiler(validatorCompiler);
    app.setSerializerCompiler(serializerCompiler);
    app.get('/x', { schema: { response: { 200: schema } } }, async () => data);
    const res = await app.inject({ method: 'GET', url: '/x' });
    await app.close();
    return res;
  }
  const good = { id: 'u1', n: 3, when: null, nested: { kind: 'a', tags: ['t'] }, either: { y: 'z' } };

  it('writes what the contract declares and nothing else (no hash, no token, no internal column leaks)', async () => {
    const res = await answer({ ...good, passwordHash: 'argon2id$…', nested: { ...good.nested, resetToken: 'secret' } });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual(good);
    expect(res.body).not.toContain('argon2id');
    expect(res.body).not.toContain('secret');
  });

  it('fails the answer when a required property is missing (a 500, not a partial answer)', async () => {
    const { nested: _drop, ...partial } = good;
    expect((await answer(partial)).statusCode).toBe(500);
  });

  it("compiles every route's response schema of the app (none left on zod's slower serializer)", async () => {
    const t: TestApp = await buildTestApp('pglite');
    try {
      expect([...zodSerializedResponses]).toEqual([]);
    } finally {
      await t.close();
    }
  });
});
