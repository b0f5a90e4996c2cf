import type { PublicUser } from '@shared/schemas/auth';

/** Spec part 1 §3: the client-side session cache record. */
export const SESSION_CACHE_KEY = 'big7_session';
export const SESSION_CACHE_TTL_MS = 7 * 24 * 60 * 60 * 1000;

export type SessionCacheRecord = PublicUser & { cachedAt: number };

function local(): Storage | null {
  try {
    return typeof localStorage === 'undefined' ? null : localStorage;
  } catch {
    return null;
  }
}
function session(): Storage | null {
  try {
    return typeof sessionStorage === 'undefined' ? null : sessionStorage;
  } catch {
    return null;
  }
}

/** Stores the public user fields with the time they were cached. */
export function writeSessionCache(user: PublicUser, now: number = Date.now(), store = local()): void {
  if (!store) return;
  const record: SessionCacheRecord = { ...user, cachedAt: now };
  try {
    store.setItem(SESSION_CACHE_KEY, JSON.stringify(record));
  } catch {
    // Storage full or blocked: the cache is only an optimisation.
  }
}

/** The cached user, or null when missing, unreadable or older than 7 days (an expired record is removed). */
export function readSessionCache(now: number = Date.now(), store = local()): SessionCacheRecord | null {
  if (!store) return null;
  const raw = store.getItem(SESSION_CACHE_KEY);
  if (!raw) return null;
  try {
    const rec = JSON.parse(raw) as Partial<SessionCacheRecord>;
    if (typeof rec.cachedAt !== 'number' || typeof rec.id !== 'string') throw new Error('bad record');
    if (now - rec.cachedAt >= SESSION_CACHE_TTL_MS || rec.cachedAt > now + 60_000) {
      store.removeItem(SESSION_CACHE_KEY);
      return null;
    }
    return rec as SessionCacheRecord;
  } catch {
    store.removeItem(SESSION_CACHE_KEY);
    return null;
  }
}

export function clearSessionCache(store = local()): void {
  store?.removeItem(SESSION_CACHE_KEY);
}

/** Session-storage flags set after login or sign-up (spec part 1 §3). */
export const SESSION_FLAGS = {
  triggerDashboardAnimation: 'triggerDashboardAnimation',
  justLoggedIn: 'justLoggedIn',
  newUser: 'new_user',
  signupMethod: 'signup_method',
} as const;

/** After a successful sign-in: the dashboard animation and just-logged-in flags. */
export function setLoginFlags(store = session()): void {
  store?.setItem(SESSION_FLAGS.triggerDashboardAnimation, 'true');
  store?.setItem(SESSION_FLAGS.justLoggedIn, 'true');
}

/** After a successful e-mail sign-up: the new-user flag and the sign-up method. */
export function setSignUpFlags(store = session()): void {
  store?.setItem(SESSION_FLAGS.newUser, 'true');
  store?.setItem(SESSION_FLAGS.signupMethod, 'email');
}

/** Reads a flag and removes it (flags are one-shot). */
export function takeSessionFlag(name: string, store = session()): string | null {
  if (!store) return null;
  const v = store.getItem(name);
  if (v !== null) store.removeItem(name);
  return v;
}
