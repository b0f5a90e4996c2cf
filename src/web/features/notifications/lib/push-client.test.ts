import { afterEach, describe, expect, it, vi } from 'vitest';
import webpush from 'web-push';
import { base64UrlToBytes, needsRegistration, PUSH_MESSAGES, PushSetupError, RENEW_AFTER_MS, shouldAutoEnable, subscribeThisDevice } from './push-client';

describe('push client helpers', () => {
  it('turns the VAPID public key into the 65-byte applicationServerKey', () => {
    const { publicKey } = webpush.generateVAPIDKeys();
    const bytes = base64UrlToBytes(publicKey);
    expect(bytes).toHaveLength(65);
    expect(bytes[0]).toBe(4);
    expect(Buffer.from(bytes).toString('base64url')).toBe(publicKey);
  });

  it('words the spec\'s FCM messages for Web Push', () => {
    expect(PUSH_MESSAGES.registerFailed('Invalid push subscription')).toBe('Server registration failed: Invalid push subscription');
    expect(PUSH_MESSAGES.subscribeFailed('AbortError')).toBe('Push subscription failed: AbortError');
    expect(PUSH_MESSAGES.subscribeFailedHint).toBe('Failed to create a push subscription. This may be due to browser restrictions or network connectivity.');
    expect(PUSH_MESSAGES.permission('denied')).toBe('Notification permission denied. Please allow notifications in your browser.');
    expect(PUSH_MESSAGES.unsupported).toBe('Push messaging not available in this browser');
  });
});

describe('subscription renewal (spec: the push token is renewed after 7 days)', () => {
  const now = Date.UTC(2026, 10, 25, 12);
  const day = 24 * 60 * 60 * 1000;
  const base = { lastRegisteredAt: now - day, now, registeredThisStart: true };

  it('leaves a subscription registered at this app start and less than 7 days ago alone', () => {
    expect(needsRegistration(base)).toBe(false);
    expect(needsRegistration({ ...base, lastRegisteredAt: now - RENEW_AFTER_MS + 1 })).toBe(false);
  });

  it('registers again once 7 days have passed, even while the app stays open', () => {
    expect(RENEW_AFTER_MS).toBe(7 * day);
    expect(needsRegistration({ ...base, lastRegisteredAt: now - RENEW_AFTER_MS })).toBe(true);
    expect(needsRegistration({ ...base, lastRegisteredAt: now - 30 * day })).toBe(true);
  });

  it('registers once at each app start, and without a record of the last registration', () => {
    expect(needsRegistration({ ...base, registeredThisStart: false })).toBe(true);
    expect(needsRegistration({ ...base, lastRegisteredAt: 0 })).toBe(true);
    expect(needsRegistration({ ...base, lastRegisteredAt: Number.NaN })).toBe(true);
  });
});

describe('auto-enable for new users with default permission', () => {
  const fresh = { hasSeenNotificationModal: false, dailyReminders: true };
  it('applies to a new user whose permission is still default', () => {
    expect(shouldAutoEnable('default', fresh)).toBe(true);
  });
  it('not once the modal was answered, reminders were turned off, or the permission was decided', () => {
    expect(shouldAutoEnable('default', { ...fresh, hasSeenNotificationModal: true })).toBe(false);
    expect(shouldAutoEnable('default', { ...fresh, dailyReminders: false })).toBe(false);
    expect(shouldAutoEnable('denied', fresh)).toBe(false);
    expect(shouldAutoEnable('granted', fresh)).toBe(false);
    expect(shouldAutoEnable('unsupported', fresh)).toBe(false);
    expect(shouldAutoEnable('default', undefined)).toBe(false);
  });
});

describe('setting up this device', () => {
  afterEach(() => vi.unstubAllGlobals());

  function browser(subscribe: () => Promise<unknown>) {
    vi.stubGlobal('window', { Notification: {}, PushManager: {} });
    vi.stubGlobal('Notification', { permission: 'granted' });
    vi.stubGlobal('navigator', { serviceWorker: { ready: Promise.resolve({ pushManager: { getSubscription: async () => null, subscribe } }) } });
    vi.stubGlobal('localStorage', { setItem: () => undefined, getItem: () => null });
    vi.stubGlobal('fetch', async () => new Response(JSON.stringify({ publicKey: webpush.generateVAPIDKeys().publicKey }), { headers: { 'Content-Type': 'application/json' } }));
    vi.spyOn(console, 'warn').mockImplementation(() => undefined);
  }

  it("a subscription the browser cannot make says the Web Push wording of the spec's token failure, the reason logged", async () => {
    browser(async () => {
      throw new DOMException('Registration failed - push service error', 'AbortError');
    });
    const err = (await subscribeThisDevice().catch((e: unknown) => e)) as PushSetupError;
    expect(err).toBeInstanceOf(PushSetupError);
    expect(err.kind).toBe('subscribe');
    expect(err.message).toBe(PUSH_MESSAGES.subscribeFailedHint);
    expect(err.detail).toBe('Push subscription failed: Registration failed - push service error');
  });
});
