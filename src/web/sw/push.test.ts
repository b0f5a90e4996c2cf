import { describe, expect, it, vi } from 'vitest';
import { existsSync } from 'node:fs';
import path from 'node:path';
import { handleNotificationClick, handlePush, handlePushSubscriptionChange, NOTIFICATION_BADGE, NOTIFICATION_ICON, parsePushData, type PushScope } from './push';

function scope(windows: Array<{ url: string; focus?: () => Promise<unknown>; navigate?: (u: string) => Promise<unknown> }> = []) {
  const shown: Array<{ title: string; options: unknown }> = [];
  const opened: string[] = [];
  const s: PushScope = {
    registration: { showNotification: async (title, options) => void shown.push({ title, options }) },
    clients: { matchAll: async () => windows, openWindow: async (u) => void opened.push(u) },
    location: { origin: 'https://big7.example' },
  };
  return { s, shown, opened };
}

const data = (v: unknown) => ({ json: () => (typeof v === 'string' ? JSON.parse(v) : v), text: () => String(v) });

describe('service worker push handling', () => {
  it('shows an icon and a badge that are files of the build (the public folder is served at the site root)', async () => {
    const { s, shown } = scope();
    const waits: Promise<unknown>[] = [];
    handlePush(s, { waitUntil: (p) => void waits.push(p), data: data({ title: 'T', body: 'B' }) });
    await Promise.all(waits);
    const options = shown[0]!.options as { icon: string; badge: string };
    expect(options.icon).toBe(NOTIFICATION_ICON);
    expect(options.badge).toBe(NOTIFICATION_BADGE);
    for (const url of [options.icon, options.badge]) {
      expect(url.startsWith('/')).toBe(true);
      expect(existsSync(path.join(import.meta.dirname, '../public', url)), url).toBe(true);
    }
  });

  it('shows the reminder with its tag, url and actions', async () => {
    const { s, shown } = scope();
    const waits: Promise<unknown>[] = [];
    handlePush(s, {
      waitUntil: (p) => void waits.push(p),
      data: data({ title: 'Window is open.', body: 'Please check-in before midnight!', tag: 'checkin-reminder', url: '/checkin', actions: [{ action: 'checkin', title: 'Check in now' }] }),
    });
    await Promise.all(waits);
    expect(shown).toEqual([
      {
        title: 'Window is open.',
        options: expect.objectContaining({ body: 'Please check-in before midnight!', tag: 'checkin-reminder', data: { url: '/checkin' }, actions: [{ action: 'checkin', title: 'Check in now' }] }),
      },
    ]);
  });

  it('falls back to a plain reminder for empty or odd data, and never leaves the origin', () => {
    expect(parsePushData(null).url).toBe('/checkin');
    expect(parsePushData(data({ title: 'x', body: 'y', url: 'https://evil.example/' })).url).toBe('/checkin');
    expect(parsePushData({ json: () => { throw new Error('not json'); }, text: () => 'hello' }).body).toBe('hello');
  });

  it('a click opens /checkin, focuses an open window instead, and dismiss only closes', async () => {
    const close = vi.fn();
    const a = scope();
    const waits: Promise<unknown>[] = [];
    handleNotificationClick(a.s, { waitUntil: (p) => void waits.push(p), notification: { close, data: { url: '/checkin' } } });
    await Promise.all(waits);
    expect(a.opened).toEqual(['https://big7.example/checkin']);
    const navigate = vi.fn(async () => undefined);
    const focus = vi.fn(async () => undefined);
    const b = scope([{ url: 'https://big7.example/dashboard', navigate, focus }]);
    handleNotificationClick(b.s, { action: 'checkin', waitUntil: (p) => void waits.push(p), notification: { close, data: { url: '/checkin' } } });
    await Promise.all(waits);
    expect(navigate).toHaveBeenCalledWith('https://big7.example/checkin');
    expect(b.opened).toEqual([]);
    const c = scope();
    handleNotificationClick(c.s, { action: 'dismiss', waitUntil: (p) => void waits.push(p), notification: { close } });
    await Promise.all(waits);
    expect(c.opened).toEqual([]);
    expect(close).toHaveBeenCalledTimes(3);
  });
});

describe('pushsubscriptionchange', () => {
  it('subscribes again with the server key and registers the new subscription', async () => {
    const publicKey = Buffer.from(Uint8Array.from({ length: 65 }, (_, i) => (i === 0 ? 4 : i))).toString('base64url');
    const calls: Array<{ url: string; body?: string }> = [];
    vi.stubGlobal('fetch', async (url: string, init?: RequestInit) => {
      calls.push({ url, body: init?.body as string | undefined });
      return new Response(JSON.stringify(url.endsWith('vapid-public-key') ? { publicKey } : { success: true, devices: 1 }));
    });
    const json = { endpoint: 'https://push.example/new', expirationTime: null, keys: { p256dh: 'p', auth: 'a' } };
    const subscribe = vi.fn(async (_o: PushSubscriptionOptionsInit) => ({ toJSON: () => json }) as unknown as PushSubscription);
    const { s } = scope();
    s.registration.pushManager = { subscribe } as unknown as PushManager;
    const waits: Promise<unknown>[] = [];
    handlePushSubscriptionChange(s, { waitUntil: (p) => void waits.push(p) });
    await Promise.all(waits);
    vi.unstubAllGlobals();
    expect(Buffer.from(subscribe.mock.calls[0]![0].applicationServerKey as Uint8Array).toString('base64url')).toBe(publicKey);
    expect(calls.map((c) => c.url)).toEqual(['/api/notifications/vapid-public-key', '/api/notifications/register-token']);
    expect(JSON.parse(calls[1]!.body!)).toEqual({ token: JSON.stringify(json) });
  });
});

describe('the app icon badge (issue 30)', () => {
  it('a check-in reminder sets the badge as it is shown; another message does not', async () => {
    for (const [tag, expected] of [['checkin-reminder', 1], ['test-notification', 0]] as const) {
      const { s } = scope();
      let set = 0;
      s.navigator = { setAppBadge: async () => void set++ };
      const waits: Promise<unknown>[] = [];
      handlePush(s, { waitUntil: (p) => void waits.push(p), data: data({ title: 'T', body: 'B', tag }) });
      await Promise.all(waits);
      expect(set, tag).toBe(expected);
    }
  });

  it('a browser without the Badging API, or one that refuses it, still shows the reminder', async () => {
    for (const navigator of [undefined, {}, { setAppBadge: async () => Promise.reject(new Error('not installed')) }]) {
      const { s, shown } = scope();
      s.navigator = navigator;
      const waits: Promise<unknown>[] = [];
      handlePush(s, { waitUntil: (p) => void waits.push(p), data: data({ title: 'T', body: 'B', tag: 'checkin-reminder' }) });
      await Promise.all(waits);
      expect(shown).toHaveLength(1);
    }
  });
});
