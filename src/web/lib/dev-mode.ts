import { api } from './api-client';
import { queryClient } from './query-client';
import { createStore, useStore } from './create-store';
import { DEV_MODE_KEY } from './dev-mode-key';

/**
 * Developer mode (spec part 1 §4.10, part 2 §4): a local switch, persisted in this browser, turned on by ten
 * taps on the settings version line or by typing a keyword anywhere outside a text field. It exists only
 * where the server runs with developer tools on (user.devTools); the server answers 404 to every tool
 * otherwise, so the switch grants nothing by itself. Leaving it calls POST /api/developer/reset-streak.
 */
export { DEV_MODE_KEY } from './dev-mode-key';
/** Said wherever developer mode is asked for on a server whose developer tools are off (user.devTools false). */
export const DEV_TOOLS_OFF = {
  title: 'Developer tools are off on this server',
  description: 'Developer mode needs a server started with DEV_TOOLS=on (for example `DEV_TOOLS=on npm start`).',
} as const;
/** Stored value when on (the same key and value lib/developer-mode.ts reads for the check-in cancel button). */
const ON = 'true';
/** Typed anywhere (not in a text field) to toggle developer mode. */
export const DEV_MODE_KEYWORDS = ['devmode', 'bigseven'] as const;
export const DEV_MODE_TAPS = 10;
/** Taps further apart than this start the count again. */
export const DEV_MODE_TAP_GAP_MS = 2_000;

export function readDevMode(): boolean {
  try {
    return localStorage.getItem(DEV_MODE_KEY) === ON;
  } catch {
    return false;
  }
}

/** Follows the switch in this tab and in others (a `storage` event for the key). */
const devModeStore = createStore(readDevMode, {
  serverValue: false,
  watch: (changed) => {
    const onStorage = (e: StorageEvent) => {
      if (e.key === DEV_MODE_KEY) changed();
    };
    window.addEventListener('storage', onStorage);
    return () => window.removeEventListener('storage', onStorage);
  },
});

function store(on: boolean): void {
  try {
    if (on) localStorage.setItem(DEV_MODE_KEY, ON);
    else localStorage.removeItem(DEV_MODE_KEY);
  } catch {
    // Not persisted; the switch still works for this visit.
  }
  devModeStore.notify();
  // Other readers of the same key in this tab (lib/developer-mode.ts) listen for storage events.
  try {
    window.dispatchEvent(new StorageEvent('storage', { key: DEV_MODE_KEY }));
  } catch {
    // Old browsers without the StorageEvent constructor: only this store updates.
  }
}

/** Turns developer mode on. */
export function enterDevMode(): void {
  store(true);
}

/** Turns developer mode off and resets the streak on the server (a failure is only logged). */
export async function leaveDevMode(): Promise<void> {
  store(false);
  try {
    await api.post('/api/developer/reset-streak');
  } catch (err) {
    console.warn('Developer streak reset failed', err);
  }
  // The streak, and every read that shows it (the dashboard, rewards…), comes from the server again.
  await queryClient.invalidateQueries();
}

export function toggleDevMode(): boolean {
  if (readDevMode()) {
    void leaveDevMode();
    return false;
  }
  enterDevMode();
  return true;
}

export function useDevMode(): boolean {
  return useStore(devModeStore);
}

/** Counts taps; the tenth quick tap in a row returns true (and starts the count again). */
export function createTapCounter(taps = DEV_MODE_TAPS, gapMs = DEV_MODE_TAP_GAP_MS, now: () => number = Date.now) {
  let count = 0;
  let last = 0;
  return {
    tap(): boolean {
      const t = now();
      count = t - last > gapMs ? 1 : count + 1;
      last = t;
      if (count >= taps) {
        count = 0;
        return true;
      }
      return false;
    },
    get count() {
      return count;
    },
  };
}

/** Keeps the last typed letters and says when they end with a keyword. */
export function createKeywordMatcher(keywords: readonly string[] = DEV_MODE_KEYWORDS) {
  const longest = Math.max(...keywords.map((k) => k.length));
  let typed = '';
  return {
    push(key: string): boolean {
      if (key.length !== 1) return false;
      typed = (typed + key.toLowerCase()).slice(-longest);
      if (keywords.some((k) => typed.endsWith(k))) {
        typed = '';
        return true;
      }
      return false;
    },
  };
}

/** True when the key press happened in a place that takes text, where typing must not toggle anything. */
export function isTypingTarget(target: EventTarget | null): boolean {
  if (!(target instanceof HTMLElement)) return false;
  const tag = target.tagName;
  return tag === 'INPUT' || tag === 'TEXTAREA' || tag === 'SELECT' || target.isContentEditable;
}
