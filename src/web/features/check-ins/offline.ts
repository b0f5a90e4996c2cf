import type { CheckInResult, CheckInSubmission } from '../../../shared/schemas/check-ins';
import { api, NetworkError } from '../../lib/api-client';
import { requestCheckInSync } from '../../lib/service-worker';
import { enqueueCheckIn } from '../../sw/offline-queue';

export const OFFLINE_MESSAGES = {
  saved: 'Saved offline',
  savedText: 'Your check-in will be sent when you are back online.',
  failed: 'Failed to save check-in offline.',
  synced: 'Synced',
  syncedText: 'Your offline check-in was saved.',
} as const;

export type SubmitOutcome = { kind: 'sent'; result: CheckInResult } | { kind: 'queued' };

export class OfflineSaveError extends Error {
  constructor() {
    super(OFFLINE_MESSAGES.failed);
  }
}

/**
 * Sends a check-in with a fresh Idempotency-Key; with no connection (or when the request cannot reach the
 * server) it is stored in IndexedDB with its made-at instant and a sync is requested (decision 022).
 */
export async function submitOrQueue(body: CheckInSubmission): Promise<SubmitOutcome> {
  // One key per check-in: if the request reached the server but its answer was lost, the queued retry is the same one.
  const key = crypto.randomUUID();
  const madeAt = new Date();
  if (typeof navigator !== 'undefined' && navigator.onLine) {
    try {
      const result = await api.post<CheckInResult>('/api/checkins', body, { 'Idempotency-Key': key });
      return { kind: 'sent', result };
    } catch (err) {
      if (!(err instanceof NetworkError)) throw err;
    }
  }
  try {
    await enqueueCheckIn(body, madeAt, key);
  } catch {
    throw new OfflineSaveError();
  }
  void requestCheckInSync();
  return { kind: 'queued' };
}
