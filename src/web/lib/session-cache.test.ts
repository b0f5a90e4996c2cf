import { beforeEach, describe, expect, test } from 'vitest';
import { publicUser } from '@test/helpers/public-user';
import {
  SESSION_CACHE_KEY,
  SESSION_CACHE_TTL_MS,
  clearSessionCache,
  readSessionCache,
  setLoginFlags,
  setSignUpFlags,
  takeSessionFlag,
  writeSessionCache,
} from './session-cache';
import { memoryStorage } from './memory-storage';


const user = publicUser({
  email: 'ana@example.com',
  firstName: 'Ana',
  timezone: 'Europe/London',
  createdAt: '2025-01-01T00:00:00.000Z',
  updatedAt: '2025-01-01T00:00:00.000Z',
  firstCheckInCompleted: false,
});

let store: Storage;
beforeEach(() => {
  store = memoryStorage();
});

describe('session cache big7_session', () => {
  test('stores the public user fields with cachedAt', () => {
    writeSessionCache(user, 1_000, store);
    expect(JSON.parse(store.getItem(SESSION_CACHE_KEY)!)).toEqual({ ...user, cachedAt: 1_000 });
    expect(readSessionCache(2_000, store)).toEqual({ ...user, cachedAt: 1_000 });
  });
  test('is valid just under 7 days and gone (and removed) at 7 days', () => {
    writeSessionCache(user, 0, store);
    expect(readSessionCache(SESSION_CACHE_TTL_MS - 1, store)?.id).toBe('u1');
    expect(readSessionCache(SESSION_CACHE_TTL_MS, store)).toBeNull();
    expect(store.getItem(SESSION_CACHE_KEY)).toBeNull();
  });
  test('an unreadable or incomplete record is dropped', () => {
    store.setItem(SESSION_CACHE_KEY, '{not json');
    expect(readSessionCache(0, store)).toBeNull();
    expect(store.getItem(SESSION_CACHE_KEY)).toBeNull();
    store.setItem(SESSION_CACHE_KEY, JSON.stringify({ id: 'u1' }));
    expect(readSessionCache(0, store)).toBeNull();
  });
  test('clear removes it', () => {
    writeSessionCache(user, 0, store);
    clearSessionCache(store);
    expect(readSessionCache(0, store)).toBeNull();
  });
  test('7 days is the lifetime', () => {
    expect(SESSION_CACHE_TTL_MS).toBe(7 * 24 * 60 * 60 * 1000);
  });
});

describe('session-storage flags', () => {
  test('after sign-in: triggerDashboardAnimation and justLoggedIn', () => {
    setLoginFlags(store);
    expect(store.getItem('triggerDashboardAnimation')).toBe('true');
    expect(store.getItem('justLoggedIn')).toBe('true');
  });
  test('after sign-up: new_user and signup_method=email', () => {
    setSignUpFlags(store);
    expect(store.getItem('new_user')).toBe('true');
    expect(store.getItem('signup_method')).toBe('email');
  });
  test('a flag is read once', () => {
    setLoginFlags(store);
    expect(takeSessionFlag('justLoggedIn', store)).toBe('true');
    expect(takeSessionFlag('justLoggedIn', store)).toBeNull();
  });
});
