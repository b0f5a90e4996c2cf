import { useSyncExternalStore } from 'react';
import type { PublicUser } from '../../shared/schemas/auth';

/**
 * The local developer-mode switch (spec part 2 §4 "Developer mode"): turned on by the settings screen, it
 * persists in local storage. It only counts when the server runs with developer tools (user.devTools), so a
 * flag left in storage does nothing in production.
 */
export const DEVELOPER_MODE_KEY = 'big7_developer_mode';

const listeners = new Set<() => void>();

export function readDeveloperModeFlag(): boolean {
  try {
    return localStorage.getItem(DEVELOPER_MODE_KEY) === 'true';
  } catch {
    return false;
  }
}

export function setDeveloperModeFlag(on: boolean): void {
  try {
    if (on) localStorage.setItem(DEVELOPER_MODE_KEY, 'true');
    else localStorage.removeItem(DEVELOPER_MODE_KEY);
  } catch {
    // Not stored: stays as it was.
  }
  listeners.forEach((l) => l());
}

/** Developer mode is on: the server offers developer tools to this user and the local flag is set. */
export function useDeveloperMode(user: Pick<PublicUser, 'devTools'> | null | undefined): boolean {
  const flag = useSyncExternalStore(
    (l) => {
      listeners.add(l);
      const onStorage = (e: StorageEvent) => {
        if (e.key === DEVELOPER_MODE_KEY) l();
      };
      window.addEventListener('storage', onStorage);
      return () => {
        listeners.delete(l);
        window.removeEventListener('storage', onStorage);
      };
    },
    readDeveloperModeFlag,
    () => false,
  );
  return Boolean(user?.devTools) && flag;
}
