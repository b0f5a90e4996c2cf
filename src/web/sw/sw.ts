/// <reference lib="webworker" />
/**
 * The one service worker, served as /sw.js (and /service-worker.js): precache of the app shell, offline
 * navigation, network-first API reads, Background Sync of offline check-ins, and push.
 */
import { cleanupOutdatedCaches, createHandlerBoundToURL, precacheAndRoute } from 'workbox-precaching';
import { NavigationRoute, registerRoute } from 'workbox-routing';
import { NetworkFirst } from 'workbox-strategies';
import { SYNC_TAG, SYNCED_MESSAGE, syncQueuedCheckIns } from './offline-queue';
import { handleNotificationClick, handlePush, handlePushSubscriptionChange } from './push';

declare const self: ServiceWorkerGlobalScope & { __WB_MANIFEST: Array<{ url: string; revision: string | null }> };

/** Cache names of read calls (cleared with local state; the precache is never cleared that way). */
export const API_CACHE = 'big7-api-reads';
/** GET /api/dashboard's parts and the spec endpoints that answer each alone. */
const DASHBOARD_PARTS = [
  ['today', '/api/checkins/today'],
  ['streak', '/api/streak'],
  ['subscription', '/api/subscription'],
] as const;

// A newer worker waits until the page asks (the app update on /settings posts SKIP_WAITING), so a running page
// never gets a precache of another build under it. The first install has no worker to wait for.
self.addEventListener('activate', (event) => event.waitUntil(self.clients.claim()));
self.addEventListener('message', (event) => {
  if ((event.data as { type?: string } | null)?.type === 'SKIP_WAITING') event.waitUntil(self.skipWaiting());
});

precacheAndRoute(self.__WB_MANIFEST);
cleanupOutdatedCaches();

// Every screen is the SPA shell: after the first visit it opens offline.
registerRoute(new NavigationRoute(createHandlerBoundToURL('/index.html'), { denylist: [/^\/api\//] }));

// Read calls: the network when it answers within 4 s, else the last answer seen (so screens open offline).
registerRoute(
  ({ url, request }) =>
    url.origin === self.location.origin && url.pathname.startsWith('/api/') && request.method === 'GET' && url.pathname !== '/api/version',
  new NetworkFirst({ cacheName: API_CACHE, networkTimeoutSeconds: 4, plugins: [{ cacheDidUpdate: cacheDashboardParts }] }),
);

/**
 * The dashboard reads its four parts in one call (GET /api/dashboard); the other screens read them from the spec
 * endpoints. Each part is also cached under its own endpoint, so a screen opened offline right after the
 * dashboard (the check-in flow above all) finds the answer the dashboard just saw.
 */
async function cacheDashboardParts({ request, newResponse }: { request: Request; newResponse: Response }): Promise<void> {
  if (new URL(request.url).pathname !== '/api/dashboard') return;
  const body = (await newResponse.clone().json().catch(() => null)) as Record<string, unknown> | null;
  if (!body) return;
  const cache = await caches.open(API_CACHE);
  for (const [part, path] of DASHBOARD_PARTS) {
    if (body[part] === undefined) continue;
    const headers = { 'Content-Type': 'application/json', Date: newResponse.headers.get('Date') ?? new Date().toUTCString() };
    await cache.put(new URL(path, self.location.origin).href, new Response(JSON.stringify(body[part]), { headers }));
  }
}

async function syncAndTell(): Promise<void> {
  const r = await syncQueuedCheckIns();
  if (r.synced > 0 || r.rejected.length > 0) {
    const clients = await self.clients.matchAll({ type: 'window', includeUncontrolled: true });
    for (const c of clients) c.postMessage({ type: SYNCED_MESSAGE, synced: r.synced, rejected: r.rejected, celebrations: r.celebrations });
  }
  if (r.remaining > 0) throw new Error('Some check-ins are still waiting for a connection');
}

interface SyncEvent extends ExtendableEvent {
  readonly tag: string;
}
self.addEventListener('sync', ((event: SyncEvent) => {
  if (event.tag === SYNC_TAG) event.waitUntil(syncAndTell());
}) as EventListener);

self.addEventListener('message', (event) => {
  if ((event.data as { type?: string } | null)?.type === SYNC_TAG) event.waitUntil(syncAndTell().catch(() => undefined));
});

// ---- Push and notification clicks --------------------------------------------------------------------------
// Reminders (Web Push): show the notification, open the app at its url, re-subscribe when the browser rotates keys.
self.addEventListener('push', (e) => handlePush(self, e));
self.addEventListener('notificationclick', (e) => handleNotificationClick(self, e));
self.addEventListener('pushsubscriptionchange', (e) => handlePushSubscriptionChange(self, e));
// -------------------------------------------------------------------------------------------------------------
