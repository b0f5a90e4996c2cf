import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '@test/helpers/app';
import { testEngines } from '@test/helpers/db';
import { createUser, signInAs } from '@test/helpers/users';
import { eq } from 'drizzle-orm';
import { users } from '@server/db/schema/index';
import { FEEDBACK_MESSAGES } from '@shared/schemas/feedback';

const ADMIN = 'owner@big7.test';
const UNKNOWN_ID = '3b7e1c52-9d1f-4c1e-8a57-0c3f1d6b9e21';

type Method = 'GET' | 'POST' | 'PATCH' | 'DELETE';

describe.each(testEngines())('feedback: users send, the admin reads on %s', (engine) => {
  let t: TestApp;
  let admin: { id: string };
  beforeAll(async () => {
    // The list is matched case-insensitively (stored e-mails are lower-cased).
    t = await buildTestApp(engine, { now: '2026-11-20T09:00:00Z', env: { ADMIN_EMAILS: `someone@else.test, ${ADMIN.toUpperCase()}` } });
    admin = await createUser(t.app.db, { email: ADMIN, firstName: 'Olive', lastName: 'Owner' });
  });
  afterAll(async () => t.close());

  const as = async (user: { id: string } | null) => {
    const cookie = user ? await signInAs(t.app, user) : undefined;
    return async (method: Method, url: string, payload?: unknown) => {
      const res = await t.app.inject({
        method,
        url,
        headers: cookie ? { cookie } : {},
        ...(payload !== undefined ? { payload: payload as object } : {}),
      });
      return { status: res.statusCode, body: res.body ? res.json() : undefined };
    };
  };

  it('a user sends feedback; the admin lists it newest first, counts unread, marks it read and deletes it', async () => {
    const ana = await createUser(t.app.db, { firstName: 'Ana', lastName: 'Lopez', email: 'ana@example.com' });
    const ben = await createUser(t.app.db, { firstName: 'Ben', email: 'ben@example.com' });
    const anaCall = await as(ana);
    const benCall = await as(ben);
    const adminCall = await as(admin);

    expect((await adminCall('GET', '/api/feedback')).body).toEqual([]);
    expect((await adminCall('GET', '/api/feedback/unread-count')).body).toEqual({ count: 0 });

    const sent = await anaCall('POST', '/api/feedback', { message: '  Love the streaks!\nMore tips please.  ' });
    expect(sent.status).toBe(201);
    expect(sent.body).toMatchObject({ id: expect.any(String), message: expect.any(String) });
    t.clock.set('2026-11-20T10:00:00Z');
    const second = await benCall('POST', '/api/feedback', { message: 'The dark mode is great' });
    expect(second.status).toBe(201);

    const list = await adminCall('GET', '/api/feedback');
    expect(list.status).toBe(200);
    expect(list.body).toEqual([
      { id: second.body.id, name: 'Ben', email: 'ben@example.com', message: 'The dark mode is great', createdAt: '2026-11-20T10:00:00.000Z', read: false },
      {
        id: sent.body.id,
        name: 'Ana Lopez',
        email: 'ana@example.com',
        message: 'Love the streaks!\nMore tips please.',
        createdAt: '2026-11-20T09:00:00.000Z',
        read: false,
      },
    ]);
    expect((await adminCall('GET', '/api/feedback/unread-count')).body).toEqual({ count: 2 });

    const read = await adminCall('PATCH', `/api/feedback/${sent.body.id}/read`);
    expect(read.status).toBe(200);
    expect(read.body).toMatchObject({ id: sent.body.id, read: true });
    // Marking again is harmless.
    expect((await adminCall('PATCH', `/api/feedback/${sent.body.id}/read`)).status).toBe(200);
    expect((await adminCall('GET', '/api/feedback/unread-count')).body).toEqual({ count: 1 });
    expect((await adminCall('GET', '/api/feedback')).body.map((f: { read: boolean }) => f.read)).toEqual([false, true]);

    const del = await adminCall('DELETE', `/api/feedback/${sent.body.id}`);
    expect(del.status).toBe(200);
    expect((await adminCall('GET', '/api/feedback')).body.map((f: { id: string }) => f.id)).toEqual([second.body.id]);
    expect((await adminCall('DELETE', `/api/feedback/${sent.body.id}`)).status).toBe(404);
    expect((await adminCall('GET', '/api/feedback/unread-count')).body).toEqual({ count: 1 });
  });

  it('the admin role is from ADMIN_EMAILS: anyone else gets 403, a visitor 401, and nothing changes', async () => {
    const user = await createUser(t.app.db, { firstName: 'Cleo' });
    const userCall = await as(user);
    const visitor = await as(null);
    const sent = await userCall('POST', '/api/feedback', { message: 'Please keep it' });
    expect(sent.status).toBe(201);
    const id = sent.body.id as string;

    const attempts: Array<[Method, string]> = [
      ['GET', '/api/feedback'],
      ['GET', '/api/feedback/unread-count'],
      ['PATCH', `/api/feedback/${id}/read`],
      ['DELETE', `/api/feedback/${id}`],
    ];
    for (const [method, url] of attempts) {
      const denied = await userCall(method, url);
      expect(denied.status, `${method} ${url}`).toBe(403);
      expect(denied.body.message).toBe('Admin access required');
      expect((await visitor(method, url)).status, `${method} ${url}`).toBe(401);
    }
    expect((await visitor('POST', '/api/feedback', { message: 'hi' })).status).toBe(401);

    // The second address in the list is an admin too.
    const second = await createUser(t.app.db, { email: 'someone@else.test', firstName: 'Sam' });
    const adminCall = await as(second);
    const item = (await adminCall('GET', '/api/feedback')).body.find((f: { id: string }) => f.id === id);
    expect(item).toMatchObject({ read: false, message: 'Please keep it', name: 'Cleo' });
  });

  it('bad input is a 400 with the spec message and stores nothing; unknown and malformed ids are 404 and 400', async () => {
    const user = await createUser(t.app.db, { firstName: 'Dee' });
    const userCall = await as(user);
    const adminCall = await as(admin);
    const before = (await adminCall('GET', '/api/feedback')).body.length;

    const cases: Array<[unknown, string]> = [
      [{ message: '' }, FEEDBACK_MESSAGES.blank],
      [{ message: '   \n\t ' }, FEEDBACK_MESSAGES.blank],
      [{ message: 'x'.repeat(4001) }, FEEDBACK_MESSAGES.tooLong],
      [{ message: `  ${'x'.repeat(3999)}y\u0000 ` }, FEEDBACK_MESSAGES.tooLong],
      [{ message: 'a\u0000b' }, FEEDBACK_MESSAGES.noNul],
      [{}, FEEDBACK_MESSAGES.blank],
      [{ message: 42 }, FEEDBACK_MESSAGES.blank],
    ];
    for (const [payload, message] of cases) {
      const res = await userCall('POST', '/api/feedback', payload);
      expect(res.status, JSON.stringify(payload).slice(0, 60)).toBe(400);
      expect(res.body.message).toBe(message);
    }
    // Exactly 4000 after trimming is accepted.
    const max = await userCall('POST', '/api/feedback', { message: `   ${'z'.repeat(4000)}   ` });
    expect(max.status).toBe(201);

    expect((await adminCall('GET', '/api/feedback')).body.length).toBe(before + 1);

    expect((await adminCall('PATCH', `/api/feedback/${UNKNOWN_ID}/read`)).status).toBe(404);
    expect((await adminCall('DELETE', `/api/feedback/${UNKNOWN_ID}`)).body).toEqual({ message: FEEDBACK_MESSAGES.notFound });
    for (const bad of ['42', 'not-an-id', encodeURIComponent('a\u0000b'), `${UNKNOWN_ID}x`]) {
      const patch = await adminCall('PATCH', `/api/feedback/${bad}/read`);
      expect(patch.status, bad).toBe(400);
      expect(patch.body.message).toBe(FEEDBACK_MESSAGES.badId);
      expect((await adminCall('DELETE', `/api/feedback/${bad}`)).status, bad).toBe(400);
    }
    expect((await adminCall('GET', '/api/feedback')).body.length).toBe(before + 1);
  });

  it("the sender's name and e-mail are those at send time; a deleted account's feedback goes with it", async () => {
    const leaver = await createUser(t.app.db, { firstName: 'Lee' });
    const sent = await (await as(leaver))('POST', '/api/feedback', { message: 'Bye for now' });
    expect(sent.status).toBe(201);
    const adminCall = await as(admin);
    const ids = async () => ((await adminCall('GET', '/api/feedback')).body as Array<{ id: string }>).map((f) => f.id);
    expect(await ids()).toContain(sent.body.id);
    await t.app.db.update(users).set({ firstName: 'Renamed', email: 'renamed@example.com' }).where(eq(users.id, leaver.id));
    const item = (await adminCall('GET', '/api/feedback')).body.find((f: { id: string }) => f.id === sent.body.id);
    expect(item).toMatchObject({ name: 'Lee', email: leaver.email });
    await t.app.db.delete(users).where(eq(users.id, leaver.id));
    expect(await ids()).not.toContain(sent.body.id);
  });
});
