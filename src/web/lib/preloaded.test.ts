import { afterEach, describe, expect, test } from 'vitest';
import { apiEnvironment } from './api-client';
import { CLAIM_FRESH_MS, claimPreloads, resetPreloadsForTests, takePreloaded } from './preloaded';

const original = { ...apiEnvironment };
afterEach(() => {
  Object.assign(apiEnvironment, original);
  resetPreloadsForTests();
});

const doc = (...hrefs: (string | null)[]) =>
  ({ querySelectorAll: () => hrefs.map((h) => ({ getAttribute: () => h })) }) as unknown as Document;

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
    expect(await takePreloaded('/api/dashboard', 1)).toEqual({ ok: 1 });
    expect(takePreloaded('/api/dashboard', 2)).toBeNull();
    expect(takePreloaded('/api/other', 2)).toBeNull();
  });

  test('a claim older than CLAIM_FRESH_MS is not handed out (the caller reads the server)', () => {
    apiEnvironment.fetch = async () => new Response('{}', { status: 200 });
    claimPreloads(doc('/api/dashboard'), 0);
    expect(takePreloaded('/api/dashboard', CLAIM_FRESH_MS + 1)).toBeNull();
  });

  test('an answer that is not a success, or no answer, is null', async () => {
    apiEnvironment.fetch = async () => new Response('{"message":"Unauthorized"}', { status: 401 });
    claimPreloads(doc('/api/dashboard'), 0);
    expect(await takePreloaded('/api/dashboard', 1)).toBeNull();
    resetPreloadsForTests();
    apiEnvironment.fetch = async () => {
      throw new TypeError('offline');
    };
    claimPreloads(doc('/api/dashboard'), 0);
    expect(await takePreloaded('/api/dashboard', 1)).toBeNull();
  });
});
