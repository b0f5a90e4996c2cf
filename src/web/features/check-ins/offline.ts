import type { CheckInResult, CheckInSubmission } from '@shared/schemas/check-ins';
import { api, NetworkError } from '@web/lib/api-client';
import { requestCheckInSync } from '@web/lib/service-worker';
import { enqueueCheckIn } from '@web/sw/offline-queue';

export const OFFLINE_MESSAGES = {
  saved: 'Saved offline',
  savedText: 'Your check-in will be sent when you are back online.',
  failed: 'Failed to save check-in offline.',
  synced: 'Synced',
  syncedText: 'Your offline check-in was saved.',
  /** A queued check-in the server refused when it arrived (too late, outside its window…): not a storage failure. */
  notAccepted: 'Check-in not accepted',
  notAcceptedText: (when: string, reason: string) => `The check-in you made offline (${when}) was not accepted: ${reason}`,
} as const;

/** The toast for a queued check-in the server refused during a sync: when it was made, and the server's reason. */
export function rejectedNotice(r: { madeAt: string; reason: string }, locale?: string): { title: string; description: string } {
  const at = new Date(r.madeAt);
  const when = Number.isNaN(at.getTime()) ? r.madeAt : at.toLocaleString(locale, { dateStyle: 'medium', timeStyle: 'short' });
  return { title: OFFLINE_MESSAGES.notAccepted, description: OFFLINE_MESSAGES.notAcceptedText(when, r.reason) };
}

/**
 * The 'Synced' toast after queued check-ins reached the server; when an answer celebrated a milestone (a check-in
 * made offline reaching it, even counted late for the day before) the toast says so and the page celebrates.
 */
export function syncedNotice(r: { synced: number; celebrations: readonly string[] }): { title: string; description: string; celebrate: boolean } | null {
  if (r.synced <= 0) return null;
  const celebration = r.celebrations.at(-1);
  return {
    title: OFFLINE_MESSAGES.synced,
    description: celebration ? `${OFFLINE_MESSAGES.syncedText} ${celebration}` : OFFLINE_MESSAGES.syncedText,
    celebrate: !!celebration,
  };
}

export type SubmitOutcome = { kind: 'sent'; result: CheckInResult } | { kind: 'queued' };

export class OfflineSaveError extends Error {
  constructor() {
    super(OFFLINE_MESSAGES.failed);
  }
}

/**
 * Sends a check-in with a fresh Idempotency-Key; with no connection (or when the request cannot reach the
 * server) it is stored in IndexedDB with its made-at instant and the id of `userId` (only that user's syncs send
 * it), and a sync is requested (decision 022).
 */
export async function submitOrQueue(body: CheckInSubmission, userId: string | null): Promise<SubmitOutcome> {
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
    if (!userId) throw new Error('no signed-in user to keep the check-in for');
    await enqueueCheckIn(body, userId, madeAt, key);
  } catch {
    throw new OfflineSaveError();
  }
  void requestCheckInSync();
  return { kind: 'queued' };
}
