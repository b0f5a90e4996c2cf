import { SESSION_CACHE_KEY } from '../../lib/session-cache';
import { THEME_KEY } from '../../lib/theme';

/** Workbox's precache (workbox-precache-v2-<scope>): the app shell the worker serves offline. */
export const isPrecache = (cacheName: string): boolean => cacheName.startsWith('workbox-precache');

/**
 * After the first-ever check-in (spec part 2 §4): every local cache and stored value goes, except the session
 * cache (so the person stays signed in without a flash) and the theme preference.
 */
export async function clearLocalStateAfterFirstCheckIn(): Promise<void> {
  const keep = [SESSION_CACHE_KEY, THEME_KEY];
  try {
    const saved = keep.map((k) => [k, localStorage.getItem(k)] as const);
    localStorage.clear();
    for (const [k, v] of saved) if (v !== null) localStorage.setItem(k, v);
  } catch {
    // Storage blocked: nothing to clear.
  }
  try {
    sessionStorage.clear();
  } catch {
    // idem
  }
  try {
    if (typeof caches !== 'undefined') {
      // The service worker's precache (the app shell, so screens open offline) stays; cached reads go.
      const names = (await caches.keys()).filter((n) => !isPrecache(n));
      await Promise.all(names.map((n) => caches.delete(n)));
    }
  } catch {
    // Cache Storage unavailable (insecure origin): nothing to clear.
  }
}
