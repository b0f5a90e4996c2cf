import { THEME_KEY } from './theme';

/** The two browser stores the app keeps state in; null where the browser blocks them. */
export interface BrowserStores {
  local: Storage | null;
  session: Storage | null;
}

function browserStore(name: 'localStorage' | 'sessionStorage'): Storage | null {
  try {
    return typeof globalThis[name] === 'undefined' ? null : globalThis[name];
  } catch {
    return null;
  }
}

export const browserStores = (): BrowserStores => ({ local: browserStore('localStorage'), session: browserStore('sessionStorage') });

/**
 * A lost session (a 401) or a refused dashboard (spec part 1 §4.1): clears session and local storage at once, and
 * the theme preference stays. Synchronous, so whatever navigation follows cannot unload the page before it ran.
 */
export function clearLocalStateKeepingTheme(stores: BrowserStores = browserStores()): void {
  try {
    const theme = stores.local?.getItem(THEME_KEY) ?? null;
    stores.local?.clear();
    if (theme !== null) stores.local?.setItem(THEME_KEY, theme);
    stores.session?.clear();
  } catch {
    // Storage blocked: nothing to clear.
  }
}
