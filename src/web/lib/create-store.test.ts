import { describe, expect, test, vi } from 'vitest';
import { createStore, createValueStore } from './create-store';

describe('createValueStore', () => {
  test('set replaces the value and tells every subscriber once; an unsubscribed listener hears nothing', () => {
    const store = createValueStore<string | null>(null);
    const a = vi.fn();
    const b = vi.fn();
    const offA = store.subscribe(a);
    store.subscribe(b);
    store.set('premium');
    expect(store.read()).toBe('premium');
    expect(a).toHaveBeenCalledTimes(1);
    expect(b).toHaveBeenCalledTimes(1);
    offA();
    store.set(null);
    expect(a).toHaveBeenCalledTimes(1);
    expect(b).toHaveBeenCalledTimes(2);
  });

  test('the server value defaults to the initial one', () => {
    expect(createValueStore(3).readOnServer()).toBe(3);
    expect(createValueStore<number | null>(3, null).readOnServer()).toBeNull();
  });
});

describe('createStore', () => {
  test('reads through, notifies on demand and starts and stops the watch per subscriber', () => {
    let backing = 'dark';
    const stop = vi.fn();
    const watch = vi.fn(() => stop);
    const store = createStore(() => backing, { serverValue: 'dark', watch });
    const l = vi.fn();
    const off = store.subscribe(l);
    expect(watch).toHaveBeenCalledWith(l);
    backing = 'light';
    expect(store.read()).toBe('light');
    store.notify();
    expect(l).toHaveBeenCalledTimes(1);
    off();
    expect(stop).toHaveBeenCalledTimes(1);
  });
});
