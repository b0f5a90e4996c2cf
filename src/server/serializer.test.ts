import Fastify from 'fastify';
import { validatorCompiler } from 'fastify-type-provider-zod';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { buildTestApp, type TestApp } from '@test/helpers/app';
import { serializerCompiler, zodSerializedResponses } from './serializer';

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
