import { afterEach, describe, expect, test } from 'vitest';
import { ApiError, apiEnvironment } from './api-client';
import { CLAIM_FRESH_MS, claimPreloads, preloadedOr, resetPreloadsForTests, takePreloaded } from './preloaded';

const original = { ...apiEnvironment };
afterEach(() => {
  Object.assign(apiEnvironment, original);
  resetPreloadsForTests();
});

const doc = (...hrefs: (string | null)[]) =>
  ({ querySelectorAll: () => hrefs.map((h) => ({ getAttribute: () => h })) }) as unknown as Document;
const answer = (status: number, body: unknown) => async () => new Response(JSON.stringify(body), { status });

describe("the shell's preloaded reads", () => {
  test('are fetched once at start with credentials, and taken once', async () => {
    const calls: Array<{ url: string; init: RequestInit }> = [];
    apiEnvironment.fetch = async (url, init) => {
      calls.push({ url, init });
      return new Response(JSON.stringify({ ok: 1 }), { status: 200 });
    };
    claimPreloads(doc('/api/dashboard', '/api/dashboard', null, 'https://evil.example/x'), 0);
    expect(calls.map((c) => c.url)).toEqual(['/api/dashboard']);
    expect(calls[0]!.init.credentials).toBe('include');
    expect(await (await takePreloaded('/api/dashboard', 1))!.json()).toEqual({ ok: 1 });
    expect(takePreloaded('/api/dashboard', 2)).toBeNull();
    expect(takePreloaded('/api/other', 2)).toBeNull();
  });

  test('a claim older than CLAIM_FRESH_MS is not handed out (the caller reads the server)', () => {
    apiEnvironment.fetch = answer(200, {});
    claimPreloads(doc('/api/dashboard'), 0);
    expect(takePreloaded('/api/dashboard', CLAIM_FRESH_MS + 1)).toBeNull();
  });

  test('preloadedOr reads the preloaded answer like any other, errors included; asks itself when there is none', async () => {
    const asked: string[] = [];
    const ask = async () => {
      asked.push('ask');
      return { asked: true };
    };
    apiEnvironment.fetch = answer(200, { pre: 1 });
    claimPreloads(doc('/api/a'));
    expect(await preloadedOr('/api/a', ask)).toEqual({ pre: 1 });
    // Taken: the next read asks the server.
    expect(await preloadedOr('/api/a', ask)).toEqual({ asked: true });
    // A 429 is that error (not asked again); a 401 follows on401.
    apiEnvironment.fetch = answer(429, { message: 'Too Many Requests' });
    claimPreloads(doc('/api/b', '/api/c'));
    await expect(preloadedOr('/api/b', ask)).rejects.toBeInstanceOf(ApiError);
    apiEnvironment.fetch = answer(401, { message: 'Unauthorized' });
    claimPreloads(doc('/api/d'));
    expect(await preloadedOr('/api/d', ask, { on401: 'null' })).toBeNull();
    // No answer at all (a network failure): asked again.
    apiEnvironment.fetch = async () => {
      throw new TypeError('offline');
    };
    claimPreloads(doc('/api/e'));
    expect(await preloadedOr('/api/e', ask)).toEqual({ asked: true });
    expect(asked).toEqual(['ask', 'ask']);
  });
});
