import { describe, expect, test } from 'vitest';
import { createQueryClient } from '@web/lib/query-client';
import { getFeedbackQueryOptions } from './get-feedback';
import { getUnreadFeedbackCountQueryOptions, UNREAD_POLL_MS } from './get-unread-count';
import { refreshFeedback } from './keys';

describe('feedback queries', () => {
  test('a read or a delete refreshes both the list and the unread count', async () => {
    const client = createQueryClient();
    const list = getFeedbackQueryOptions();
    const count = getUnreadFeedbackCountQueryOptions();
    await client.fetchQuery({ ...list, queryFn: async () => [] });
    await client.fetchQuery({ ...count, queryFn: async () => ({ count: 0 }) });
    await refreshFeedback(client);
    expect(client.getQueryState(list.queryKey)?.isInvalidated).toBe(true);
    expect(client.getQueryState(count.queryKey)?.isInvalidated).toBe(true);
  });

  test('the unread count is polled every 30 s while shown (developer mode, admins)', () => {
    expect(UNREAD_POLL_MS).toBe(30_000);
    expect(getUnreadFeedbackCountQueryOptions().refetchInterval).toBe(30_000);
  });
});
