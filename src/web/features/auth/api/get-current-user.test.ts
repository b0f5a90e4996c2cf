import { afterEach, beforeEach, describe, expect, test } from 'vitest';
import { QueryClient, QueryObserver } from '@tanstack/react-query';
import { publicUser } from '@test/helpers/public-user';
import { memoryStorage } from '@web/lib/memory-storage';
import { SESSION_CACHE_TTL_MS, writeSessionCache } from '@web/lib/session-cache';
import { getCurrentUserQueryOptions } from './get-current-user';

const user = publicUser();

describe('the current-user query starts from the session cache', () => {
  const g = globalThis as { localStorage?: Storage };
  beforeEach(() => {
    g.localStorage = memoryStorage();
  });
  afterEach(() => {
    delete g.localStorage;
  });
  // What a component mounting useCurrentUser() would see first (an observer fetches only once subscribed).
  const firstResult = () => new QueryObserver(new QueryClient(), getCurrentUserQueryOptions()).getCurrentResult();

  test('a cached user is there at once, without the cachedAt field, and checked with the server on every page load', () => {
    // Even a cache written a moment ago: index.html preloaded the probe, and only the first fetch consumes that
    // answer (a later one would otherwise get the page-load answer, e.g. a tier from before a reward claim).
    for (const age of [10, 10_000, 120_000]) {
      writeSessionCache(user, Date.now() - age);
      const r = firstResult();
      expect(r.data).toEqual(user);
      expect(r.status).toBe('success');
      expect(r.isStale).toBe(true);
    }
  });

  test('no cache, or one older than 7 days: the app waits for the server', () => {
    expect(firstResult().status).toBe('pending');
    writeSessionCache(user, Date.now() - SESSION_CACHE_TTL_MS - 1);
    expect(firstResult().data).toBeUndefined();
  });
});
