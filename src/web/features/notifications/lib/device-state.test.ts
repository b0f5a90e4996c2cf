import { describe, expect, it } from 'vitest';
import { DEVICE_STATE_TEXT, deviceReminderState, type DeviceFacts } from './device-state';

const ready: DeviceFacts = { permission: 'granted', iosNotInstalled: false, dailyReminders: true, registered: true };

describe('the Notifications switch shows what is true on this device', () => {
  it('is on only with permission granted, this device registered and the daily reminder on', () => {
    expect(deviceReminderState(ready)).toBe('on');
  });

  it('is off, and says why, in every other case', () => {
    expect(deviceReminderState({ ...ready, registered: false })).toBe('not-registered');
    expect(deviceReminderState({ ...ready, dailyReminders: false })).toBe('off');
    expect(deviceReminderState({ ...ready, permission: 'default', registered: false })).toBe('not-asked');
    // The server's default (reminders on) does not make a device that was never asked look subscribed.
    expect(deviceReminderState({ ...ready, permission: 'default' })).toBe('not-asked');
    expect(deviceReminderState({ ...ready, permission: 'denied' })).toBe('denied');
    expect(deviceReminderState({ ...ready, permission: 'denied', dailyReminders: false })).toBe('denied');
    expect(deviceReminderState({ ...ready, permission: 'unsupported' })).toBe('unsupported');
    expect(deviceReminderState({ ...ready, permission: 'unsupported', iosNotInstalled: true })).toBe('ios-not-installed');
  });

  it('waits while the settings or the device are not known yet', () => {
    expect(deviceReminderState({ ...ready, dailyReminders: undefined })).toBe('checking');
    expect(deviceReminderState({ ...ready, registered: undefined })).toBe('checking');
  });

  it('has a short explanation with the way to fix it for each off state', () => {
    expect(DEVICE_STATE_TEXT.denied('8:00 PM')).toMatch(/blocked.*site settings/);
    expect(DEVICE_STATE_TEXT['not-registered']('8:00 PM')).toMatch(/isn't registered.*Turn this on/);
    expect(DEVICE_STATE_TEXT.off('8:00 PM')).toBe('Reminders are off. Turn this on for a reminder at 8:00 PM.');
  });
});
