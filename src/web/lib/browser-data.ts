import { DEV_MODE_KEY } from './dev-mode-key';
import { SESSION_CACHE_KEY, SESSION_FLAGS } from './session-cache';
import { THEME_KEY } from './theme';

/** When this device's push subscription was last registered (its 7-day renewal; the notifications feature's key). */
export const PUSH_RENEWED_AT_KEY = 'big7.push.registeredAt';

/** Workbox's precache (workbox-precache-v2-<scope>): the app shell the worker serves offline. */
export const isPrecache = (cacheName: string): boolean => cacheName.startsWith('workbox-precache');

/** What one wipe takes from this browser. */
interface Wipe {
  /** Local storage: every key, every key but some, or only some. */
  local: 'all' | { keep: readonly string[] } | { only: readonly string[] };
  /** Session storage: every key, only some, or none. */
  session: 'all' | { only: readonly string[] } | 'none';
  /** Cache Storage: every cache, all but the service worker's precache, or none. */
  caches: 'all' | 'keep-precache' | 'none';
  /** Every IndexedDB database (the offline check-in queue). */
  indexedDB: boolean;
}

/**
 * The moments the app forgets what it kept in this browser (spec part 1 §4.1, part 2 §4):
 *  - sign-out (and a password reset, which revokes every session): the session cache, the session flags and the
 *    service worker's cache of API reads (the next person on this device must not open the last one's screens
 *    offline), but not its precache (the app shell still opens offline) nor the offline check-in queue (each
 *    queued check-in belongs to its maker and is sent only while that user is signed in);
 *  - the first-ever check-in: every stored value and cache, except the session cache (the person stays signed in
 *    without a flash), the theme preference and the service worker's precache (screens still open offline);
 *  - account deletion: everything (local and session storage, every cache, every IndexedDB database);
 *  - an app update (settings, spec part 2 §4): every cache but the new worker's precache, and local storage but the
 *    session cache (still signed in), the theme, developer mode and the push subscription's renewal date.
 */
export const BROWSER_DATA_WIPES = {
  'sign-out': { local: { only: [SESSION_CACHE_KEY] }, session: { only: Object.values(SESSION_FLAGS) }, caches: 'keep-precache', indexedDB: false },
  'first-check-in': { local: { keep: [SESSION_CACHE_KEY, THEME_KEY] }, session: 'all', caches: 'keep-precache', indexedDB: false },
  'account-deleted': { local: 'all', session: 'all', caches: 'all', indexedDB: true },
  'app-update': { local: { keep: [SESSION_CACHE_KEY, THEME_KEY, DEV_MODE_KEY, PUSH_RENEWED_AT_KEY] }, session: 'none', caches: 'keep-precache', indexedDB: false },
} as const satisfies Record<string, Wipe>;
export type BrowserDataWipe = keyof typeof BROWSER_DATA_WIPES;

function wipeStorage(storage: () => Storage, what: Wipe['local'] | 'none'): void {
  if (what === 'none') return;
  try {
    const store = storage();
    if (what === 'all') store.clear();
    else if ('only' in what) for (const key of what.only) store.removeItem(key);
    else {
      const saved = what.keep.map((k) => [k, store.getItem(k)] as const);
      store.clear();
      for (const [k, v] of saved) if (v !== null) store.setItem(k, v);
    }
  } catch {
    // Storage blocked or absent: nothing to clear.
  }
}

/**
 * The one place browser data is wiped. Local and session storage go at once (before this returns), the caches
 * and databases when the returned promise settles; it never rejects.
 */
export async function wipeBrowserData(kind: BrowserDataWipe): Promise<void> {
  const wipe: Wipe = BROWSER_DATA_WIPES[kind];
  wipeStorage(() => localStorage, wipe.local);
  wipeStorage(() => sessionStorage, wipe.session);
  if (wipe.caches !== 'none') {
    try {
      if (typeof caches !== 'undefined') {
        const names = (await caches.keys()).filter((n) => wipe.caches === 'all' || !isPrecache(n));
        await Promise.all(names.map((n) => caches.delete(n)));
      }
    } catch {
      // Cache Storage unavailable (insecure origin): nothing to clear.
    }
  }
  if (wipe.indexedDB) {
    try {
      if (typeof indexedDB !== 'undefined' && typeof indexedDB.databases === 'function') {
        const dbs = await indexedDB.databases();
        for (const db of dbs) if (db.name) indexedDB.deleteDatabase(db.name);
      }
    } catch {
      // IndexedDB unavailable.
    }
  }
}
