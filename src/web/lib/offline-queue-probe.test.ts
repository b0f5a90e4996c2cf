import { describe, expect, it } from 'vitest';
import * as queue from '../sw/offline-queue';
import { CHECKINS_STORE, OFFLINE_DB } from './offline-queue-probe';

describe('the offline queue probe', () => {
  it('opens the queue’s own database and store (repeated so a page with nothing queued does not load the queue)', () => {
    expect(OFFLINE_DB).toBe(queue.OFFLINE_DB);
    expect(CHECKINS_STORE).toBe(queue.CHECKINS_STORE);
  });
});
