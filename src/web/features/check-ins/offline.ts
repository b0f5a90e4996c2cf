import type { CheckInResult, CheckInSubmission } from '@shared/schemas/check-ins';
import { api, NetworkError } from '@web/lib/api-client';
import { QUEUED_CHECK_IN_TEXT } from '@web/lib/queued-check-ins';
import { requestCheckInSync } from '@web/lib/service-worker';
import { useEffect } from 'react';
import type { QueuedCheckIn } from '@web/sw/offline-queue';

/**
 * How long a submission waits for the server's answer before it is stored on the device instead (issue 25): a
 * connection that drops while the request is in flight never answers, and the person must not wait on "Saving...".
 */
export const SUBMIT_TIMEOUT_MS = 3_000;

export const OFFLINE_MESSAGES = {
  /** Shown the moment a submission is stored on the device (no connection, no answer within 3 s, a network failure). */
  saved: QUEUED_CHECK_IN_TEXT,
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

let queueModule: Promise<typeof import('@web/sw/offline-queue')> | null = null;

/**
 * The offline queue's code (and its IndexedDB wrapper), loaded once when a submission may need it rather than with
 * the check-in screen (issue 26): the browser is offline, or the person has started answering. A failed load is
 * tried again by the next call.
 */
export function loadOfflineQueue(): Promise<typeof import('@web/sw/offline-queue')> {
  queueModule ??= import('@web/sw/offline-queue').catch((err: unknown) => {
    queueModule = null;
    throw err;
  });
  return queueModule;
}

/** On the check-in screen: the queue's code is at hand before the connection is gone (see loadOfflineQueue). */
export function useOfflineQueueAtHand(): void {
  useEffect(() => {
    const load = () => void loadOfflineQueue().catch(() => undefined);
    if (!navigator.onLine) load();
    window.addEventListener('offline', load);
    return () => window.removeEventListener('offline', load);
  }, []);
}

export type SubmitOutcome = { kind: 'sent'; result: CheckInResult } | { kind: 'queued'; record: QueuedCheckIn };

export class OfflineSaveError extends Error {
  constructor() {
    super(OFFLINE_MESSAGES.failed);
  }
}

export interface SubmitOptions {
  /** How long to wait for the answer before storing the submission on the device (SUBMIT_TIMEOUT_MS). */
  timeoutMs?: number;
}

const LATE = Symbol('late');

/**
 * Sends a check-in (a new one, an edit, its journal) with a fresh Idempotency-Key. With no connection, when the
 * request cannot reach the server, or when no answer came within `timeoutMs` (the signal went while it was in
 * flight), it is stored in IndexedDB at once with that same key, its made-at instant and the id of `userId` (only
 * that user's syncs send it), and a sync is requested (decision 022). A late answer of the first request and the
 * queued retry carry the same key, so the server makes one check-in of the two.
 */
export async function submitOrQueue(body: CheckInSubmission, userId: string | null, opts: SubmitOptions = {}): Promise<SubmitOutcome> {
  // One key per check-in: if the request reached the server but its answer was lost, the queued retry is the same one.
  const key = crypto.randomUUID();
  const madeAt = new Date();
  if (typeof navigator !== 'undefined' && navigator.onLine) {
    const sending = api.post<CheckInResult>('/api/checkins', body, { 'Idempotency-Key': key });
    // Whatever the first request ends with after it was given up on, the queued retry (same key) speaks for it.
    sending.catch(() => undefined);
    let timer: ReturnType<typeof setTimeout> | undefined;
    const late = new Promise<typeof LATE>((resolve) => {
      timer = setTimeout(resolve, opts.timeoutMs ?? SUBMIT_TIMEOUT_MS, LATE);
    });
    try {
      const answer = await Promise.race([sending, late]);
      if (answer !== LATE) return { kind: 'sent', result: answer };
    } catch (err) {
      if (!(err instanceof NetworkError)) throw err;
    } finally {
      clearTimeout(timer);
    }
  }
  let record: QueuedCheckIn;
  try {
    if (!userId) throw new Error('no signed-in user to keep the check-in for');
    record = await (await loadOfflineQueue()).enqueueCheckIn(body, userId, madeAt, key);
  } catch {
    throw new OfflineSaveError();
  }
  void requestCheckInSync();
  return { kind: 'queued', record };
}
