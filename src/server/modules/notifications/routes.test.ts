import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { contextOf } from '@server/context';
import { and, eq } from 'drizzle-orm';
import { buildTestApp, startAppWithPushService, type TestApp } from '@test/helpers/app';
import { testEngines } from '@test/helpers/db';
import { createUser, signInAs } from '@test/helpers/users';
import { startPushService, type FakePushService } from '@test/fakes/push-service';
import { appSettings, jobs, pushSubscriptions, reminderSchedules } from '@server/db/schema/index';
import { VAPID_KEYS_SETTING } from '@server/plugins/push';
import { parseSubscription, reminderTick } from './service';
import webpush from 'web-push';

const yes7 = Array.from({ length: 7 }, () => true);

describe.each(testEngines())('notifications on %s', (engine) => {
  let t: TestApp;
  let push: FakePushService;
  beforeAll(async () => { ({ t, push } = await startAppWithPushService(engine, '2026-03-10T12:00:00Z')); });
  afterAll(async () => { await Promise.all([t?.close(), push?.close()]); });

  async function newUser(overrides: Parameters<typeof createUser>[1] = {}) {
    const user = await createUser(t.app.db, { timezone: 'UTC', createdAt: new Date('2025-01-01T00:00:00Z'), ...overrides });
    const call = async (method: 'GET' | 'POST' | 'PATCH', url: string, payload?: unknown) => {
      const cookie = await signInAs(t.app, user);
      const res = await t.app.inject({ method, url, headers: { cookie }, ...(payload !== undefined ? { payload: payload as object } : {}) });
      return { status: res.statusCode, body: res.json() };
    };
    return { user, call };
  }

  /** One scheduler tick at the clock's time, then every job that is due. */
  async function tickAndDrain() {
    const r = await reminderTick(contextOf(t.app), t.clock.now());
    await t.app.jobs.drain();
    return r;
  }

  const messagesTo = (id: string) => push.received.filter((m) => m.id === id).map((m) => m.json as { title: string });

  it('the VAPID public key is generated once, stored, and the same on every call', async () => {
    const a = await t.app.inject({ method: 'GET', url: '/api/notifications/vapid-public-key' });
    const b = await t.app.inject({ method: 'GET', url: '/api/notifications/vapid-public-key' });
    expect(a.statusCode).toBe(200);
    expect(a.json().publicKey).toMatch(/^[A-Za-z0-9_-]{87}$/);
    expect(b.json().publicKey).toBe(a.json().publicKey);
    const [row] = await t.app.db.select().from(appSettings).where(eq(appSettings.key, VAPID_KEYS_SETTING));
    expect(JSON.parse(row!.value).publicKey).toBe(a.json().publicKey);
  });

  it('register-token takes the subscription as a JSON string or an object; several devices; one row per endpoint', async () => {
    const { user, call } = await newUser();
    const s1 = push.subscribe();
    const s2 = push.subscribe();
    expect(await call('POST', '/api/notifications/register-token', { token: JSON.stringify(s1.toJSON()) })).toMatchObject({ status: 200, body: { devices: 1 } });
    expect(await call('POST', '/api/notifications/register-token', { token: s2.toJSON() })).toMatchObject({ status: 200, body: { devices: 2 } });
    expect(await call('POST', '/api/notifications/register-token', { token: JSON.stringify(s2.toJSON()) })).toMatchObject({ status: 200, body: { devices: 2 } });
    const rows = await t.app.db.select().from(pushSubscriptions).where(eq(pushSubscriptions.userId, user.id));
    expect(rows.map((r) => r.endpoint).sort()).toEqual([s1.endpoint, s2.endpoint].sort());
    expect((await call('GET', '/api/notifications/check')).body).toMatchObject({ subscribed: true, devices: 2, lastDeliveredAt: null, thisDevice: null });
    // This browser's endpoint: registered or not, as the server knows it (another user's endpoint is not "this device").
    const mine = await call('GET', `/api/notifications/check?endpoint=${encodeURIComponent(s1.endpoint)}`);
    expect(mine.body.thisDevice).toEqual({ registered: true, lastDeliveredAt: null });
    const unknown = push.subscribe();
    expect((await call('GET', `/api/notifications/check?endpoint=${encodeURIComponent(unknown.endpoint)}`)).body.thisDevice).toEqual({ registered: false, lastDeliveredAt: null });
    const other = await newUser();
    expect((await other.call('GET', `/api/notifications/check?endpoint=${encodeURIComponent(s1.endpoint)}`)).body.thisDevice).toEqual({ registered: false, lastDeliveredAt: null });
    expect((await call('GET', '/api/notifications/check?endpoint=not-a-url')).status).toBe(400);
  });

  it('a malformed token is a 400 with a readable message and stores nothing', async () => {
    const { user, call } = await newUser();
    const good = push.subscribe().toJSON();
    const bad: unknown[] = [
      'not json',
      '{}',
      JSON.stringify({ endpoint: 'not a url', keys: good.keys }),
      JSON.stringify({ endpoint: good.endpoint }),
      { ...good, keys: { p256dh: 'abc', auth: good.keys.auth } },
      { ...good, endpoint: 'http://push.example.com/x' },
      { ...good, endpoint: 'ftp://127.0.0.1/x' },
      42,
    ];
    for (const token of bad) {
      const r = await call('POST', '/api/notifications/register-token', { token });
      expect(r.status, JSON.stringify(token)).toBe(400);
      expect(r.body.message).toBeTruthy();
    }
    expect((await call('POST', '/api/notifications/register-token', {})).status).toBe(400);
    expect(await t.app.db.select().from(pushSubscriptions).where(eq(pushSubscriptions.userId, user.id))).toEqual([]);
  });

  it('an http: endpoint is accepted only on a PUSH_ALLOWED_HOSTS host; https: on the browsers\' push services', () => {
    const sub = push.subscribe().toJSON();
    expect(() => parseSubscription(sub, [])).toThrow(/https/);
    expect(parseSubscription(sub, [{ host: '127.0.0.1', port: null }]).endpoint).toBe(sub.endpoint);
    expect(parseSubscription(sub, t.app.config.pushAllowedHosts).endpoint).toBe(sub.endpoint);
    expect(() => parseSubscription(sub, [{ host: '127.0.0.1', port: 1 }])).toThrow(/https/);
    for (const endpoint of [
      'https://fcm.googleapis.com/fcm/send/abc',
      'https://updates.push.services.mozilla.com/wpush/v2/abc',
      'https://web.push.apple.com/QGx',
      'https://wns2-by3p.notify.windows.com/w/?token=abc',
    ]) {
      expect(parseSubscription({ ...sub, endpoint }, []).endpoint).toBe(endpoint);
    }
  });

  it('settings default to both reminders on; PATCH and toggle change them; wrong types are a 400', async () => {
    const { call } = await newUser();
    expect((await call('GET', '/api/notifications/settings')).body).toEqual({ dailyReminders: true, lastChanceReminders: true, hasSeenNotificationModal: false, emailFallback: false });
    expect((await call('PATCH', '/api/notifications/settings', { hasSeenNotificationModal: true, dailyReminders: false })).body).toEqual({
      dailyReminders: false,
      lastChanceReminders: true,
      hasSeenNotificationModal: true,
      emailFallback: false,
    });
    for (const body of [{ dailyReminders: 'yes' }, { lastChanceReminders: 1 }, {}, { other: true }]) {
      expect((await call('PATCH', '/api/notifications/settings', body)).status, JSON.stringify(body)).toBe(400);
    }
    expect((await call('POST', '/api/notifications/toggle', { type: 'last-chance', enabled: false })).body.lastChanceReminders).toBe(false);
    expect((await call('POST', '/api/notifications/toggle', { type: 'daily', enabled: true })).body.dailyReminders).toBe(true);
    // The spec's names of the two settings work as well.
    expect((await call('POST', '/api/notifications/toggle', { type: 'dailyReminders', enabled: false })).body.dailyReminders).toBe(false);
    expect((await call('POST', '/api/notifications/toggle', { type: 'lastChanceReminders', enabled: true })).body).toMatchObject({ dailyReminders: false, lastChanceReminders: true });
    expect((await call('POST', '/api/notifications/toggle', { type: 'lastChanceReminders', enabled: false })).body.lastChanceReminders).toBe(false);
    expect((await call('POST', '/api/notifications/toggle', { type: 'dailyReminders', enabled: true })).body.dailyReminders).toBe(true);
    expect((await call('POST', '/api/notifications/toggle', { type: 'weekly', enabled: true })).status).toBe(400);
    expect((await call('POST', '/api/notifications/toggle', { type: 'daily', enabled: 'on' })).status).toBe(400);
    expect((await call('GET', '/api/notifications/settings')).body).toEqual({ dailyReminders: true, lastChanceReminders: false, hasSeenNotificationModal: true, emailFallback: false });
  });

  it('send-test reaches every device through real web-push: VAPID JWT verified, aes128gcm payload decrypted', async () => {
    const { call } = await newUser();
    expect((await call('POST', '/api/notifications/send-test')).status).toBe(409); // no device yet
    const s1 = push.subscribe();
    const s2 = push.subscribe();
    await call('POST', '/api/notifications/register-token', { token: JSON.stringify(s1.toJSON()) });
    await call('POST', '/api/notifications/register-token', { token: JSON.stringify(s2.toJSON()) });
    expect(await call('POST', '/api/notifications/send-test')).toMatchObject({ status: 200, body: { success: true, devices: 2 } });
    const publicKey = (await t.app.inject({ method: 'GET', url: '/api/notifications/vapid-public-key' })).json().publicKey;
    for (const s of [s1, s2]) {
      const [m] = push.received.filter((r) => r.id === s.id);
      expect(m!.json).toMatchObject({ title: 'Test notification', tag: 'test-notification', url: '/notifications', actions: [] });
      expect(m!.vapidKey).toBe(publicKey);
      expect(m!.jwt.aud).toBe(push.origin);
    }
    expect(push.rejected).toEqual([]);
    expect(await call('POST', '/api/notifications/trigger-checkin')).toMatchObject({ status: 200, body: { devices: 2 } });
    expect(push.received.filter((r) => r.id === s1.id).at(-1)!.json).toMatchObject({ title: 'Window is open.', tag: 'checkin-reminder', url: '/checkin' });
    // The VAPID header of one push service is signed once and reused (valid 12 h).
    const auths = new Set(push.received.filter((r) => r.id === s1.id || r.id === s2.id).map((r) => r.headers.authorization));
    expect(auths.size).toBe(1);
    expect(push.received[0]!.jwt.exp - Date.now() / 1000).toBeGreaterThan(11 * 3600);
  });

  it('the daily and last-chance reminders arrive at the user\'s times, once; 410 removes the device; 5xx is retried', async () => {
    t.clock.set('2026-03-10T12:00:00Z');
    const { user, call } = await newUser({ timezone: 'America/New_York', checkInTime: '20:30' });
    const phone = push.subscribe();
    const laptop = push.subscribe();
    await call('POST', '/api/notifications/register-token', { token: JSON.stringify(phone.toJSON()) });
    await call('POST', '/api/notifications/register-token', { token: JSON.stringify(laptop.toJSON()) });
    const check = (await call('GET', '/api/notifications/check')).body;
    // 20:30 EDT = 00:30Z the next day; 23:50 EDT = 03:50Z.
    expect(check).toMatchObject({ nextDailyAt: '2026-03-11T00:30:00.000Z', nextLastChanceAt: '2026-03-11T03:50:00.000Z' });

    t.clock.set('2026-03-11T00:29:40Z');
    expect((await tickAndDrain()).enqueued).toBe(0);
    expect(messagesTo(phone.id)).toEqual([]);

    push.respond(laptop.id, 503); // the laptop's push service has a hiccup: retried later
    t.clock.set('2026-03-11T00:30:20Z');
    expect((await tickAndDrain()).enqueued).toBe(1);
    expect(messagesTo(phone.id)).toEqual([expect.objectContaining({ title: 'Window is open.', body: 'Please check-in before midnight!' })]);
    expect(push.received.find((m) => m.id === phone.id)!.json).toEqual({
      title: 'Window is open.',
      body: 'Please check-in before midnight!',
      tag: 'checkin-reminder',
      url: '/checkin',
      actions: [
        { action: 'checkin', title: 'Check in now' },
        { action: 'dismiss', title: 'Dismiss' },
      ],
    });
    expect(messagesTo(laptop.id)).toEqual([]);
    // A second tick (another instance, or the next slot) enqueues nothing new.
    expect((await tickAndDrain()).enqueued).toBe(0);
    t.clock.advance(10_000); // the retry's backoff (10 s) has passed
    await t.app.jobs.drain();
    expect(messagesTo(laptop.id)).toHaveLength(1);
    expect((await call('GET', '/api/notifications/check')).body.lastDeliveredAt).toBe('2026-03-11T00:30:30.000Z');
    expect((await call('GET', `/api/notifications/check?endpoint=${encodeURIComponent(phone.endpoint)}`)).body.thisDevice).toEqual({
      registered: true,
      lastDeliveredAt: '2026-03-11T00:30:20.000Z',
    });

    // The laptop's subscription expired: 410 removes it; the phone gets the last chance.
    push.respond(laptop.id, 410);
    t.clock.set('2026-03-11T03:50:15Z');
    expect((await tickAndDrain()).enqueued).toBe(1);
    expect(messagesTo(phone.id).at(-1)).toEqual(
      expect.objectContaining({ title: 'Last chance to check in', body: 'Your check-in window closes in 10 minutes.' }),
    );
    const left = await t.app.db.select().from(pushSubscriptions).where(eq(pushSubscriptions.userId, user.id));
    expect(left.map((s) => s.endpoint)).toEqual([phone.endpoint]);
    expect((await call('GET', '/api/notifications/check')).body).toMatchObject({ devices: 1, nextDailyAt: '2026-03-12T00:30:00.000Z' });
  });

  it('a retry waits as long as the push service asked (Retry-After), and is dropped once the user checked in', async () => {
    t.clock.set('2026-03-16T12:00:00Z');
    const { call } = await newUser({ timezone: 'UTC', checkInTime: '20:00' });
    const phone = push.subscribe();
    await call('POST', '/api/notifications/register-token', { token: phone.toJSON() });
    push.respond(phone.id, { status: 429, headers: { 'Retry-After': '120' } }, { status: 503, headers: { 'Retry-After': '300' } });
    t.clock.set('2026-03-16T20:00:20Z');
    await tickAndDrain();
    expect(push.hits(phone.id)).toBe(1);
    // Not after the 10 s backoff: after the 120 s the push service asked for.
    t.clock.advance(60_000);
    await t.app.jobs.drain();
    expect(push.hits(phone.id)).toBe(1);
    t.clock.advance(60_000);
    await t.app.jobs.drain();
    expect(push.hits(phone.id)).toBe(2); // the 503: next try in 300 s (the backoff would say 20 s)
    t.clock.advance(200_000);
    await t.app.jobs.drain();
    expect(push.hits(phone.id)).toBe(2);
    // The user checks in before it: the retry checks again and sends nothing.
    expect((await call('POST', '/api/checkins', { answers: yes7 })).status).toBe(201);
    t.clock.advance(100_000);
    await t.app.jobs.drain();
    expect(push.hits(phone.id)).toBe(2);
    expect(messagesTo(phone.id)).toEqual([]);
  });

  it('a retried reminder is not sent once its local day is over (no stale reminder after midnight)', async () => {
    t.clock.set('2026-03-17T12:00:00Z');
    const { user, call } = await newUser({ timezone: 'UTC', checkInTime: '20:00' });
    const phone = push.subscribe();
    await call('POST', '/api/notifications/register-token', { token: phone.toJSON() });
    await call('POST', '/api/notifications/toggle', { type: 'dailyReminders', enabled: false });
    push.respond(phone.id, { status: 503, headers: { 'Retry-After': '900' } });
    t.clock.set('2026-03-17T23:50:10Z');
    await tickAndDrain();
    expect(push.hits(phone.id)).toBe(1);
    t.clock.set('2026-03-18T00:05:10Z'); // the retry is due after midnight: the 17th's last chance has no point
    await t.app.jobs.drain();
    expect(push.hits(phone.id)).toBe(1);
    const [retry] = await t.app.db.select().from(jobs).where(and(eq(jobs.kind, 'push.deliver'), eq(jobs.key, `reminder:last-chance:${user.id}:2026-03-17:${(await t.app.db.select().from(pushSubscriptions).where(eq(pushSubscriptions.userId, user.id)))[0]!.id}`)));
    expect(retry).toMatchObject({ state: 'done', attempts: 1 });
  });

  it('a browser that moves to another account takes its reminders along: the previous owner is rescheduled', async () => {
    t.clock.set('2026-03-16T12:00:00Z');
    const a = await newUser({ timezone: 'UTC', checkInTime: '20:00' });
    const b = await newUser({ timezone: 'UTC', checkInTime: '21:00' });
    const browser = push.subscribe();
    await a.call('POST', '/api/notifications/register-token', { token: browser.toJSON() });
    expect((await a.call('GET', '/api/notifications/check')).body).toMatchObject({ devices: 1, nextDailyAt: '2026-03-16T20:00:00.000Z' });
    // B signs in on the same browser: the endpoint is B's now; A has no device and no e-mail fallback.
    await b.call('POST', '/api/notifications/register-token', { token: browser.toJSON() });
    expect((await a.call('GET', '/api/notifications/check')).body).toMatchObject({ devices: 0, nextDailyAt: null, nextLastChanceAt: null });
    t.clock.set('2026-03-16T20:00:20Z');
    await tickAndDrain();
    expect(messagesTo(browser.id)).toEqual([]); // A's reminder does not reach B's browser
    t.clock.set('2026-03-16T21:00:20Z');
    await tickAndDrain();
    expect(messagesTo(browser.id).map((m) => m.title)).toEqual(['Window is open.']);
  });

  it('a user who checked in gets no reminder that day; one with the toggle off neither', async () => {
    t.clock.set('2026-03-12T12:00:00Z');
    const a = await newUser({ timezone: 'UTC', checkInTime: '20:00' });
    const b = await newUser({ timezone: 'UTC', checkInTime: '20:00' });
    const sa = push.subscribe();
    const sb = push.subscribe();
    await a.call('POST', '/api/notifications/register-token', { token: sa.toJSON() });
    await b.call('POST', '/api/notifications/register-token', { token: sb.toJSON() });
    await b.call('POST', '/api/notifications/toggle', { type: 'last-chance', enabled: false });
    t.clock.set('2026-03-12T20:00:30Z');
    await tickAndDrain();
    expect(messagesTo(sa.id)).toHaveLength(1);
    expect(messagesTo(sb.id)).toHaveLength(1);
    t.clock.set('2026-03-12T20:10:00Z');
    expect((await a.call('POST', '/api/checkins', { answers: yes7 })).status).toBe(201);
    t.clock.set('2026-03-12T23:50:10Z');
    await tickAndDrain();
    expect(messagesTo(sa.id)).toHaveLength(1); // checked in: no last chance
    expect(messagesTo(sb.id)).toHaveLength(1); // toggle off: no last chance
    const [row] = await t.app.db.select().from(reminderSchedules).where(and(eq(reminderSchedules.userId, b.user.id), eq(reminderSchedules.kind, 'last-chance')));
    expect(row!.nextAt).toBeNull();
  });

  it('subscribing after today\'s reminder time: no daily reminder today, the last chance still comes', async () => {
    t.clock.set('2026-03-13T21:00:00Z');
    const u = await newUser({ timezone: 'UTC', checkInTime: '20:00' });
    const s = push.subscribe();
    await u.call('POST', '/api/notifications/register-token', { token: s.toJSON() });
    expect((await u.call('GET', '/api/notifications/check')).body).toMatchObject({
      nextDailyAt: '2026-03-14T20:00:00.000Z',
      nextLastChanceAt: '2026-03-13T23:50:00.000Z',
    });
    t.clock.set('2026-03-13T21:00:30Z');
    await tickAndDrain();
    expect(messagesTo(s.id)).toEqual([]);
    t.clock.set('2026-03-13T23:50:30Z');
    await tickAndDrain();
    expect(messagesTo(s.id).map((m) => m.title)).toEqual(['Last chance to check in']);
  });

  it('a timezone or check-in time change moves the next reminder, and a date already reminded is not reminded again', async () => {
    t.clock.set('2026-03-15T10:00:00Z');
    const u = await newUser({ timezone: 'UTC', checkInTime: '20:00' });
    const s = push.subscribe();
    await u.call('POST', '/api/notifications/register-token', { token: s.toJSON() });
    expect((await u.call('PATCH', '/api/user/check-in-time', { checkInTime: '21:15' })).status).toBe(200);
    expect((await u.call('GET', '/api/notifications/check')).body.nextDailyAt).toBe('2026-03-15T21:15:00.000Z');
    expect((await u.call('PATCH', '/api/user/timezone', { timezone: 'Asia/Tokyo' })).status).toBe(200);
    // 10:00Z is 19:00 in Tokyo: 21:15 JST = 12:15Z.
    expect((await u.call('GET', '/api/notifications/check')).body.nextDailyAt).toBe('2026-03-15T12:15:00.000Z');
    t.clock.set('2026-03-15T12:15:20Z');
    await tickAndDrain();
    expect(messagesTo(s.id)).toHaveLength(1);
    // Back to UTC the same (UTC) date 2026-03-15: its reminder already went out for that date in Tokyo's 03-15, not again.
    expect((await u.call('PATCH', '/api/user/timezone', { timezone: 'UTC' })).status).toBe(200);
    t.clock.set('2026-03-15T21:15:20Z');
    await tickAndDrain();
    expect(messagesTo(s.id)).toHaveLength(1);
    const [daily] = await t.app.db.select().from(reminderSchedules).where(and(eq(reminderSchedules.userId, u.user.id), eq(reminderSchedules.kind, 'daily')));
    expect(daily!.lastLocalDate).toBe('2026-03-15');
  });
});

