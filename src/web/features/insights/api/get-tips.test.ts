import { describe, expect, test } from 'vitest';
import { invalidateCheckIns } from '@web/lib/check-ins';
import { createQueryClient } from '@web/lib/query-client';
import { getTipsQueryOptions } from './get-tips';

describe('tips query', () => {
  test('a check-in or an edit makes the cached tips stale (they are derived from the latest check-ins)', async () => {
    const client = createQueryClient();
    const options = getTipsQueryOptions();
    await client.fetchQuery({ ...options, queryFn: async () => ({ tips: [] }) });
    expect(client.getQueryState(options.queryKey)?.isInvalidated).toBe(false);
    await invalidateCheckIns(client);
    expect(client.getQueryState(options.queryKey)?.isInvalidated).toBe(true);
  });
});
