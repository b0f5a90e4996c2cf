import { useEffect } from 'react';
import { useNavigate } from 'react-router';
import { ApiError } from './api-client';
import { type BrowserStores, browserStores, clearLocalStateKeepingTheme } from './local-state';
import { hideOverlay } from '../components/ui/loading-overlay';
import { toast } from '../components/ui/toast';

/**
 * Spec part 1 §4.1: a 401 / 'Unauthorized' or a 429 / 'Too Many Requests' on the dashboard's data queries
 * clears session and local storage (the theme preference stays) and sends the user to /.
 *
 * - signed-out (401): the session is gone, so the app loads / afresh.
 * - rate-limited (429): the user is still signed in; loading / would ask the server again, be refused again and
 *   reload for ever, so the app stays loaded, goes to / in-app and says why.
 */
export type SessionFailure = 'signed-out' | 'rate-limited';

export const RATE_LIMITED_TOAST = { title: 'Too Many Requests', description: 'Please wait a moment, then try again.' } as const;

/** The kind of session failure an error is (its status first, else its words), or null for any other error. */
export function sessionFailureOf(err: unknown): SessionFailure | null {
  if (!err) return null;
  if (err instanceof ApiError && err.status === 401) return 'signed-out';
  if (err instanceof ApiError && err.status === 429) return 'rate-limited';
  const msg = err instanceof Error ? err.message : String(err);
  if (/Too Many Requests/i.test(msg)) return 'rate-limited';
  if (/Unauthorized/i.test(msg)) return 'signed-out';
  return null;
}

export const isSessionFailure = (err: unknown): boolean => sessionFailureOf(err) !== null;

/** The failure among several errors; a lost session outweighs a refusal for too many requests. */
export function sessionFailureAmong(errors: readonly unknown[]): SessionFailure | null {
  const kinds = errors.map(sessionFailureOf);
  return kinds.includes('signed-out') ? 'signed-out' : kinds.includes('rate-limited') ? 'rate-limited' : null;
}

export interface SessionFailureEffects {
  /** Goes to a path inside the running app (no page load). */
  navigate(to: string): void;
  /** Loads a path as a new page. */
  load(to: string): void;
}

/** Clears everything the app keeps in the browser except the theme preference, then leaves as the failure asks. */
export function endSessionAfterFailure(
  failure: SessionFailure,
  effects: SessionFailureEffects,
  stores: BrowserStores = browserStores(),
): void {
  clearLocalStateKeepingTheme(stores);
  hideOverlay();
  if (failure === 'rate-limited') {
    toast({ ...RATE_LIMITED_TOAST, variant: 'destructive' });
    effects.navigate('/');
  } else {
    effects.load('/');
  }
}

/** Ends the session as §4.1 says when one of the given query errors is a session failure. */
export function useSessionFailureRedirect(errors: readonly unknown[]): void {
  const failure = sessionFailureAmong(errors);
  const navigate = useNavigate();
  useEffect(() => {
    if (!failure) return;
    endSessionAfterFailure(failure, {
      navigate: (to) => void navigate(to, { replace: true }),
      load: (to) => window.location.assign(to),
    });
  }, [failure, navigate]);
}