describe('configured VAPID keys', () => {
  it('are the ones served and signed with', async () => {
    const keys = webpush.generateVAPIDKeys();
    const push = await startPushService();
    const t = await buildTestApp('pglite', {
      env: { VAPID_PUBLIC_KEY: keys.publicKey, VAPID_PRIVATE_KEY: keys.privateKey, VAPID_SUBJECT: 'mailto:ops@example.com', PUSH_ALLOWED_HOSTS: push.host },
    });
    try {
      expect((await t.app.inject({ method: 'GET', url: '/api/notifications/vapid-public-key' })).json()).toEqual({ publicKey: keys.publicKey });
      const user = await createUser(t.app.db);
      const cookie = await signInAs(t.app, user);
      const s = push.subscribe();
      await t.app.inject({ method: 'POST', url: '/api/notifications/register-token', headers: { cookie }, payload: { token: JSON.stringify(s.toJSON()) } });
      expect((await t.app.inject({ method: 'POST', url: '/api/notifications/send-test', headers: { cookie } })).statusCode).toBe(200);
      expect(push.received[0]).toMatchObject({ vapidKey: keys.publicKey, jwt: { sub: 'mailto:ops@example.com' } });
      expect(await t.app.db.select().from(appSettings).where(eq(appSettings.key, VAPID_KEYS_SETTING))).toEqual([]);
    } finally {
      await t.close();
      await push.close();
    }
  });
});

