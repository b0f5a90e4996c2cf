import type { QueryClient } from '@tanstack/react-query';
import type { PushSubscriptionJson } from '@shared/schemas/notifications';
import { getVapidPublicKey } from '../api/get-vapid-public-key';
import { NOTIFICATIONS_KEY } from '../api/keys';
import { registerToken } from '../api/register-token';
import { PUSH_RENEWED_AT_KEY } from '@web/lib/browser-data';
import { permissionState, pushSupported } from './permission';

// What the browser allows lives apart (./permission.ts): the dashboard watches it without loading this file.
export { permissionState, pushSupported, shouldAutoEnable, watchPermissionGranted, type PermissionState } from './permission';

/**
 * The browser side of Web Push (DECISIONS: one service worker, Web Push with VAPID): permission, subscribing on
 * the service worker registration (`navigator.serviceWorker.ready`, the one /sw.js) and registering the
 * subscription with the server. The FCM-named messages of the spec are worded for Web Push.
 */
export const PUSH_MESSAGES = {
  /** Spec: 'Firebase messaging not available in this browser'. */
  unsupported: 'Push messaging not available in this browser',
  /** Spec: 'FCM token generation failed: {reason}' (logged with the failure). */
  subscribeFailed: (reason: string) => `Push subscription failed: ${reason}`,
  /** Spec: 'Failed to generate FCM token. This may be due to browser restrictions or network connectivity.' */
  subscribeFailedHint: 'Failed to create a push subscription. This may be due to browser restrictions or network connectivity.',
  /** Spec: 'Server registration failed: {message}'. */
  registerFailed: (message: string) => `Server registration failed: ${message}`,
  permission: (state: string) => `Notification permission ${state}. Please allow notifications in your browser.`,
} as const;

/**
 * Why this device could not be set up for push: `message` is what the user is told (the spec's Web Push wording),
 * `detail` the technical reason (logged).
 */
export class PushSetupError extends Error {
  constructor(
    readonly kind: 'unsupported' | 'permission' | 'subscribe' | 'register',
    message: string,
    readonly detail: string = message,
  ) {
    super(message);
    this.name = 'PushSetupError';
  }
}

/** Re-register the subscription after this long even when nothing changed (spec: the token is renewed after 7 days). */
export const RENEW_AFTER_MS = 7 * 24 * 60 * 60 * 1000;
const RENEWED_AT_KEY = PUSH_RENEWED_AT_KEY;


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
 * Subscribes this device (permission must be granted) and registers it with the server. Throws a PushSetupError:
 * a failed subscription says PUSH_MESSAGES.subscribeFailedHint (the reason is logged as subscribeFailed), a
 * failed registration PUSH_MESSAGES.registerFailed(the server's message).
 */
export async function subscribeThisDevice(): Promise<void> {
  if (!pushSupported()) throw new PushSetupError('unsupported', PUSH_MESSAGES.unsupported);
  if (Notification.permission !== 'granted') throw new PushSetupError('permission', PUSH_MESSAGES.permission(Notification.permission));
  let sub: PushSubscription;
  try {
    const reg = await readyRegistration();
    if (!reg) throw new Error('the service worker is not available');
    const { publicKey } = await getVapidPublicKey();
    const key = base64UrlToBytes(publicKey);
    const existing = await reg.pushManager.getSubscription();
    // A subscription made with another server key cannot be used: replace it.
    const sameKey = existing?.options.applicationServerKey && equalBytes(new Uint8Array(existing.options.applicationServerKey), key);
    if (existing && !sameKey) await existing.unsubscribe();
    sub = existing && sameKey ? existing : await reg.pushManager.subscribe({ userVisibleOnly: true, applicationServerKey: key });
  } catch (err) {
    const detail = PUSH_MESSAGES.subscribeFailed(err instanceof Error ? err.message : String(err));
    console.warn(detail);
    throw new PushSetupError('subscribe', PUSH_MESSAGES.subscribeFailedHint, detail);
  }
  try {
    await registerToken(sub.toJSON() as PushSubscriptionJson);
    localStorage.setItem(RENEWED_AT_KEY, String(Date.now()));
  } catch (err) {
    throw new PushSetupError('register', PUSH_MESSAGES.registerFailed(err instanceof Error ? err.message : String(err)));
  }
}

/** This device's push endpoint (what the server knows it by), or null without a subscription. */
export async function thisDeviceEndpoint(): Promise<string | null> {
  return (await currentSubscription().catch(() => null))?.endpoint ?? null;
}

function equalBytes(a: Uint8Array, b: Uint8Array): boolean {
  return a.length === b.length && a.every((v, i) => v === b[i]);
}

/**
 * Whether this start must register the subscription again: on each app start it is registered once (so a
 * subscription the server dropped after a 404/410, or one that moved to another account on this device, comes
 * back); while the app stays open, again once the last registration is RENEW_AFTER_MS (7 days) old.
 */
export function needsRegistration(s: { lastRegisteredAt: number; now: number; registeredThisStart: boolean }): boolean {
  if (!s.registeredThisStart) return true;
  return !(s.lastRegisteredAt > 0) || s.now - s.lastRegisteredAt >= RENEW_AFTER_MS;
}

/** Whether this page load (an app start) has registered the subscription yet. */
let registeredThisStart = false;

/**
 * Called by the app shell once per app start for a signed-in user (and by the service worker on
 * pushsubscriptionchange, with its own code): with permission granted, this device is subscribed and registered
 * with the server. Quiet on failure (/settings and /notifications show the device's state). Resolves whether it
 * registered the device now.
 */
export async function healSubscription(now = Date.now()): Promise<boolean> {
  if (permissionState() !== 'granted') return false;
  const state = { lastRegisteredAt: Number(localStorage.getItem(RENEWED_AT_KEY) ?? 0), now, registeredThisStart };
  if (!needsRegistration(state)) return false;
  try {
    await subscribeThisDevice();
    registeredThisStart = true;
    return true;
  } catch {
    return false;
  }
}

/** healSubscription, then, when it registered this device, every notifications read is refreshed (app/app.tsx). */
export async function healSubscriptionAndRefresh(client: QueryClient): Promise<void> {
  if (await healSubscription()) await client.invalidateQueries({ queryKey: NOTIFICATIONS_KEY });
}
