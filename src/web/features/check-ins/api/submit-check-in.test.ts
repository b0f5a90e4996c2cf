import { describe, expect, test } from 'vitest';
import { QueryObserver, type QueryKey } from '@tanstack/react-query';
import { CHECK_IN_DERIVED, checkInQueryKeys } from '@web/lib/check-ins';
import { currentUserQueryKey } from '@web/lib/current-user';
import { createQueryClient } from '@web/lib/query-client';
import { refreshAfterCheckIn } from './submit-check-in';

/** A query of the app's real client that counts its fetches; `watched` keeps an observer on it (a screen showing it). */
async function counted(client: ReturnType<typeof createQueryClient>, queryKey: QueryKey, options: { meta?: Record<string, unknown>; watched?: boolean } = {}) {
  let fetches = 0;
  const opts = { queryKey, queryFn: async () => ++fetches, staleTime: 5 * 60_000, meta: options.meta };
  if (options.watched) {
    const observer = new QueryObserver(client, opts);
    observer.subscribe(() => undefined);
    await expect.poll(() => fetches).toBe(1);
  } else {
    await client.fetchQuery(opts);
  }
  return { fetches: () => fetches, invalidated: () => client.getQueryState(queryKey)?.isInvalidated ?? false };
}

describe('refreshAfterCheckIn (the check-in mutation’s onSuccess)', () => {
  test('refreshes today, history, the current user and every query marked as derived from check-ins, and nothing else', async () => {
    const client = createQueryClient();
    const today = await counted(client, checkInQueryKeys.today, { watched: true });
    const history = await counted(client, checkInQueryKeys.history);
    const user = await counted(client, currentUserQueryKey);
    // E.g. the tips (['premium', 'tips']) or rewards: their own keys, marked in their queryOptions.
    const shown = await counted(client, ['some-feature', 'on-screen'], { meta: CHECK_IN_DERIVED, watched: true });
    const hidden = await counted(client, ['other-feature', 'cached'], { meta: CHECK_IN_DERIVED });
    const unrelated = await counted(client, ['auth', 'providers'], { watched: true });

    await refreshAfterCheckIn(client);

    // On screen now: refetched at once. Cached only: stale, so fetched again when next shown.
    expect(today.fetches()).toBe(2);
    expect(shown.fetches()).toBe(2);
    expect([history.invalidated(), user.invalidated(), hidden.invalidated()]).toEqual([true, true, true]);
    expect(unrelated.fetches()).toBe(1);
    expect(unrelated.invalidated()).toBe(false);
  });
});
