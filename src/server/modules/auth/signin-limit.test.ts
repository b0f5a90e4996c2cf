import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '@test/helpers/app';
import { testEngines } from '@test/helpers/db';
import { createUser } from '@test/helpers/users';
import { hashPassword } from './passwords';
import { SIGNIN_FAILURE_LIMIT } from './service';

describe.each(testEngines())('per-e-mail sign-in failure limit on %s', (engine) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp(engine, { now: '2026-03-10T12:00:00Z' });
  });
  afterAll(async () => t.close());

  it('a burst of concurrent wrong passwords gets at most the limit of password checks', async () => {
    const email = 'burst@example.com';
    await createUser(t.app.db, { email, passwordHash: await hashPassword('Right0ne!'), provider: 'email' });
    const rs = await Promise.all(
      Array.from({ length: 20 }, () =>
        t.app.inject({ method: 'POST', url: '/api/auth/signin', payload: { email, password: 'Wrong0ne!' } }),
      ),
    );
    const codes = rs.map((r) => r.statusCode);
    expect(codes.every((c) => c === 401 || c === 429)).toBe(true);
    // More wrong passwords, one by one: over the burst and these, at most the limit were checked.
    for (let i = 0; i < SIGNIN_FAILURE_LIMIT + 2; i++) {
      const r = await t.app.inject({ method: 'POST', url: '/api/auth/signin', payload: { email, password: 'Wrong0ne!' } });
      codes.push(r.statusCode);
    }
    expect(codes.filter((c) => c === 401).length).toBe(SIGNIN_FAILURE_LIMIT);
    // The right password is refused too until the window passes.
    const right = await t.app.inject({ method: 'POST', url: '/api/auth/signin', payload: { email, password: 'Right0ne!' } });
    expect(right.statusCode).toBe(429);
  });
});
