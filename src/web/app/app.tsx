import { lazy, Suspense, useDeferredValue, useEffect } from 'react';
import { useLocation } from 'react-router';
import { useQueryClient } from '@tanstack/react-query';
import { useCurrentUser } from '@web/features/auth/api/get-current-user';
import { scrollBehavior } from '../lib/dates';
import { syncFromPage } from '../lib/service-worker';
import { setToastAboveNav } from '../components/ui/toast';
import { useTimezoneSync } from '../features/auth/hooks/use-timezone-sync';
import { showsBottomNav } from './nav-paths';
import { applyMetadata } from './metadata';
import { UserRoutes, VisitorRoutes } from './routes';

/** The main navigation, with its icons: a signed-in user's only, so signed-out pages do not load it. */
const BottomNav = lazy(() => import('./bottom-nav').then((m) => ({ default: m.BottomNav })));
const TopChrome = lazy(() => import('./top-chrome').then((m) => ({ default: m.TopChrome })));
/**
 * Tells the user when check-ins queued offline reached the server: mounted for a signed-in user only (a visitor's
 * queue cannot be sent), so signed-out pages load neither it nor the check-in code it refreshes.
 */
const OfflineSync = lazy(() => import('../features/check-ins/components/offline-sync').then((m) => ({ default: m.OfflineSync })));
const UnreadFeedbackCount = lazy(() =>
  import('../features/feedback/components/unread-feedback-count').then((m) => ({ default: m.UnreadFeedbackCount })),
);

/** Per route change: page metadata, and a smooth scroll to the top unless going to /. */
function useRouteEffects(pathname: string): void {
  useEffect(() => {
    applyMetadata(pathname);
    if (pathname !== '/') window.scrollTo({ top: 0, behavior: scrollBehavior() });
  }, [pathname]);
}

/**
 * Reminders that heal (issue 12): once per app start for a signed-in user, whatever screen opens first, this
 * device's push subscription is registered again (permission granted only; loaded apart, so a page without it
 * does not carry the push code). A subscription the server dropped (404/410) or that moved to another account
 * comes back; the service worker does the same on pushsubscriptionchange.
 */
function useHealPushSubscription(userId: string | undefined): void {
  const client = useQueryClient();
  useEffect(() => {
    // Only a granted permission has a subscription to heal: for everyone else the push code stays unloaded.
    if (!userId || !pushGranted()) return;
    void import('../features/notifications/lib/push-client')
      .then((m) => m.healSubscriptionAndRefresh(client))
      .catch(() => undefined);
  }, [userId, client]);
}

/** Whether this browser has push and its notification permission is granted (push-client's permissionState, inline). */
function pushGranted(): boolean {
  return 'Notification' in window && 'serviceWorker' in navigator && 'PushManager' in window && Notification.permission === 'granted';
}

/** The app: nothing is rendered while the auth state loads; then the visitor or the signed-in routes. */
export function App() {
  const { pathname } = useLocation();
  const userQuery = useCurrentUser();
  useRouteEffects(pathname);
  useTimezoneSync(pathname);

  // Check-ins queued offline are sent at start once a signed-in user is known (and on reconnect: lib/service-worker).
  const userId = userQuery.data?.id;
  useEffect(() => {
    if (userId) void syncFromPage(userId);
  }, [userId]);
  useHealPushSubscription(userId);

  // Nothing is rendered until the session check has answered (a prerendered signed-out page starts with the answer:
  // app/visitor-page.ts). The screens of an answer that arrives later render in React's deferred render, which it
  // splits into short tasks (an answer's own update would render the whole first screen in one).
  // Only that first answer is deferred: a later change (signed out by a 401) renders at once.
  const answer = userQuery.isPending ? undefined : (userQuery.data ?? null);
  const firstAnswer = useDeferredValue(answer);
  const session = firstAnswer === undefined ? undefined : answer;

  // Toasts sit above the bottom navigation, or near the bottom edge of a screen without it (components/ui/toast.tsx).
  const navShown = !!session && showsBottomNav(pathname);
  useEffect(() => setToastAboveNav(navShown), [navShown]);

  if (session === undefined) return null;
  const user = session;
  return (
    <>
      <a href="#main" className="sr-only focus:not-sr-only focus:fixed focus:left-2 focus:top-2 focus:z-[200] focus:rounded-lg focus:bg-surface focus:p-3">
        Skip to content
      </a>
      {/* Only a user with something to see above the screen loads it (the developer banner, the verification one). */}
      {user && (user.devTools || !user.emailVerified) && (
        <Suspense fallback={null}>
          <TopChrome user={user} extra={user.isAdmin ? <UnreadFeedbackCount /> : null} />
        </Suspense>
      )}
      {/* From 1024 px the navigation is a rail on the left: the screens move right by its width. */}
      <div className={navShown ? 'lg:pl-24' : undefined}>
        <Suspense fallback={null}>{user ? <UserRoutes user={user} /> : <VisitorRoutes />}</Suspense>
      </div>
      {navShown && (
        <Suspense fallback={null}>
          <BottomNav />
        </Suspense>
      )}
      {user && (
        <Suspense fallback={null}>
          <OfflineSync />
        </Suspense>
      )}
    </>
  );
}
