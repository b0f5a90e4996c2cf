import { openDB, type DBSchema, type IDBPDatabase } from 'idb';
import type { CheckInSubmission } from '@shared/schemas/check-ins';

/**
 * The offline check-in queue (spec part 2 §3: one store, auto-increment id, {data, timestamp, synced}), shared by
 * the page and the service worker. Each record carries its Idempotency-Key, its made-at instant (decision 022) and
 * the user who made it, so whoever sends it — Background Sync in the worker, or the page on reconnect / app start —
 * sends one check-in, for that user only.
 *
 * Whether a queued check-in can still count (at most 48 hours late, inside its day's window) is the server's
 * judgement alone: the device's clock is not trusted for it. The server answers 400 with the reason, and the
 * record is dropped and the reason reported.
 */
export const OFFLINE_DB = 'big7-offline';
export const CHECKINS_STORE = 'checkins';
export const SYNC_TAG = 'sync-checkins';
export const SYNCED_MESSAGE = 'checkins-synced';
/** The Web Lock that makes the page's and the worker's syncs take turns (one POST per record, not one from each). */
export const SYNC_LOCK = 'big7-offline-sync';
/**
 * Records of another user (someone else made them on this device and signed out) wait for their owner this long,
 * then go: by then the server would refuse them anyway (48 hours). Storage housekeeping, not a validity rule.
 */
export const OTHER_OWNER_KEEP_MS = 7 * 24 * 60 * 60 * 1000;

export interface QueuedCheckIn {
  /** The submission, with madeAt, the key it is sent with, and the id of the user who made it. */
  data: { idempotencyKey: string; body: CheckInSubmission; userId?: string };
  /** When it was stored (ms since epoch, the device's clock). */
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

/** Stores a check-in made offline by `userId`; throws when storage fails. */
export async function enqueueCheckIn(
  body: CheckInSubmission,
  userId: string,
  now = new Date(),
  idempotencyKey = crypto.randomUUID(),
): Promise<QueuedCheckIn> {
  const record: QueuedCheckIn = {
    data: { idempotencyKey, userId, body: { ...body, madeAt: now.toISOString() } },
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

/** Unsynced records (of `userId` when given). */
export async function pendingCount(userId?: string): Promise<number> {
  const d = await db();
  try {
    return (await d.getAll(CHECKINS_STORE)).filter((r) => !r.synced && (userId === undefined || r.data.userId === userId)).length;
  } finally {
    d.close();
  }
}

/**
 * `userId`'s records, oldest first: those still waiting, and those sent by the last sync (marked synced until the
 * next one clears them), which the screens show as today's check-in until the server's own answer has caught up.
 */
export async function queuedCheckIns(userId: string): Promise<QueuedCheckIn[]> {
  const d = await db();
  try {
    return (await d.getAll(CHECKINS_STORE)).filter((r) => r.data.userId === userId);
  } finally {
    d.close();
  }
}

/** A queued check-in the server refused: it can never count, so it was dropped. */
export interface RejectedCheckIn {
  /** When it was made (the record's madeAt). */
  madeAt: string;
  /** Why, in the server's words. */
  reason: string;
}

export interface SyncResult {
  synced: number;
  /** Refused by the server (4xx other than 401/408/429): dropped, with the server's reason. */
  rejected: RejectedCheckIn[];
  /** The signed-in user's records still queued (no connection, server error): a later sync tries again. */
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

/** Who is signed in, as the server sees this browser's cookie: the id, null for nobody, undefined when unknown. */
async function signedInUserId(fetcher: typeof fetch): Promise<string | null | undefined> {
  try {
    const res = await fetcher('/api/auth/session', { credentials: 'include', cache: 'no-store', headers: { Accept: 'application/json' } });
    if (!res.ok) return undefined;
    const body = (await res.json()) as { user?: { id?: unknown } | null };
    return typeof body.user?.id === 'string' ? body.user.id : null;
  } catch {
    return undefined;
  }
}

export interface SyncOptions {
  /** The signed-in user (the page knows it); when absent the server is asked (the worker does not know it). */
  userId?: string | null;
  fetcher?: typeof fetch;
  /** The device's clock, for dropping other users' records after OTHER_OWNER_KEEP_MS only. */
  now?: number;
}

/** Runs `fn` holding the queue's Web Lock where the browser has Web Locks (page and worker alike), else at once. */
function withSyncLock<T>(fn: () => Promise<T>): Promise<T> {
  const locks = (globalThis.navigator as (Navigator & { locks?: LockManager }) | undefined)?.locks;
  return locks ? (locks.request(SYNC_LOCK, fn) as Promise<T>) : fn();
}

let running: Promise<SyncResult> | null = null;

/**
 * Sends the signed-in user's unsynced check-ins, oldest first. A 2xx marks one synced (a retry of one already
 * received answers 2xx too: the Idempotency-Key); a refusal drops it and reports the server's reason; a network
 * or server error keeps it for the next attempt. Records another user made on this device are never sent as this
 * user's: they wait for their owner. The page and the worker take turns through a Web Lock, so each record is
 * sent once (where Web Locks are missing an overlap is still harmless: the key).
 */
export function syncQueuedCheckIns(opts: SyncOptions = {}): Promise<SyncResult> {
  const fetcher = opts.fetcher ?? fetch;
  running ??= withSyncLock(async () => {
    const result: SyncResult = { synced: 0, rejected: [], remaining: 0, celebrations: [] };
    const d = await db();
    try {
      const keys = await d.getAllKeys(CHECKINS_STORE);
      if (keys.length === 0) return result;
      const userId = opts.userId === undefined ? await signedInUserId(fetcher) : opts.userId;
      const now = opts.now ?? Date.now();
      for (const id of keys) {
        const rec = await d.get(CHECKINS_STORE, id);
        if (!rec) continue;
        if (rec.synced) {
          await d.delete(CHECKINS_STORE, id);
          continue;
        }
        if (userId === undefined) {
          result.remaining += 1; // who is signed in is unknown (no connection): try again later
          continue;
        }
        if (userId === null || rec.data.userId !== userId) {
          // Nobody signed in, or another user's: kept for its owner, never sent as someone else's.
          if (userId !== null && now - rec.timestamp > OTHER_OWNER_KEEP_MS) await d.delete(CHECKINS_STORE, id);
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
          result.rejected.push({ madeAt: rec.data.body.madeAt ?? new Date(rec.timestamp).toISOString(), reason: body.message ?? `${res.status}` });
          await d.delete(CHECKINS_STORE, id);
        }
      }
    } finally {
      d.close();
    }
    return result;
  }).finally(() => {
    running = null;
  });
  return running;
}
