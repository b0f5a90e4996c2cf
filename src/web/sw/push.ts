import { applyBadge, type BadgeTarget } from '@shared/domain/app-badge';
import { REMINDER_TAG } from '@shared/domain/reminders';

/**
 * Push handling for the one service worker (/sw.js, built by the offline helper): it imports these and wires
 *   self.addEventListener('push', (e) => handlePush(self, e));
 *   self.addEventListener('notificationclick', (e) => handleNotificationClick(self, e));
 *   self.addEventListener('pushsubscriptionchange', (e) => handlePushSubscriptionChange(self, e));
 * The server sends JSON {title, body, tag, url, actions} (src/shared/domain/reminders.ts), encrypted with aes128gcm.
 */

export interface PushMessage {
  title: string;
  body: string;
  tag: string;
  url: string;
  actions: Array<{ action: string; title: string }>;
}

/** The parts of ServiceWorkerGlobalScope used here (kept narrow so the module is testable). */
export interface PushScope {
  registration: {
    showNotification(title: string, options?: NotificationOptions & { actions?: Array<{ action: string; title: string }> }): Promise<void>;
    pushManager?: PushManager;
  };
  clients: {
    matchAll(options?: { type?: 'window'; includeUncontrolled?: boolean }): Promise<ReadonlyArray<{ url: string; focus?(): Promise<unknown>; navigate?(url: string): Promise<unknown> }>>;
    openWindow(url: string): Promise<unknown>;
  };
  location: { origin: string };
  /** The Badging API of the worker (issue 30): a reminder shown sets the app icon's badge. */
  navigator?: BadgeTarget;
}

interface WaitableEvent {
  waitUntil(p: Promise<unknown>): void;
}

/** The notification's icon and badge: files of the build (src/web/public → the site root; push.test.ts checks). */
export const NOTIFICATION_ICON = '/icon-192.png';
export const NOTIFICATION_BADGE = '/icon-192.png';

const FALLBACK: PushMessage = { title: 'Big 7', body: 'Time to check in.', tag: 'checkin-reminder', url: '/checkin', actions: [] };

/** Parses a push message's data; anything unexpected falls back to a plain reminder (a push must show something). */
export function parsePushData(data: { json(): unknown; text(): string } | null | undefined): PushMessage {
  if (!data) return FALLBACK;
  try {
    const v = data.json() as Partial<PushMessage>;
    if (typeof v.title !== 'string' || typeof v.body !== 'string') return FALLBACK;
    return {
      title: v.title,
      body: v.body,
      tag: typeof v.tag === 'string' ? v.tag : FALLBACK.tag,
      url: typeof v.url === 'string' && v.url.startsWith('/') ? v.url : FALLBACK.url,
      actions: Array.isArray(v.actions) ? v.actions.filter((a) => typeof a?.action === 'string' && typeof a?.title === 'string') : [],
    };
  } catch {
    return { ...FALLBACK, body: data.text() || FALLBACK.body };
  }
}

export function handlePush(scope: PushScope, event: WaitableEvent & { data?: { json(): unknown; text(): string } | null }): void {
  const m = parsePushData(event.data);
  event.waitUntil(
    Promise.all([
      scope.registration.showNotification(m.title, {
        body: m.body,
        tag: m.tag,
        data: { url: m.url },
        icon: NOTIFICATION_ICON,
        badge: NOTIFICATION_BADGE,
        actions: m.actions,
      }),
      // A check-in reminder: the installed app's icon carries the badge until the check-in clears it.
      m.tag === REMINDER_TAG ? applyBadge(scope.navigator, true) : undefined,
    ]),
  );
}

/** 'dismiss' closes; anything else focuses an open app window on the notification's url, or opens one. */
export function handleNotificationClick(
  scope: PushScope,
  event: WaitableEvent & { action?: string; notification: { close(): void; data?: { url?: string } } },
): void {
  event.notification.close();
  if (event.action === 'dismiss') return;
  const path = event.notification.data?.url ?? '/checkin';
  const url = new URL(path, scope.location.origin).href;
  event.waitUntil(
    (async () => {
      const windows = await scope.clients.matchAll({ type: 'window', includeUncontrolled: true });
      const open = windows.find((w) => new URL(w.url).origin === scope.location.origin);
      if (open?.navigate && open.focus) {
        await open.navigate(url);
        await open.focus();
        return;
      }
      await scope.clients.openWindow(url);
    })(),
  );
}

/** The browser replaced the subscription: subscribe again with the server's key and register the new one. */
export function handlePushSubscriptionChange(scope: PushScope, event: WaitableEvent): void {
  event.waitUntil(
    (async () => {
      const pm = scope.registration.pushManager;
      if (!pm) return;
      const { publicKey } = (await (await fetch('/api/notifications/vapid-public-key')).json()) as { publicKey: string };
      const key = Uint8Array.from(atob(publicKey.replace(/-/g, '+').replace(/_/g, '/')), (c) => c.charCodeAt(0));
      const sub = await pm.subscribe({ userVisibleOnly: true, applicationServerKey: key });
      await fetch('/api/notifications/register-token', {
        method: 'POST',
        credentials: 'include',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ token: JSON.stringify(sub.toJSON()) }),
      });
    })(),
  );
}
