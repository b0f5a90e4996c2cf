import { afterEach, describe, expect, it, vi } from 'vitest';
import { applyUpdate, fetchServerVersion, isUpdateAvailable, UPDATE_PROGRESS_STEPS } from './app-update';
import { PUSH_RENEWED_AT_KEY } from '@web/lib/browser-data';
import { DEV_MODE_KEY } from '@web/lib/dev-mode';
import { memoryStorage } from '@web/lib/memory-storage';

afterEach(() => vi.unstubAllGlobals());

describe('app update check', () => {
  it('is available when the server runs another version or a newer worker waits', () => {
    expect(isUpdateAvailable('2.3.0', '2.3.0', false)).toBe(false);
    expect(isUpdateAvailable('2.4.0', '2.3.0', false)).toBe(true);
    expect(isUpdateAvailable('2.3.0', '2.3.0', true)).toBe(true);
    // A failed version check reports up to date (spec §8).
    expect(isUpdateAvailable(null, '2.3.0', false)).toBe(false);
  });

  it('reads GET /api/version without a cache; a failure or odd answer is null', async () => {
    const seen: RequestInit[] = [];
    const ok = (async (_url: string, init: RequestInit) => {
      seen.push(init);
      return new Response(JSON.stringify({ version: '2.4.0' }), { status: 200 });
    }) as unknown as typeof fetch;
    expect(await fetchServerVersion(ok)).toBe('2.4.0');
    expect(seen[0]?.cache).toBe('no-store');
    expect(await fetchServerVersion((async () => new Response('nope', { status: 503 })) as unknown as typeof fetch)).toBeNull();
    expect(await fetchServerVersion((async () => new Response('{"v":1}', { status: 200 })) as unknown as typeof fetch)).toBeNull();
    expect(await fetchServerVersion((async () => Promise.reject(new TypeError('Failed to fetch'))) as unknown as typeof fetch)).toBeNull();
  });

  it('updates in the steps 10, 25, 50, 75, 95, 100: worker, caches (precache kept), storage, then / after 1 s', async () => {
    const deleted: string[] = [];
    const storage = memoryStorage({ big7_session: 's', big7_theme: 'dark', [DEV_MODE_KEY]: 'true', [PUSH_RENEWED_AT_KEY]: '1', stale: '1', 'big7.queries': 'y' });
    const session = memoryStorage({ big7_just_logged_in: 'true' });
    vi.stubGlobal('localStorage', storage);
    vi.stubGlobal('sessionStorage', session);
    vi.stubGlobal('caches', {
      keys: async () => ['workbox-precache-v2-http://x/', 'big7-api-reads'],
      delete: async (n: string) => (deleted.push(n), true),
    });
    const steps: number[] = [];
    const sleeps: number[] = [];
    let redirected: string | null = null;
    await applyUpdate({
      onProgress: (p) => steps.push(p),
      sleep: async (ms) => void sleeps.push(ms),
      redirect: (to) => {
        redirected = to;
        expect(steps).toEqual([...UPDATE_PROGRESS_STEPS]);
      },
    });
    expect(steps).toEqual([10, 25, 50, 75, 95, 100]);
    expect(deleted).toEqual(['big7-api-reads']);
    // Local storage keeps only the session, theme, developer-mode and push-renewal keys; session storage is left alone.
    expect(storage.getItem('stale')).toBeNull();
    expect(storage.getItem('big7.queries')).toBeNull();
    expect(storage.getItem('big7_session')).toBe('s');
    expect([storage.getItem('big7_theme'), storage.getItem(DEV_MODE_KEY), storage.getItem(PUSH_RENEWED_AT_KEY)]).toEqual(['dark', 'true', '1']);
    expect(storage.length).toBe(4);
    expect(session.getItem('big7_just_logged_in')).toBe('true');
    expect(sleeps.at(-1)).toBe(1_000);
    expect(redirected).toBe('/');
  });
});
