import { lookup as dnsLookup } from 'node:dns';
import { createECDH, randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import webpush from 'web-push';
import { buildTestApp, type TestApp } from '@test/helpers/app';
import { testEngines } from '@test/helpers/db';
import { createUser, signInAs } from '@test/helpers/users';
import { startPushService, type FakePushService } from '@test/fakes/push-service';
import { pushSubscriptions } from '@server/db/schema/index';
import { createDirectSender } from '@server/plugins/push-core';
import { guardedConnector, isPublicAddress, PushAddressError } from '@server/plugins/push-address';
import { MAX_DEVICES_PER_USER } from './service';

/**
 * Issue 31, finding 1: a push subscription's endpoint is where the server POSTs, so it must be a browser push
 * service (or a host in PUSH_ALLOWED_HOSTS), the address is checked again when the connection is made, a user has
 * at most 10 devices, and the answer says "sent" or "not sent", nothing the endpoint said.
 */
const keysOf = () => {
  const ecdh = createECDH('prime256v1');
  ecdh.generateKeys();
  return { p256dh: ecdh.getPublicKey().toString('base64url'), auth: randomBytes(16).toString('base64url') };
};
const NOT_SENT = 'The push service did not accept the notification. Try re-enabling notifications.';

describe.each(testEngines())('push endpoints (issue 31) on %s', (engine) => {
  let t: TestApp;
  let push: FakePushService;
  /** A push service the app is not told about: nothing may ever reach it. */
  let stranger: FakePushService;
  beforeAll(async () => {
    push = await startPushService();
    stranger = await startPushService();
    t = await buildTestApp(engine, { now: '2026-03-10T12:00:00Z', env: { PUSH_ALLOWED_HOSTS: push.host } });
  });
  afterAll(async () => {
    await t?.close();
    await push?.close();
    await stranger?.close();
  });

  async function newUser() {
    const user = await createUser(t.app.db, { timezone: 'UTC', createdAt: new Date('2025-01-01T00:00:00Z') });
    const cookie = await signInAs(t.app, user);
    const call = (url: string, payload?: object) => t.app.inject({ method: 'POST', url, headers: { cookie }, ...(payload ? { payload } : {}) });
    return { user, call };
  }

  it('endpoints off the push services are refused with a 400 and a message; nothing is stored or sent', async () => {
    const { user, call } = await newUser();
    const keys = keysOf();
    const s = stranger.subscribe();
    const port = new URL(push.origin).port;
    for (const endpoint of [
      'https://127.0.0.1/push/x',
      'https://10.0.0.8/push/x',
      'https://169.254.169.254/latest/meta-data',
      'https://[::1]/push/x',
      'https://[fd00:ec2::254]/x',
      'https://192.168.1.1/x',
      `http://localhost:${port}/push/x`, // the allowed service under another name
      `http://127.0.0.1:${port}/push/x`.replace(port, String(Number(port) + 1)), // the allowed host on another port
      s.endpoint,
      'https://evil.example.com/push/x',
      'https://fcm.googleapis.com.evil.example/x',
      'https://fcm.googleapis.com:8443/x',
      'http://fcm.googleapis.com/fcm/send/x',
      'https://user:pw@fcm.googleapis.com/fcm/send/x',
      'https://notify.windows.com/x',
    ]) {
      const res = await call('/api/notifications/register-token', { token: { endpoint, expirationTime: null, keys } });
      expect(res.statusCode, endpoint).toBe(400);
      expect(res.json().message, endpoint).toMatch(/^Invalid push subscription: the endpoint must/);
    }
    expect(await t.app.db.select().from(pushSubscriptions).where(eq(pushSubscriptions.userId, user.id))).toEqual([]);
    expect((await call('/api/notifications/send-test')).statusCode).toBe(409);
    expect(stranger.hits(s.id)).toBe(0);
  });

  it('the browsers\' push services and the listed host are accepted', async () => {
    const { call } = await newUser();
    const keys = keysOf();
    for (const endpoint of [
      'https://fcm.googleapis.com/fcm/send/abc',
      'https://updates.push.services.mozilla.com/wpush/v2/abc',
      'https://web.push.apple.com/QGx1',
      'https://wns2-by3p.notify.windows.com/w/?token=abc',
      push.subscribe().endpoint,
    ]) {
      expect((await call('/api/notifications/register-token', { token: { endpoint, expirationTime: null, keys } })).statusCode, endpoint).toBe(200);
    }
  });

  it(`at most ${MAX_DEVICES_PER_USER} devices: the eleventh drops the one registered longest ago`, async () => {
    const { user, call } = await newUser();
    const subs = Array.from({ length: MAX_DEVICES_PER_USER + 1 }, () => push.subscribe());
    for (const [i, s] of subs.entries()) {
      t.clock.advance(1000);
      const res = await call('/api/notifications/register-token', { token: s.toJSON() });
      expect(res.json()).toEqual({ success: true, devices: Math.min(i + 1, MAX_DEVICES_PER_USER) });
    }
    const rows = await t.app.db.select().from(pushSubscriptions).where(eq(pushSubscriptions.userId, user.id));
    expect(rows.map((r) => r.endpoint).sort()).toEqual(subs.slice(1).map((s) => s.endpoint).sort());
    // A device registering again (each app start) counts as new: the oldest is now the second.
    t.clock.advance(1000);
    await call('/api/notifications/register-token', { token: subs[1]!.toJSON() });
    const extra = push.subscribe();
    t.clock.advance(1000);
    expect((await call('/api/notifications/register-token', { token: extra.toJSON() })).json().devices).toBe(MAX_DEVICES_PER_USER);
    const left = (await t.app.db.select().from(pushSubscriptions).where(eq(pushSubscriptions.userId, user.id))).map((r) => r.endpoint);
    expect(left).toContain(subs[1]!.endpoint);
    expect(left).not.toContain(subs[2]!.endpoint);
    const sent = await call('/api/notifications/send-test');
    expect(sent.json()).toEqual({ success: true, devices: MAX_DEVICES_PER_USER });
    expect(subs[0] && push.hits(subs[0].id)).toBe(0);
  });

  it('at send time a name that resolves to a local address is not connected to (a row from before, or DNS rebinding)', async () => {
    const { user, call } = await newUser();
    const s = push.subscribe();
    // "localhost" is the allowed push service under a name that is not listed: it resolves to 127.0.0.1 / ::1.
    const endpoint = s.endpoint.replace('127.0.0.1', 'localhost');
    await t.app.db.insert(pushSubscriptions).values({ userId: user.id, endpoint, ...s.keys, createdAt: t.clock.now(), updatedAt: t.clock.now() });
    const res = await call('/api/notifications/send-test');
    expect(res.statusCode).toBe(502);
    expect(res.json().message).toBe(NOT_SENT);
    expect(push.hits(s.id)).toBe(0);
  });

  it('the answer says sent or not sent, never what the endpoint answered', async () => {
    const { call } = await newUser();
    const s = push.subscribe();
    await call('/api/notifications/register-token', { token: s.toJSON() });
    const bodies = new Set<string>();
    for (const status of [400, 401, 403, 413, 500]) {
      push.respond(s.id, status);
      const res = await call('/api/notifications/send-test');
      expect(res.statusCode).toBe(502);
      bodies.add(res.body);
    }
    expect([...bodies]).toHaveLength(1);
    expect(JSON.parse([...bodies][0]!)).toEqual({ message: NOT_SENT });
  });
});

describe('push worker threads check the address too', () => {
  it('a name resolving to a local address is refused in a worker thread; the listed host is reached', async () => {
    const push = await startPushService();
    const t = await buildTestApp('pglite', { env: { PUSH_THREADS: '1', PUSH_ALLOWED_HOSTS: push.host } });
    try {
      const user = await createUser(t.app.db);
      const cookie = await signInAs(t.app, user);
      const bad = push.subscribe();
      await t.app.db.insert(pushSubscriptions).values({ userId: user.id, endpoint: bad.endpoint.replace('127.0.0.1', 'localhost'), ...bad.keys, createdAt: t.clock.now(), updatedAt: t.clock.now() });
      expect((await t.app.inject({ method: 'POST', url: '/api/notifications/send-test', headers: { cookie } })).statusCode).toBe(502);
      expect(push.hits(bad.id)).toBe(0);
      const good = push.subscribe();
      await t.app.inject({ method: 'POST', url: '/api/notifications/register-token', headers: { cookie }, payload: { token: good.toJSON() } });
      const res = await t.app.inject({ method: 'POST', url: '/api/notifications/send-test', headers: { cookie } });
      expect(res.json()).toEqual({ success: true, devices: 1 });
      expect(push.hits(good.id)).toBe(1);
      expect(push.hits(bad.id)).toBe(0);
    } finally {
      await t.close();
      await push.close();
    }
  });
});

describe('the connect-time address check', () => {
  let push: FakePushService;
  beforeAll(async () => {
    push = await startPushService();
  });
  afterAll(async () => push?.close());

  it('refuses loopback, private, link-local, unique-local and metadata addresses', () => {
    for (const a of ['127.0.0.1', '10.1.2.3', '172.16.0.1', '192.168.0.1', '169.254.169.254', '100.100.100.200', '0.0.0.0', '::1', '::', 'fe80::1', 'fd00:ec2::254', 'fc00::1', '::ffff:127.0.0.1', '::ffff:7f00:1', '[::1]']) {
      expect(isPublicAddress(a), a).toBe(false);
    }
    for (const a of ['142.250.74.106', '2a00:1450:4001:82b::200a', '8.8.8.8']) expect(isPublicAddress(a), a).toBe(true);
  });

  it('DNS rebinding: a push service name that resolves to 127.0.0.1 is not connected to', async () => {
    const port = Number(new URL(push.origin).port);
    const rebinding = ((host: string, opts: object, cb: (...a: unknown[]) => void) =>
      host === 'fcm.googleapis.com' ? cb(null, [{ address: '127.0.0.1', family: 4 }]) : dnsLookup(host, opts as never, cb as never)) as unknown as typeof dnsLookup;
    const sender = createDirectSender(webpush.generateVAPIDKeys(), 'mailto:ops@example.com', { allowedHosts: [], lookup: rebinding });
    const s = push.subscribe();
    try {
      await expect(sender.send({ endpoint: `http://fcm.googleapis.com:${port}/push/${s.id}`, ...s.keys }, '{}')).rejects.toThrow();
      await expect(sender.send({ endpoint: s.endpoint, ...s.keys }, '{}')).rejects.toThrow(); // 127.0.0.1 itself, not listed
      expect(push.hits(s.id)).toBe(0);
    } finally {
      await sender.close();
    }
    // Listed, the same service is reached.
    const listed = createDirectSender(webpush.generateVAPIDKeys(), 'mailto:ops@example.com', { allowedHosts: [{ host: '127.0.0.1', port }] });
    try {
      expect((await listed.send({ endpoint: s.endpoint, ...s.keys }, '{}')).status).toBe(201);
    } finally {
      await listed.close();
    }
  });

  it('the connector itself names the refused address', async () => {
    const connect = guardedConnector([]);
    const err = await new Promise<Error | null>((resolve) => connect({ hostname: '169.254.169.254', host: '169.254.169.254', protocol: 'http:', port: '80' } as never, (...args) => resolve(args[0])));
    expect(err).toBeInstanceOf(PushAddressError);
    expect(err!.message).toMatch(/169\.254\.169\.254/);
  });
});
