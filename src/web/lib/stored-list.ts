/** A small JSON list kept in local storage (acknowledged shields, rewards already offered). */
export function readList(key: string): string[] {
  try {
    const v: unknown = JSON.parse(localStorage.getItem(key) ?? '[]');
    return Array.isArray(v) ? v.filter((x): x is string => typeof x === 'string') : [];
  } catch {
    return [];
  }
}

/** Adds items to the list (kept to the last 100); a storage failure only means a modal may show once more. */
export function addToList(key: string, items: readonly string[]): void {
  try {
    const set = new Set([...readList(key), ...items]);
    localStorage.setItem(key, JSON.stringify([...set].slice(-100)));
  } catch {
    // Not stored: the modal may show once more.
  }
}
