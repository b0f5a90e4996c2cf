import { afterEach, describe, expect, test, vi } from 'vitest';
import { MutationObserver, onlineManager, QueryObserver, type QueryKey } from '@tanstack/react-query';
import { CHECK_IN_DERIVED } from '@web/lib/check-ins';
import { historyQueryKey } from './get-history';
import { todayQueryKey } from './get-today';
import { currentUserQueryKey } from '@web/features/auth/api/get-current-user';
import { createQueryClient } from '@web/lib/query-client';
import { queuedCheckInsKey } from '@web/lib/queued-check-ins';
import type { QueuedCheckIn } from '@web/sw/offline-queue';
import { refreshAfterCheckIn, submitCheckInOptions } from './submit-check-in';

const stored: QueuedCheckIn[] = [];
vi.mock('@web/sw/offline-queue', () => ({
  enqueueCheckIn: async (body: QueuedCheckIn['data']['body'], userId: string, now: Date, idempotencyKey: string) => {
    const record = { data: { idempotencyKey, userId, body: { ...body, madeAt: now.toISOString() } }, timestamp: now.getTime(), synced: false };
    stored.push(record);
    return record;
  },
  queuedCheckIns: async (userId: string) => stored.filter((r) => r.data.userId === userId),
}));
vi.mock('@web/lib/service-worker', () => ({ requestCheckInSync: async () => undefined }));

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
    const today = await counted(client, todayQueryKey, { watched: true });
    const history = await counted(client, historyQueryKey);
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

describe('the check-in mutation with the connection gone (issue 25)', () => {
  afterEach(() => {
    vi.unstubAllGlobals();
    onlineManager.setOnline(true);
    stored.length = 0;
  });

  test('runs while the browser is offline (not held until it is back) and stores the check-in on the device', async () => {
    vi.stubGlobal('navigator', { onLine: false });
    onlineManager.setOnline(false);
    const client = createQueryClient();
    client.setQueryData(currentUserQueryKey, { id: 'u1' });
    const observer = new MutationObserver(client, submitCheckInOptions(client));
    const outcome = await Promise.race([
      observer.mutate({ answers: [true, true, true, true, true, true, true] }),
      new Promise((resolve) => setTimeout(resolve, 1_000, 'held')),
    ]);
    expect(outcome).toMatchObject({ kind: 'queued' });
    expect(stored).toHaveLength(1);
    expect(stored[0]!.data.userId).toBe('u1');
    // The screens' copy of the queue has it at once (the dashboard shows today as done from it).
    expect(client.getQueryData(queuedCheckInsKey('u1'))).toEqual(stored);
  });
});
