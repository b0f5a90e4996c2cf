import { describe, expect, it } from 'vitest';
import webpush from 'web-push';
import { base64UrlToBytes, PUSH_MESSAGES } from './push-client';

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
