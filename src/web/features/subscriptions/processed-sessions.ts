/**
 * Payment sessions this browser session has processed (spec part 2 §4 "Payment success page"): reopening one
 * goes to the dashboard instead of processing it again. Kept in sessionStorage, so it lasts as long as the
 * tab's session. Ids starting with test_session_ bypass the check (and the back-navigation block).
 */
export const PROCESSED_SESSIONS_KEY = 'big7_processed_payment_sessions';
export const TEST_SESSION_PREFIX = 'test_session_';
const MAX_REMEMBERED = 50;

export const isTestSession = (id: string): boolean => id.startsWith(TEST_SESSION_PREFIX);

function store(): Storage | null {
  try {
    return typeof sessionStorage === 'undefined' ? null : sessionStorage;
  } catch {
    return null;
  }
}

function read(s: Storage): string[] {
  try {
    const v: unknown = JSON.parse(s.getItem(PROCESSED_SESSIONS_KEY) ?? '[]');
    return Array.isArray(v) ? v.filter((x): x is string => typeof x === 'string') : [];
  } catch {
    return [];
  }
}

/** True when this id was processed earlier in this browser session (never for test sessions). */
export function wasProcessed(id: string, s: Storage | null = store()): boolean {
  if (!s || isTestSession(id)) return false;
  return read(s).includes(id);
}

export function rememberProcessed(id: string, s: Storage | null = store()): void {
  if (!s) return;
  const ids = read(s).filter((x) => x !== id);
  ids.push(id);
  try {
    s.setItem(PROCESSED_SESSIONS_KEY, JSON.stringify(ids.slice(-MAX_REMEMBERED)));
  } catch {
    // Storage full or blocked: the server still grants nothing twice.
  }
}
