import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { buildTestApp, type TestApp } from '@test/helpers/app';
import { testEngines } from '@test/helpers/db';
import { createUser, signInAs } from '@test/helpers/users';
import { users } from '@server/db/schema/index';
import { PROFILE_MESSAGES } from '@shared/schemas/account';
import type { UserRow } from '@server/plugins/session';

describe.each(testEngines())('PATCH /api/user/profile on %s', (engine) => {
  let t: TestApp;
  let user: UserRow;
  let cookie: string;
  beforeAll(async () => {
    t = await buildTestApp(engine);
    user = await createUser(t.app.db, { firstName: 'Pat', age: 30, gender: 'female' });
    cookie = await signInAs(t.app, user);
  });
  afterAll(async () => t.close());

  const patch = (payload: unknown, headers: Record<string, string> = { cookie }) =>
    t.app.inject({ method: 'PATCH', url: '/api/user/profile', headers, payload: payload as Record<string, unknown> });
  const row = async () => (await t.app.db.select().from(users).where(eq(users.id, user.id)))[0]!;

  it('saves a trimmed name and answers the public user', async () => {
    t.clock.advance(60_000);
    const res = await patch({ firstName: '  Patricia  ' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ id: user.id, firstName: 'Patricia', age: 30, gender: 'female' });
    expect(res.json().passwordHash).toBeUndefined();
    const r = await row();
    expect(r.firstName).toBe('Patricia');
    expect(r.updatedAt.toISOString()).toBe(t.clock.now().toISOString());
  });

  it.each([13, 100, 25])('saves age %i', async (age) => {
    const res = await patch({ age });
    expect(res.statusCode).toBe(200);
    expect(res.json().age).toBe(age);
    expect((await row()).age).toBe(age);
  });

  it.each(['male', 'female', 'other', 'prefer-not-to-say'] as const)('saves gender %s', async (gender) => {
    const res = await patch({ gender });
    expect(res.statusCode).toBe(200);
    expect((await row()).gender).toBe(gender);
  });

  it('saves several fields at once', async () => {
    const res = await patch({ firstName: 'Pat', age: 40, gender: 'other' });
    expect(res.statusCode).toBe(200);
    expect(await row()).toMatchObject({ firstName: 'Pat', age: 40, gender: 'other' });
  });

  it('never saves an age under 13: 400 saying so', async () => {
    for (const age of [12, 0, -5]) {
      const res = await patch({ age });
      expect(res.statusCode).toBe(400);
      expect(res.json().message).toBe(PROFILE_MESSAGES.ageUnder13);
    }
    expect((await row()).age).toBe(40);
  });

  it.each([
    ['age 101', { age: 101 }, PROFILE_MESSAGES.ageTooHigh],
    ['a fractional age', { age: 25.5 }, PROFILE_MESSAGES.ageWhole],
    ['age as text', { age: '25' }, PROFILE_MESSAGES.ageWhole],
    ['age null', { age: null }, PROFILE_MESSAGES.ageWhole],
    ['a blank name', { firstName: '   ' }, PROFILE_MESSAGES.nameRequired],
    ['an empty name', { firstName: '' }, PROFILE_MESSAGES.nameRequired],
    ['a name that is not text', { firstName: 42 }, PROFILE_MESSAGES.nameText],
    ['a 101-character name', { firstName: 'a'.repeat(101) }, PROFILE_MESSAGES.nameTooLong],
    ['a name with NUL', { firstName: 'Pa\u0000t' }, PROFILE_MESSAGES.nameNul],
    ['an unknown gender', { gender: 'robot' }, PROFILE_MESSAGES.gender],
    ['gender with other casing', { gender: 'Male' }, PROFILE_MESSAGES.gender],
    ['no field', {}, PROFILE_MESSAGES.nothingToUpdate],
    ['only unknown fields', { tier: 'ai-coach', email: 'x@example.com' }, PROFILE_MESSAGES.nothingToUpdate],
    ['a valid name with a bad age', { firstName: 'Valid', age: 12 }, PROFILE_MESSAGES.ageUnder13],
  ])('refuses %s with 400 and a clear message, changing nothing', async (_name, payload, message) => {
    const before = await row();
    const res = await patch(payload);
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe(message);
    const after = await row();
    expect(after).toEqual(before);
  });

  it('refuses a body that is not an object', async () => {
    const res = await t.app.inject({
      method: 'PATCH',
      url: '/api/user/profile',
      headers: { cookie, 'content-type': 'application/json' },
      payload: '[1,2]',
    });
    expect(res.statusCode).toBe(400);
  });

  it('never changes the tier or e-mail through extra fields', async () => {
    const res = await patch({ firstName: 'Pat', tier: 'ai-coach', email: 'other@example.com' });
    expect(res.statusCode).toBe(200);
    expect(await row()).toMatchObject({ tier: 'free', email: user.email });
  });

  it('needs a session', async () => {
    const res = await patch({ firstName: 'X' }, {});
    expect(res.statusCode).toBe(401);
  });
});