describe('push worker threads (PUSH_THREADS)', () => {
  it('encrypt and send in worker threads: every device gets its message, VAPID JWT verified, payload decrypted', async () => {
    const push = await startPushService();
    const t = await buildTestApp('pglite', { env: { PUSH_THREADS: '2', PUSH_ALLOWED_HOSTS: push.host } });
    try {
      expect(t.app.config.pushThreads).toBe(2);
      const user = await createUser(t.app.db);
      const cookie = await signInAs(t.app, user);
      const subs = Array.from({ length: 5 }, () => push.subscribe());
      for (const s of subs) {
        await t.app.inject({ method: 'POST', url: '/api/notifications/register-token', headers: { cookie }, payload: { token: s.toJSON() } });
      }
      const res = await t.app.inject({ method: 'POST', url: '/api/notifications/send-test', headers: { cookie } });
      expect(res.json()).toEqual({ success: true, devices: 5 });
      expect(push.rejected).toEqual([]);
      for (const s of subs) expect(push.received.filter((m) => m.id === s.id).map((m) => m.json)).toEqual([expect.objectContaining({ title: 'Test notification' })]);
      const publicKey = (await t.app.inject({ method: 'GET', url: '/api/notifications/vapid-public-key' })).json().publicKey;
      expect(new Set(push.received.map((m) => m.vapidKey))).toEqual(new Set([publicKey]));
    } finally {
      await t.close();
      await push.close();
    }
  });
});
