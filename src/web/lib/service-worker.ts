import type { SyncResult } from '../sw/offline-queue';

// The queue's names, repeated here so that the page's entry does not carry the queue and IndexedDB wrapper
// (loaded when a sync runs); service-worker.test.ts checks that they match.
export const SYNC_TAG = 'sync-checkins';
export const SYNCED_MESSAGE = 'checkins-synced';

/** Spec §4/§9: the worker is updated, and connectivity checked, every hour. */
export const UPDATE_CHECK_INTERVAL_MS = 60 * 60 * 1000;
export const SW_URL = '/sw.js';

export type SyncReport = Pick<SyncResult, 'synced' | 'rejected' | 'celebrations'>;
type SyncListener = (r: SyncReport) => void;
const listeners = new Set<SyncListener>();
/** Called when queued offline check-ins were sent (by the worker or the page). */
export function onCheckInsSynced(fn: SyncListener): () => void {
  listeners.add(fn);
  return () => listeners.delete(fn);
}
const tell = (r: SyncReport) => {
  if (r.synced > 0 || r.rejected.length > 0) for (const fn of listeners) fn(r);
};

/**
 * Sends queued offline check-ins from the page (browsers without Background Sync, reconnect, app start): those of
 * `userId` when given (app start knows the signed-in user), else of whoever the server says is signed in.
 */
export async function syncFromPage(userId?: string): Promise<void> {
  try {
    // The queue's code loads only when its store holds something (the probe, small, is not in every page's entry).
    if (!(await (await import('./offline-queue-probe')).offlineQueueMayHaveRecords())) return;
    const queue = await import('../sw/offline-queue');
    if ((await queue.pendingCount(userId)) === 0) return;
    tell(await queue.syncQueuedCheckIns(userId === undefined ? {} : { userId }));
  } catch {
    // IndexedDB unavailable: nothing was queued.
  }
}

/** Asks for a Background Sync of the queue where supported; elsewhere the page syncs on reconnect and start. */
export async function requestCheckInSync(): Promise<void> {
  try {
    if ('serviceWorker' in navigator) {
      const reg = (await Promise.race([
        navigator.serviceWorker.ready,
        new Promise((r) => setTimeout(r, 2000, null)),
      ])) as (ServiceWorkerRegistration & { sync?: { register(tag: string): Promise<void> } }) | null;
      if (reg?.sync) {
        await reg.sync.register(SYNC_TAG);
        return;
      }
    }
  } catch {
    // fall through to the page's own sync
  }
  if (navigator.onLine) await syncFromPage();
}

/** Registers /sw.js, listens for its sync messages, and runs the hourly update and connectivity check. */
export function startServiceWorker(): void {
  if (typeof window === 'undefined') return;
  window.addEventListener('online', () => void syncFromPage());
  // The start-up sync runs once a signed-in user is known (app/app.tsx): a visitor's page does not load the queue.
  if (!('serviceWorker' in navigator) || !import.meta.env.PROD) return;
  navigator.serviceWorker.addEventListener('message', (e: MessageEvent) => {
    const data = e.data as ({ type?: string } & Partial<SyncReport>) | null;
    if (data?.type === SYNCED_MESSAGE) tell({ synced: data.synced ?? 0, rejected: data.rejected ?? [], celebrations: data.celebrations ?? [] });
  });
  void navigator.serviceWorker
    .register(SW_URL, { scope: '/' })
    .then((reg) => {
      setInterval(() => {
        void reg.update().catch(() => undefined);
        void fetch('/api/version', { cache: 'no-store' })
          .then((r) => (r.ok ? syncFromPage() : undefined))
          .catch(() => undefined);
      }, UPDATE_CHECK_INTERVAL_MS);
    })
    .catch(() => undefined);
}
