import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '@test/helpers/app';
import { testEngines } from '@test/helpers/db';
import { createUser, signInAs } from '@test/helpers/users';

/** GET /api/auth/session: the client's session probe (issue 10); GET /api/auth/user keeps its 401 for visitors. */
describe.each(testEngines())('session probe on %s', (engine) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp(engine);
  });
  afterAll(async () => {
    await t.close();
  });

  it('answers 200 {user: null} to a visitor (no cookie, or a cookie of no session), never cached', async () => {
    for (const headers of [{}, { cookie: 'big7_sid=not-a-session' }]) {
      const res = await t.app.inject({ method: 'GET', url: '/api/auth/session', headers });
      expect(res.statusCode).toBe(200);
      expect(res.json()).toEqual({ user: null });
      expect(res.headers['cache-control']).toBe('no-store');
    }
    // The spec's endpoint is unchanged.
    expect((await t.app.inject({ method: 'GET', url: '/api/auth/user' })).statusCode).toBe(401);
  });

  it('answers the signed-in user exactly as GET /api/auth/user does', async () => {
    const user = await createUser(t.app.db, { firstName: 'Probe', timezone: 'Europe/Berlin' });
    const cookie = await signInAs(t.app, user);
    const probe = await t.app.inject({ method: 'GET', url: '/api/auth/session', headers: { cookie } });
    const me = await t.app.inject({ method: 'GET', url: '/api/auth/user', headers: { cookie } });
    expect(probe.statusCode).toBe(200);
    expect(me.statusCode).toBe(200);
    expect(probe.json()).toEqual({ user: me.json() });
    expect(probe.json().user.id).toBe(user.id);
    expect(Object.keys(probe.json().user)).not.toContain('passwordHash');
  });

  it('answers null after sign-out', async () => {
    const user = await createUser(t.app.db);
    const cookie = await signInAs(t.app, user);
    expect((await t.app.inject({ method: 'POST', url: '/api/auth/logout', headers: { cookie } })).statusCode).toBe(200);
    const res = await t.app.inject({ method: 'GET', url: '/api/auth/session', headers: { cookie } });
    expect(res.json()).toEqual({ user: null });
  });
});
