/**
 * Whether the offline check-in queue (src/web/sw/offline-queue.ts) may hold anything, asked of IndexedDB directly:
 * the queue's code and its IndexedDB wrapper load only when it does (issue 26), and a page with nothing queued (the
 * usual case) never loads them. The names repeat the queue's (offline-queue-probe.test.ts checks they match).
 */
export const OFFLINE_DB = 'big7-offline';
export const CHECKINS_STORE = 'checkins';

/**
 * True when the queue's store has a record (anyone's, sent or not: the queue's own code sorts them out), or when
 * this cannot be told without the queue's code; false when the store is empty or IndexedDB is missing (nothing can
 * have been queued). A database this opens for the first time gets the queue's store, as the queue would make it.
 */
export function offlineQueueMayHaveRecords(): Promise<boolean> {
  if (typeof indexedDB === 'undefined') return Promise.resolve(false);
  return new Promise((resolve) => {
    let req: IDBOpenDBRequest;
    try {
      req = indexedDB.open(OFFLINE_DB);
    } catch {
      resolve(false);
      return;
    }
    req.onupgradeneeded = () => {
      const d = req.result;
      if (!d.objectStoreNames.contains(CHECKINS_STORE)) d.createObjectStore(CHECKINS_STORE, { autoIncrement: true });
    };
    req.onerror = () => resolve(true);
    req.onblocked = () => resolve(true);
    req.onsuccess = () => {
      const d = req.result;
      try {
        const count = d.transaction(CHECKINS_STORE, 'readonly').objectStore(CHECKINS_STORE).count();
        count.onsuccess = () => {
          d.close();
          resolve(count.result > 0);
        };
        count.onerror = () => {
          d.close();
          resolve(true);
        };
      } catch {
        d.close();
        resolve(true);
      }
    };
  });
}
