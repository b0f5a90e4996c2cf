/**
 * After the account is deleted (spec part 2 §4): everything the app kept in this browser goes — local and
 * session storage, the Cache Storage caches and any IndexedDB database (e.g. the offline check-in queue).
 */
export async function clearAllBrowserData(): Promise<void> {
  try {
    localStorage.clear();
  } catch {
    // Storage blocked: nothing to clear.
  }
  try {
    sessionStorage.clear();
  } catch {
    // idem
  }
  try {
    if (typeof caches !== 'undefined') await Promise.all((await caches.keys()).map((n) => caches.delete(n)));
  } catch {
    // Cache Storage unavailable (insecure origin).
  }
  try {
    if (typeof indexedDB !== 'undefined' && typeof indexedDB.databases === 'function') {
      const dbs = await indexedDB.databases();
      for (const db of dbs) if (db.name) indexedDB.deleteDatabase(db.name);
    }
  } catch {
    // IndexedDB unavailable.
  }
}
