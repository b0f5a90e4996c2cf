import { afterEach, describe, expect, test, vi } from 'vitest';
import { clearLocalStateAfterFirstCheckIn, isPrecache } from './clear-local-state';

describe('clearLocalStateAfterFirstCheckIn', () => {
  afterEach(() => vi.unstubAllGlobals());

  test("clears every cache except the service worker's precache (the app shell stays available offline)", async () => {
    const names = new Set(['workbox-precache-v2-http://127.0.0.1:3000/', 'big7-api-reads', 'old-cache']);
    vi.stubGlobal('caches', {
      keys: async () => [...names],
      delete: async (n: string) => names.delete(n),
    });
    await clearLocalStateAfterFirstCheckIn();
    expect([...names]).toEqual(['workbox-precache-v2-http://127.0.0.1:3000/']);
  });

  test('isPrecache names Workbox precaches only', () => {
    expect(isPrecache('workbox-precache-v2-https://big7.app/')).toBe(true);
    expect(isPrecache('big7-api-reads')).toBe(false);
  });
});
