import { afterEach, describe, expect, test, vi } from 'vitest';
import { isPrecache, PUSH_RENEWED_AT_KEY, wipeBrowserData } from './browser-data';
import { DEV_MODE_KEY } from './dev-mode';
import { SESSION_CACHE_KEY, SESSION_FLAGS } from './session-cache';
import { THEME_KEY } from './theme';
import { memoryStorage } from './memory-storage';

const keys = (s: Storage) => Array.from({ length: s.length }, (_, i) => s.key(i)).sort();

function browser() {
  const local = memoryStorage({ [SESSION_CACHE_KEY]: '{}', [THEME_KEY]: 'light', big7_shields_seen_u1: '[]' });
  const session = memoryStorage({ [SESSION_FLAGS.justLoggedIn]: 'true', big7_recovery_prompted: 'true' });
  const cacheNames = new Set(['workbox-precache-v2-http://127.0.0.1:3000/', 'big7-api-reads']);
  const deletedDbs: string[] = [];
  vi.stubGlobal('localStorage', local);
  vi.stubGlobal('sessionStorage', session);
  vi.stubGlobal('caches', { keys: async () => [...cacheNames], delete: async (n: string) => cacheNames.delete(n) });
  vi.stubGlobal('indexedDB', {
    databases: async () => [{ name: 'big7-offline' }],
    deleteDatabase: (n: string) => deletedDbs.push(n),
  });
  return { local, session, cacheNames, deletedDbs };
}

describe('wipeBrowserData', () => {
  afterEach(() => vi.unstubAllGlobals());

  test("sign-out: the session cache, the session flags and the API read cache go; the precache and the offline queue stay", async () => {
    const b = browser();
    const done = wipeBrowserData('sign-out');
    // Storage is wiped before the call returns (sign-out goes on synchronously).
    expect(keys(b.local)).toEqual([THEME_KEY, 'big7_shields_seen_u1'].sort());
    await done;
    expect(keys(b.session)).toEqual(['big7_recovery_prompted']);
    expect([...b.cacheNames]).toEqual(['workbox-precache-v2-http://127.0.0.1:3000/']);
    expect(b.deletedDbs).toEqual([]);
  });

  test("first check-in: everything but the session cache, the theme and the service worker's precache", async () => {
    const b = browser();
    await wipeBrowserData('first-check-in');
    expect(keys(b.local)).toEqual([SESSION_CACHE_KEY, THEME_KEY].sort());
    expect(keys(b.session)).toEqual([]);
    expect([...b.cacheNames]).toEqual(['workbox-precache-v2-http://127.0.0.1:3000/']);
    expect(b.deletedDbs).toEqual([]);
  });

  test('account deleted: every key, cache and database', async () => {
    const b = browser();
    await wipeBrowserData('account-deleted');
    expect(keys(b.local)).toEqual([]);
    expect(keys(b.session)).toEqual([]);
    expect(b.cacheNames.size).toBe(0);
    expect(b.deletedDbs).toEqual(['big7-offline']);
  });

  test("app update: every cache but the precache, local storage but the session, theme, developer mode and push renewal; session storage stays", async () => {
    const b = browser();
    b.local.setItem(DEV_MODE_KEY, 'true');
    b.local.setItem(PUSH_RENEWED_AT_KEY, '1700000000000');
    await wipeBrowserData('app-update');
    expect(keys(b.local)).toEqual([SESSION_CACHE_KEY, THEME_KEY, DEV_MODE_KEY, PUSH_RENEWED_AT_KEY].sort());
    expect(keys(b.session)).toEqual([SESSION_FLAGS.justLoggedIn, 'big7_recovery_prompted'].sort());
    expect([...b.cacheNames]).toEqual(['workbox-precache-v2-http://127.0.0.1:3000/']);
    expect(b.deletedDbs).toEqual([]);
  });

  test('blocked storage and missing caches do not throw', async () => {
    vi.stubGlobal('localStorage', undefined);
    vi.stubGlobal('sessionStorage', undefined);
    vi.stubGlobal('caches', undefined);
    vi.stubGlobal('indexedDB', undefined);
    await expect(wipeBrowserData('account-deleted')).resolves.toBeUndefined();
  });

  test('isPrecache names Workbox precaches only', () => {
    expect(isPrecache('workbox-precache-v2-https://big7.app/')).toBe(true);
    expect(isPrecache('big7-api-reads')).toBe(false);
  });
});
