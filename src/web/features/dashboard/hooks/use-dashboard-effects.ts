import { useEffect, useRef, useState } from 'react';
import { useNavigate, useSearchParams } from 'react-router';
import { JUST_CHECKED_IN_FLAG } from '@web/lib/check-ins';
import { SESSION_FLAGS, takeSessionFlag } from '@web/lib/session-cache';
import { hideOverlay, showOverlay } from '@web/components/ui/loading-overlay';
import { toast } from '@web/components/ui/toast';

export const LOGIN_SUCCESS_TOAST = { title: 'Welcome back!', description: 'You have been logged in successfully.' } as const;
/** Orientation lasts 24 h from sign-up; within it a person without a check-in has not been "back" yet. */
const FIRST_DAY_MS = 24 * 60 * 60 * 1000;

/**
 * What a sign-in (login=success) is greeted with: 'Welcome back!' for a person who has been here before, nothing on a
 * first sign-in (a new account still in its first day with no check-in), where the greeting and the first check-in
 * card already welcome the person and a toast would sit over the FIRST TIME CHECK-IN button. While the user is not
 * known yet the answer is 'wait' (never a welcome back to someone who may be new).
 */
export function loginGreeting(
  user: { createdAt: string; firstCheckInCompleted: boolean } | null,
  now = Date.now(),
): 'wait' | 'welcome-back' | 'none' {
  if (!user) return 'wait';
  const age = now - new Date(user.createdAt).getTime();
  return user.firstCheckInCompleted || !(age >= 0 && age < FIRST_DAY_MS) ? 'welcome-back' : 'none';
}
/** Spec part 1 §4.9 and §9. */
export const OVERLAY_HIDE_DELAY_MS = 300;
export const DASHBOARD_LOAD_TIMEOUT_MS = 8_000;

/** The after-login overlay shows once per page load, not on every return to the dashboard. */
let loginOverlayConsumed = false;

/**
 * Query parameters of the dashboard (spec part 1 §2.8): login=success → toast 'Welcome back!', then removed;
 * auth=success&provider=google → removed; trigger_animation=true (or the session flag
 * triggerDashboardAnimation) → the score animation is requested, then the parameter removed.
 * Returns whether the animation was requested.
 */
export function useDashboardParams(user: { createdAt: string; firstCheckInCompleted: boolean } | null = null): boolean {
  const [params, setParams] = useSearchParams();
  const welcomed = useRef(false);
  const [animate, setAnimate] = useState(() => {
    try {
      return sessionStorage.getItem(SESSION_FLAGS.triggerDashboardAnimation) === 'true';
    } catch {
      return false;
    }
  });

  useEffect(() => {
    if (animate) takeSessionFlag(SESSION_FLAGS.triggerDashboardAnimation);
  }, [animate]);

  useEffect(() => {
    const login = params.get('login') === 'success';
    const google = params.get('auth') === 'success';
    const trigger = params.get('trigger_animation') === 'true';
    if (!login && !google && !params.has('trigger_animation')) return;
    if (login && !welcomed.current) {
      const greeting = loginGreeting(user);
      // Runs again when the user arrives; until then login=success stays in the address.
      if (greeting === 'wait') return;
      welcomed.current = true;
      if (greeting === 'welcome-back') toast(LOGIN_SUCCESS_TOAST);
    }
    if (trigger) setAnimate(true);
    const next = new URLSearchParams(params);
    next.delete('login');
    next.delete('trigger_animation');
    if (google) {
      next.delete('auth');
      next.delete('provider');
    }
    setParams(next, { replace: true });
  }, [params, setParams, user]);

  return animate;
}

/** Escape or Ctrl+H sends the user to / (spec part 1 §2.8). */
export function useDashboardKeys(): void {
  const navigate = useNavigate();
  useEffect(() => {
    const onKey = (e: KeyboardEvent) => {
      if (e.defaultPrevented) return;
      if (e.key === 'Escape' || (e.ctrlKey && (e.key === 'h' || e.key === 'H'))) {
        if (e.ctrlKey) e.preventDefault();
        void navigate('/');
      }
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, [navigate]);
}

function readFlag(name: string): boolean {
  try {
    return sessionStorage.getItem(name) === 'true';
  } catch {
    return false;
  }
}

/**
 * The loading rules of spec part 1 §4.9: the overlay shows right after login or when there is no cached data,
 * and hides 300 ms after the dashboard's queries finish. With no authenticated user after 8 s the app goes to /.
 * After a check-in the dashboard itself is the moment (decision 020): no overlay over the celebration and the
 * score's count-up unless there is nothing cached to show (a first check-in reloads the page with empty caches).
 * Returns true once loading is over.
 */
export function useDashboardLoading({ pending, hasCachedData, hasUser }: { pending: boolean; hasCachedData: boolean; hasUser: boolean }): boolean {
  const [plan] = useState(() => {
    const justCheckedIn = readFlag(JUST_CHECKED_IN_FLAG);
    const afterLogin = !loginOverlayConsumed && readFlag(SESSION_FLAGS.justLoggedIn);
    return { justCheckedIn, show: afterLogin || !hasCachedData };
  });
  const [done, setDone] = useState(!plan.show);
  const state = useRef({ pending, hasUser });
  state.current = { pending, hasUser };

  useEffect(() => {
    loginOverlayConsumed = true;
    if (plan.justCheckedIn) takeSessionFlag(JUST_CHECKED_IN_FLAG);
    if (!plan.show) return;
    showOverlay('loading-data');
    const timeout = setTimeout(() => {
      if (!state.current.pending) return;
      hideOverlay();
      setDone(true);
      if (!state.current.hasUser) window.location.assign('/');
    }, DASHBOARD_LOAD_TIMEOUT_MS);
    return () => {
      clearTimeout(timeout);
      hideOverlay();
    };
  }, [plan]);

  useEffect(() => {
    if (!plan.show || pending || done) return;
    const t = setTimeout(() => {
      hideOverlay();
      setDone(true);
    }, OVERLAY_HIDE_DELAY_MS);
    return () => clearTimeout(t);
  }, [plan, pending, done]);

  return done;
}
