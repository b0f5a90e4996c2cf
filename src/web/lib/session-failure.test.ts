import { beforeEach, describe, expect, test, vi } from 'vitest';
import { ApiError } from './api-client';
import { THEME_KEY } from './theme';
import { SESSION_CACHE_KEY } from './session-cache';
import { RATE_LIMITED_TOAST, endSessionAfterFailure, isSessionFailure, sessionFailureAmong, sessionFailureOf } from './session-failure';
import { memoryStorage } from './memory-storage';

const toasts = vi.hoisted(() => [] as Array<{ title: string }>);
vi.mock('../components/ui/toast', () => ({ toast: (t: { title: string }) => toasts.push(t) }));

const unauthorized = new ApiError(401, 'Session expired - redirecting...', 'Unauthorized', {});
const tooMany = new ApiError(429, '429: Too Many Requests', 'Too Many Requests', {});

describe('session failures on the dashboard (spec part 1 §4.1)', () => {
  test('401 and 429 answers, or their words in any case, end the session; other errors do not', () => {
    expect(sessionFailureOf(unauthorized)).toBe('signed-out');
    expect(sessionFailureOf(tooMany)).toBe('rate-limited');
    expect(sessionFailureOf(new Error('Unauthorized'))).toBe('signed-out');
    expect(sessionFailureOf(new Error('unauthorized'))).toBe('signed-out');
    expect(sessionFailureOf(new Error('too many requests'))).toBe('rate-limited');
    expect(sessionFailureOf('Too Many Requests')).toBe('rate-limited');
    expect(isSessionFailure(new ApiError(500, '500: boom', 'boom', {}))).toBe(false);
    expect(isSessionFailure(new Error('Network down'))).toBe(false);
    expect(isSessionFailure(null)).toBe(false);
    expect(isSessionFailure(undefined)).toBe(false);
  });

  test('among several errors a lost session outweighs a refusal', () => {
    expect(sessionFailureAmong([null, tooMany, unauthorized])).toBe('signed-out');
    expect(sessionFailureAmong([tooMany, null])).toBe('rate-limited');
    expect(sessionFailureAmong([null, new Error('boom')])).toBeNull();
  });

  describe('ending the session', () => {
    let local: Storage;
    let session: Storage;
    beforeEach(() => {
      toasts.length = 0;
      local = memoryStorage();
      session = memoryStorage();
      local.setItem(THEME_KEY, 'light');
      local.setItem(SESSION_CACHE_KEY, '{"id":"u1"}');
      local.setItem('leftover', '1');
      session.setItem('justLoggedIn', 'true');
    });

    test('clears local and session storage; the theme preference survives', () => {
      for (const failure of ['signed-out', 'rate-limited'] as const) {
        local.setItem('leftover', '1');
        endSessionAfterFailure(failure, { navigate: () => {}, load: () => {} }, { local, session });
        expect(local.getItem(THEME_KEY), failure).toBe('light');
        expect(local.length, failure).toBe(1);
        expect(session.length, failure).toBe(0);
      }
    });

    test('without a stored theme nothing is written back', () => {
      local.removeItem(THEME_KEY);
      endSessionAfterFailure('signed-out', { navigate: () => {}, load: () => {} }, { local, session });
      expect(local.length).toBe(0);
    });

    test('a 401 loads / afresh', () => {
      const loads: string[] = [];
      const navigations: string[] = [];
      endSessionAfterFailure('signed-out', { navigate: (to) => navigations.push(to), load: (to) => loads.push(to) }, { local, session });
      expect(loads).toEqual(['/']);
      expect(navigations).toEqual([]);
    });

    test('a 429 stays in the app and says why: no page load, so no reload loop', () => {
      // Each page load mounts the dashboard again, whose queries the server refuses again with 429.
      let loads = 0;
      const navigations: string[] = [];
      const mountDashboard = () => {
        const failure = sessionFailureAmong([tooMany]);
        if (failure) endSessionAfterFailure(failure, { navigate: (to) => navigations.push(to), load: () => (++loads < 20 ? mountDashboard() : undefined) }, { local, session });
      };
      mountDashboard();
      expect(loads).toBe(0);
      expect(navigations).toEqual(['/']);
      expect(toasts).toEqual([expect.objectContaining({ title: RATE_LIMITED_TOAST.title })]);
      expect(local.getItem(THEME_KEY)).toBe('light');
    });

    test('blocked storage does not stop the redirect', () => {
      const blocked = memoryStorage();
      blocked.clear = () => {
        throw new Error('SecurityError');
      };
      const loads: string[] = [];
      endSessionAfterFailure('signed-out', { navigate: () => {}, load: (to) => loads.push(to) }, { local: blocked, session });
      expect(loads).toEqual(['/']);
    });
  });
});
