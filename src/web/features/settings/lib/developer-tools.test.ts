import { describe, expect, test } from 'vitest';
import { ApiError } from '@web/lib/api-client';
import { parseDays, testNotificationToast } from './developer-tools';

describe('developer day inputs', () => {
  test('lost streak days are 1 to 365, manual streak 0 to 365', () => {
    expect(parseDays('1', 1, 365)).toEqual({ value: 1 });
    expect(parseDays(' 365 ', 1, 365)).toEqual({ value: 365 });
    expect(parseDays('0', 0, 365)).toEqual({ value: 0 });
    for (const bad of ['0', '366', '', '  ', '-3', '2.5', 'ten', '1e2']) {
      expect(parseDays(bad, 1, 365)).toEqual({ error: 'Enter a whole number of days from 1 to 365' });
    }
  });
});

describe('send a test notification', () => {
  test('says how many devices it went to, or why it could not go', () => {
    expect(testNotificationToast({ success: true, devices: 1 })).toEqual({ title: 'Test Notification Sent', description: 'Sent to 1 device. It should appear in a few seconds.' });
    expect(testNotificationToast({ success: true, devices: 2 }).description).toBe('Sent to 2 devices. It should appear in a few seconds.');
    const noDevice = testNotificationToast(new ApiError(409, '409: x', 'No device is subscribed', {}));
    expect(noDevice).toMatchObject({ title: 'No Device Subscribed', variant: 'destructive' });
    expect(testNotificationToast(new ApiError(502, '502: x', 'push service', {}))).toMatchObject({ title: 'Test Notification Failed', variant: 'destructive' });
    expect(testNotificationToast(new ApiError(500, '500: x', 'Boom', {}))).toEqual({ title: 'Test Notification Failed', description: 'Boom', variant: 'destructive' });
    expect(testNotificationToast(new Error('Failed to fetch'))).toMatchObject({ description: 'Failed to fetch' });
  });
});
