import { describe, expect, it } from 'vitest';
import * as queue from '../sw/offline-queue';
import { SYNC_TAG, SYNCED_MESSAGE } from './service-worker';

describe('the page side of the offline queue', () => {
  it('uses the queue’s own sync tag and message names (repeated so the entry does not load the queue)', () => {
    expect(SYNC_TAG).toBe(queue.SYNC_TAG);
    expect(SYNCED_MESSAGE).toBe(queue.SYNCED_MESSAGE);
  });
});
