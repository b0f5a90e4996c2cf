import type { PermissionState } from './push-client';

/**
 * What the Notifications switch on /settings shows (issue 12): on only when this device can get the reminders —
 * the browser's permission granted, this device's push subscription registered with the server, and the daily
 * reminder on. Every other state is off, with why and what to do.
 */
export type DeviceReminderState = 'on' | 'checking' | 'unsupported' | 'ios-not-installed' | 'denied' | 'not-asked' | 'not-registered' | 'off';

export interface DeviceFacts {
  permission: PermissionState;
  /** iOS/iPadOS Safari outside the Home Screen (no PushManager there). */
  iosNotInstalled: boolean;
  /** The server's dailyReminders; undefined while loading. */
  dailyReminders: boolean | undefined;
  /** Whether the server has this device's subscription (false without one); undefined while unknown. */
  registered: boolean | undefined;
}

export function deviceReminderState(f: DeviceFacts): DeviceReminderState {
  if (f.permission === 'unsupported') return f.iosNotInstalled ? 'ios-not-installed' : 'unsupported';
  if (f.permission === 'denied') return 'denied';
  if (f.dailyReminders === undefined) return 'checking';
  if (!f.dailyReminders) return 'off';
  if (f.permission === 'default') return 'not-asked';
  if (f.registered === undefined) return 'checking';
  return f.registered ? 'on' : 'not-registered';
}

/** The line under the switch: why it is off and how to change that (or, when on, what it does). */
export const DEVICE_STATE_TEXT: Record<Exclude<DeviceReminderState, 'checking'>, (time: string) => string> = {
  on: (time) => `This device gets a reminder at ${time}, when your check-in window opens.`,
  off: (time) => `Reminders are off. Turn this on for a reminder at ${time}.`,
  'not-asked': () => 'Turn this on and allow notifications to get reminders on this device.',
  'not-registered': () => "This device isn't registered for reminders yet. Turn this on to register it.",
  denied: () => "Notifications are blocked for this site. Allow them in your browser's site settings, then turn this on.",
  unsupported: () => "This browser can't receive push notifications. E-mail reminders can reach you instead (Reminder health).",
  'ios-not-installed': () => 'On iPhone and iPad, reminders need Big 7 on your Home Screen: tap Share, then Add to Home Screen.',
};

/** iOS/iPadOS Safari not opened from the Home Screen: push cannot reach it there. */
export function isIosNotInstalled(): boolean {
  if (typeof navigator === 'undefined') return false;
  const ios = /iPad|iPhone|iPod/.test(navigator.userAgent);
  const standalone = window.matchMedia?.('(display-mode: standalone)').matches || (navigator as Navigator & { standalone?: boolean }).standalone === true;
  return ios && !standalone;
}
