import { describe, expect, it } from 'vitest';
import webpush from 'web-push';
import { base64UrlToBytes, needsRegistration, PUSH_MESSAGES, RENEW_AFTER_MS, shouldAutoEnable } from './push-client';

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
    expect(PUSH_MESSAGES.permission('denied')).toBe('Notification permission denied. Please allow notifications in your browser.');
    expect(PUSH_MESSAGES.unsupported).toBe('Push messaging not available in this browser');
  });
});

describe('subscription renewal (spec: the push token is renewed after 7 days)', () => {
  const now = Date.UTC(2026, 10, 25, 12);
  const day = 24 * 60 * 60 * 1000;
  const base = { hasSubscription: true, lastRegisteredAt: now - day, now, registeredThisSession: true };

  it('leaves a subscription registered this session and less than 7 days ago alone', () => {
    expect(needsRegistration(base)).toBe(false);
    expect(needsRegistration({ ...base, lastRegisteredAt: now - RENEW_AFTER_MS + 1 })).toBe(false);
  });

  it('registers again once 7 days have passed, even within one session', () => {
    expect(RENEW_AFTER_MS).toBe(7 * day);
    expect(needsRegistration({ ...base, lastRegisteredAt: now - RENEW_AFTER_MS })).toBe(true);
    expect(needsRegistration({ ...base, lastRegisteredAt: now - 30 * day })).toBe(true);
  });

  it('registers on each app start, without a subscription, or without a record of the last registration', () => {
    expect(needsRegistration({ ...base, registeredThisSession: false })).toBe(true);
    expect(needsRegistration({ ...base, hasSubscription: false })).toBe(true);
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
