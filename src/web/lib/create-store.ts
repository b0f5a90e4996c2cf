import { useSyncExternalStore } from 'react';

/**
 * The one way the client keeps a value outside React that components follow (toasts, the loading overlay, the
 * open reward modal, the theme, developer mode): `read` gives the value now, `notify` tells every subscriber it
 * changed, `useStore(store)` follows it from a component (React's useSyncExternalStore).
 */
export interface Store<T> {
  read: () => T;
  /** The value while rendering on a server (no browser storage there). */
  readOnServer: () => T;
  notify: () => void;
  subscribe: (listener: () => void) => () => void;
}

/** A value kept in memory, replaced with `set`. */
export interface ValueStore<T> extends Store<T> {
  set: (value: T) => void;
}

/**
 * A store over a value read from elsewhere (browser storage): `watch` may add a source of change of its own
 * (a `storage` event from another tab), started per subscriber.
 */
export function createStore<T>(read: () => T, options: { serverValue: NoInfer<T>; watch?: (changed: () => void) => () => void }): Store<T> {
  const listeners = new Set<() => void>();
  return {
    read,
    readOnServer: () => options.serverValue,
    notify: () => listeners.forEach((l) => l()),
    subscribe: (listener) => {
      listeners.add(listener);
      const unwatch = options.watch?.(listener);
      return () => {
        listeners.delete(listener);
        unwatch?.();
      };
    },
  };
}

/** A store over a value kept in memory, starting at `initial`. */
export function createValueStore<T>(initial: T, serverValue: T = initial): ValueStore<T> {
  let value = initial;
  const store = createStore(() => value, { serverValue });
  return {
    ...store,
    set: (next) => {
      value = next;
      store.notify();
    },
  };
}

/** The store's value, re-rendering when it changes. */
export function useStore<T>(store: Store<T>): T {
  return useSyncExternalStore(store.subscribe, store.read, store.readOnServer);
}
