import { openDB, type DBSchema, type IDBPDatabase } from 'idb';
import type { CheckInSubmission } from '@shared/schemas/check-ins';

/**
 * The offline check-in queue (spec part 2 §3: one store, auto-increment id, {data, timestamp, synced}), shared by
 * the page and the service worker. Each record carries its Idempotency-Key and made-at instant (decision 022), so
 * whoever sends it — Background Sync in the worker, or the page on reconnect / app start — sends one check-in.
 */
export const OFFLINE_DB = 'big7-offline';
export const CHECKINS_STORE = 'checkins';
export const SYNC_TAG = 'sync-checkins';
export const SYNCED_MESSAGE = 'checkins-synced';
/** A queued check-in older than this can no longer count (OFFLINE_SYNC_HOURS) and is dropped. */
const MAX_AGE_MS = 48 * 60 * 60 * 1000;

export interface QueuedCheckIn {
  /** The submission, with madeAt, and the key it is sent with. */
  data: { idempotencyKey: string; body: CheckInSubmission };
  /** When it was stored (ms since epoch). */
  timestamp: number;
  synced: boolean;
}

interface OfflineDb extends DBSchema {
  checkins: { key: number; value: QueuedCheckIn };
}

function db(): Promise<IDBPDatabase<OfflineDb>> {
  return openDB<OfflineDb>(OFFLINE_DB, 1, {
    upgrade(d) {
      if (!d.objectStoreNames.contains(CHECKINS_STORE)) d.createObjectStore(CHECKINS_STORE, { autoIncrement: true });
    },
  });
}

/** Stores a check-in made offline; throws when storage fails. */
export async function enqueueCheckIn(body: CheckInSubmission, now = new Date(), idempotencyKey = crypto.randomUUID()): Promise<QueuedCheckIn> {
  const record: QueuedCheckIn = {
    data: { idempotencyKey, body: { ...body, madeAt: now.toISOString() } },
    timestamp: now.getTime(),
    synced: false,
  };
  const d = await db();
  try {
    await d.add(CHECKINS_STORE, record);
  } finally {
    d.close();
  }
  return record;
}

export async function pendingCount(): Promise<number> {
  const d = await db();
  try {
    return (await d.getAll(CHECKINS_STORE)).filter((r) => !r.synced).length;
  } finally {
    d.close();
  }
}

export interface SyncResult {
  synced: number;
  /** Refused by the server (4xx other than 408/429): dropped, they can never count. */
  rejected: string[];
  /** Still queued (no connection, server error). */
  remaining: number;
  /**
   * The celebrations the server's answers carried (a milestone the synced check-in reached, even one made offline
   * and counted late): the page shows them as it would a live check-in's.
   */
  celebrations: string[];
}

/** The celebration message of a POST /api/checkins answer, if it has one. */
export function celebrationMessage(body: unknown): string | null {
  const c = (body as { celebration?: { message?: unknown } | null } | null)?.celebration;
  return c && typeof c.message === 'string' && c.message.trim() ? c.message : null;
}

let running: Promise<SyncResult> | null = null;

/**
 * Sends every unsynced check-in, oldest first. A 2xx marks it synced (a retry of one already received answers
 * 2xx too: the Idempotency-Key); a refusal drops it; a network or server error keeps it for the next attempt.
 * One run at a time per context; the page and the worker may overlap, which the key makes harmless.
 */
export function syncQueuedCheckIns(fetcher: typeof fetch = fetch, now = Date.now()): Promise<SyncResult> {
  running ??= (async () => {
    const result: SyncResult = { synced: 0, rejected: [], remaining: 0, celebrations: [] };
    const d = await db();
    try {
      const keys = await d.getAllKeys(CHECKINS_STORE);
      for (const id of keys) {
        const rec = await d.get(CHECKINS_STORE, id);
        if (!rec) continue;
        if (rec.synced || now - rec.timestamp > MAX_AGE_MS) {
          await d.delete(CHECKINS_STORE, id);
          continue;
        }
        let res: Response;
        try {
          res = await fetcher('/api/checkins', {
            method: 'POST',
            credentials: 'include',
            headers: { 'Content-Type': 'application/json', Accept: 'application/json', 'Idempotency-Key': rec.data.idempotencyKey },
            body: JSON.stringify(rec.data.body),
          });
        } catch {
          result.remaining += 1;
          continue;
        }
        if (res.ok) {
          await d.put(CHECKINS_STORE, { ...rec, synced: true }, id);
          result.synced += 1;
          const celebration = celebrationMessage(await res.json().catch(() => null));
          if (celebration) result.celebrations.push(celebration);
        } else if (res.status >= 500 || res.status === 408 || res.status === 429 || res.status === 401) {
          result.remaining += 1; // try again later (a 401: after signing in again)
        } else {
          const body = (await res.json().catch(() => ({}))) as { message?: string };
          result.rejected.push(body.message ?? `${res.status}`);
          await d.delete(CHECKINS_STORE, id);
        }
      }
    } finally {
      d.close();
    }
    return result;
  })().finally(() => {
    running = null;
  });
  return running;
}
