import type { PushSubscriptionJson } from '@shared/schemas/notifications';
import { fetchVapidPublicKey, registerToken } from '../api/notifications';

/**
 * The browser side of Web Push (DECISIONS: one service worker, Web Push with VAPID): permission, subscribing on
 * the service worker registration (`navigator.serviceWorker.ready`, the one /sw.js) and registering the
 * subscription with the server. The FCM-named messages of the spec are worded for Web Push.
 */
export const PUSH_MESSAGES = {
  unsupported: 'Push messaging not available in this browser',
  subscribeFailed: (reason: string) => `Push subscription failed: ${reason}`,
  subscribeFailedHint: 'Failed to subscribe to push notifications. This may be due to browser restrictions or network connectivity.',
  registerFailed: (message: string) => `Server registration failed: ${message}`,
  permission: (state: string) => `Notification permission ${state}. Please allow notifications in your browser.`,
} as const;

/** Re-register the subscription after this long even when nothing changed (spec: the token is renewed after 7 days). */
export const RENEW_AFTER_MS = 7 * 24 * 60 * 60 * 1000;
const RENEWED_AT_KEY = 'big7.push.registeredAt';

export type PermissionState = NotificationPermission | 'unsupported';

export function pushSupported(): boolean {
  return typeof window !== 'undefined' && 'Notification' in window && 'serviceWorker' in navigator && 'PushManager' in window;
}

export function permissionState(): PermissionState {
  return pushSupported() ? Notification.permission : 'unsupported';
}

/** URL-safe base64 → bytes (the applicationServerKey). */
export function base64UrlToBytes(s: string): Uint8Array<ArrayBuffer> {
  const b64 = s.replace(/-/g, '+').replace(/_/g, '/') + '='.repeat((4 - (s.length % 4)) % 4);
  const bin = atob(b64);
  const out = new Uint8Array(new ArrayBuffer(bin.length));
  for (let i = 0; i < bin.length; i++) out[i] = bin.charCodeAt(i);
  return out;
}

/** A service worker registration, or null when none becomes ready in time (e.g. the worker is not built in dev). */
async function readyRegistration(timeoutMs = 10_000): Promise<ServiceWorkerRegistration | null> {
  return Promise.race([navigator.serviceWorker.ready, new Promise<null>((r) => setTimeout(() => r(null), timeoutMs))]);
}

/** This device's current subscription, if any. */
export async function currentSubscription(): Promise<PushSubscription | null> {
  if (!pushSupported()) return null;
  const reg = await readyRegistration(3_000);
  return reg ? reg.pushManager.getSubscription() : null;
}

/**
 * Subscribes this device (permission must be granted) and registers it with the server. Throws an Error whose
 * message is one of PUSH_MESSAGES.
 */
export async function subscribeThisDevice(): Promise<void> {
  if (!pushSupported()) throw new Error(PUSH_MESSAGES.unsupported);
  if (Notification.permission !== 'granted') throw new Error(PUSH_MESSAGES.permission(Notification.permission));
  let sub: PushSubscription;
  try {
    const reg = await readyRegistration();
    if (!reg) throw new Error('the service worker is not available');
    const { publicKey } = await fetchVapidPublicKey();
    const key = base64UrlToBytes(publicKey);
    const existing = await reg.pushManager.getSubscription();
    // A subscription made with another server key cannot be used: replace it.
    const sameKey = existing?.options.applicationServerKey && equalBytes(new Uint8Array(existing.options.applicationServerKey), key);
    if (existing && !sameKey) await existing.unsubscribe();
    sub = existing && sameKey ? existing : await reg.pushManager.subscribe({ userVisibleOnly: true, applicationServerKey: key });
  } catch (err) {
    throw new Error(PUSH_MESSAGES.subscribeFailed(err instanceof Error ? err.message : String(err)));
  }
  try {
    await registerToken(sub.toJSON() as PushSubscriptionJson);
    localStorage.setItem(RENEWED_AT_KEY, String(Date.now()));
  } catch (err) {
    throw new Error(PUSH_MESSAGES.registerFailed(err instanceof Error ? err.message : String(err)));
  }
}

function equalBytes(a: Uint8Array, b: Uint8Array): boolean {
  return a.length === b.length && a.every((v, i) => v === b[i]);
}

/**
 * Whether this start must register the subscription again: no subscription on this device, none registered in
 * this browser session yet (so every app start re-registers once: a subscription the server dropped after a
 * 404/410 comes back), or the last registration is RENEW_AFTER_MS (7 days) old or more.
 */
export function needsRegistration(s: { hasSubscription: boolean; lastRegisteredAt: number; now: number; registeredThisSession: boolean }): boolean {
  if (!s.hasSubscription || !s.registeredThisSession) return true;
  return !(s.lastRegisteredAt > 0) || s.now - s.lastRegisteredAt >= RENEW_AFTER_MS;
}

/**
 * On every app start: with permission granted, make sure this device's subscription is registered (a subscription
 * the server dropped after a 404/410 comes back; after 7 days it is re-registered anyway). Quiet on failure.
 */
export async function healSubscription(now = Date.now()): Promise<void> {
  if (permissionState() !== 'granted') return;
  const sub = await currentSubscription().catch(() => null);
  const state = {
    hasSubscription: sub !== null,
    lastRegisteredAt: Number(localStorage.getItem(RENEWED_AT_KEY) ?? 0),
    now,
    registeredThisSession: sessionStorage.getItem(RENEWED_AT_KEY) !== null,
  };
  if (!needsRegistration(state)) return;
  try {
    await subscribeThisDevice();
    sessionStorage.setItem(RENEWED_AT_KEY, '1');
  } catch {
    // Reported on /notifications (reminder health); nothing to interrupt the user with here.
  }
}

/**
 * Spec: new users with default permission get notifications enabled automatically. A new user (the modal not
 * seen yet) has both reminders on from the start (the server's defaults), so nothing waits for a switch: the
 * moment the browser's permission turns 'granted' — through the modal's Allow or the browser's own site
 * settings — this device subscribes. Browsers block or hide a permission prompt that no tap asked for, so the
 * app never asks on its own.
 */
export function shouldAutoEnable(permission: PermissionState, settings: { hasSeenNotificationModal: boolean; dailyReminders: boolean } | undefined): boolean {
  return permission === 'default' && settings !== undefined && !settings.hasSeenNotificationModal && settings.dailyReminders;
}

/**
 * Calls `onGranted` once when the notification permission turns 'granted' (Permissions API), and returns the
 * function that stops watching. Where the API is missing nothing is watched (the next app start heals).
 */
export function watchPermissionGranted(onGranted: () => void): () => void {
  let status: PermissionStatus | null = null;
  let stopped = false;
  const onChange = () => {
    if (status?.state === 'granted' && Notification.permission === 'granted') {
      status.removeEventListener('change', onChange);
      onGranted();
    }
  };
  void navigator.permissions
    ?.query({ name: 'notifications' })
    .then((s) => {
      if (stopped) return;
      status = s;
      s.addEventListener('change', onChange);
    })
    .catch(() => undefined);
  return () => {
    stopped = true;
    status?.removeEventListener('change', onChange);
  };
}
