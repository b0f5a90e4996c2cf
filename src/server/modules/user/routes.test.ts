import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { buildTestApp, MemoryMailer, type TestApp } from '@test/helpers/app';
import { testEngines } from '@test/helpers/db';
import { users } from '@server/db/schema/index';
import { SESSION_COOKIE } from '@server/plugins/session';

describe.each(testEngines())('PATCH /api/user/timezone on %s', (engine) => {
  let t: TestApp;
  let sid: string;
  const email = 'tz@example.com';
  beforeAll(async () => {
    t = await buildTestApp(engine);
    const mailer = t.mailer as MemoryMailer;
    await t.app.inject({
      method: 'POST',
      url: '/api/auth/signup',
      payload: { firstName: 'Tia', email, password: 'Passw0rd!', timezone: 'Europe/London' },
    });
    await t.app.jobs.drain();
    const token = /token=([A-Za-z0-9_-]+)/.exec(mailer.last(email)?.text ?? '')?.[1];
    await t.app.inject({ method: 'GET', url: `/api/auth/verify-email?token=${token}` });
    const res = await t.app.inject({ method: 'POST', url: '/api/auth/signin', payload: { email, password: 'Passw0rd!' } });
    sid = res.cookies.find((c) => c.name === SESSION_COOKIE)!.value;
  });
  afterAll(async () => t.close());

  const patch = (payload: unknown, cookie: string | null = sid) =>
    t.app.inject({
      method: 'PATCH',
      url: '/api/user/timezone',
      payload: payload as Record<string, unknown>,
      ...(cookie ? { cookies: { [SESSION_COOKIE]: cookie } } : {}),
    });

  it('stores a valid IANA timezone and answers the public user', async () => {
    t.clock.advance(60_000);
    const res = await patch({ timezone: 'America/New_York' });
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body).toMatchObject({ email, timezone: 'America/New_York' });
    expect(body.passwordHash).toBeUndefined();
    const [row] = await t.app.db.select().from(users).where(eq(users.email, email));
    expect(row?.timezone).toBe('America/New_York');
    expect(row?.updatedAt.toISOString()).toBe(t.clock.now().toISOString());
  });

  it.each([
    ['a made-up zone', { timezone: 'Mars/Olympus_Mons' }],
    ['a number', { timezone: 5 }],
    ['an empty string', { timezone: '' }],
    ['a 1 MB string', { timezone: 'a'.repeat(1024 * 1024) }],
    ['no field', {}],
  ])('refuses %s with 400 and changes nothing', async (_name, payload) => {
    const res = await patch(payload);
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toMatch(/IANA timezone|timezone/i);
    const [row] = await t.app.db.select().from(users).where(eq(users.email, email));
    expect(row?.timezone).toBe('America/New_York');
  });

  it('needs a session', async () => {
    const res = await patch({ timezone: 'Asia/Tokyo' }, null);
    expect(res.statusCode).toBe(401);
    expect(res.json()).toEqual({ message: 'Unauthorized' });
  });

  it('refuses another origin', async () => {
    const res = await t.app.inject({
      method: 'PATCH',
      url: '/api/user/timezone',
      headers: { origin: 'https://evil.example' },
      cookies: { [SESSION_COOKIE]: sid },
      payload: { timezone: 'Asia/Tokyo' },
    });
    expect(res.statusCode).toBe(403);
    const [row] = await t.app.db.select().from(users).where(eq(users.email, email));
    expect(row?.timezone).toBe('America/New_York');
  });
});
