import { startTransition, useCallback, useDeferredValue, useEffect, useMemo, useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { Page } from '../components/ui/page';
import { forgetCheckInMoment, peekCheckInMoment } from '../lib/check-ins';
import { OVERLAY_FADE_MS } from '../components/ui/loading-overlay';
import { useTodayWithQueued } from '../lib/queued-check-ins';
import { useAppBadge } from '../lib/app-badge';
import { useCurrentUser } from '@web/features/auth/api/get-current-user';
import { useSessionFailureRedirect } from '../lib/session-failure';
import { historyQueryKey, useHistory } from '../features/check-ins/api/get-history';
import { todayQueryKey, useToday } from '../features/check-ins/api/get-today';
import {
  AreaTiles,
  CheckInCard,
  CountdownCard,
  DashboardSkeleton,
  Greeting,
  PremiumCards,
  PromotionCard,
  ScoreCard,
  useDashboard,
  useDashboardKeys,
  useDashboardLoading,
  useDashboardParams,
  WellnessSummary,
} from '../features/dashboard';
// The rewards' and subscriptions' parts from their files, not their index files: those also hold parts this page
// does not show (the reward claims, the streak purchases), which would load with it (issue 26).
import { RewardClaimCards } from '../features/rewards/components/reward-claim-cards';
import { useAvailableRewards } from '../features/rewards/api/get-available-rewards';
import { StreakCard } from '../features/streaks';
import { StrengthSummary } from '../features/insights/components/strength';
import { TrialBanners } from '../features/subscriptions/components/trial-banner';
import { DashboardModals, preloadCheckInMoment, preloadRewardModal } from './dashboard-modals';

/** The countdown's label while the first (orientation) check-in window is open. */
export const FIRST_WINDOW_COUNTDOWN_LABEL = 'First check-in window ends in';

/** How long a stage waits for the frame at most (a hidden tab draws none): it then renders anyway. */
const STAGE_FALLBACK_MS = 200;

/**
 * True once the page has drawn a frame after `ready` first rendered true (in a task after that frame). Each stage of
 * the dashboard then lands on a page whose styles and layout are already computed: its own task computes only what it
 * adds, instead of all the stages before it at once (a dialog's mount, which moves the focus and reads computed
 * styles, would force them in its task). The stage renders as a transition, which React splits into short tasks.
 */
function useAfterPaint(ready: boolean): boolean {
  const [done, setDone] = useState(ready);
  useEffect(() => {
    if (!ready || done) return;
    let afterFrame: ReturnType<typeof setTimeout> | undefined;
    const finish = () => startTransition(() => setDone(true));
    const frame = requestAnimationFrame(() => {
      afterFrame = setTimeout(finish, 0);
    });
    const fallback = setTimeout(finish, STAGE_FALLBACK_MS);
    return () => {
      cancelAnimationFrame(frame);
      clearTimeout(afterFrame);
      clearTimeout(fallback);
    };
  }, [ready, done]);
  return done;
}

/**
 * / and /dashboard for signed-in users (spec part 1 §2.8), top to bottom: greeting, countdown, overall score,
 * check-in button (and the orientation card), trial banners, streak card, reward claim cards, Personalized Tips
 * and Weekly Insights, the seven area tiles with Ask AI Coach, the written summary, the free tier's promotion,
 * and the dialogs it opens by itself (./dashboard-modals.tsx). Composed here from the dashboard, subscriptions,
 * streak and rewards features.
 */
export default function DashboardPage() {
  const client = useQueryClient();
  const [hadCache] = useState(() => client.getQueryData(todayQueryKey) !== undefined && client.getQueryData(historyQueryKey) !== undefined);
  // One request (GET /api/dashboard) fills the user, today, the streak and the subscription. While it is on its way
  // today's own read waits; when it fails, today (and each card's read) asks its own endpoint.
  const dashboard = useDashboard();
  const userQuery = useCurrentUser();
  const user = userQuery.data ?? null;
  const today = useToday({ enabled: !dashboard.isFetching });
  // Today's check-in stored on this device and not yet sent shows as done (issue 25).
  const todayStatus = useTodayWithQueued(today.data, user);
  // The history and the rewards are preloaded by the page shell too (their fetchers take the preloads).
  // The installed app's icon badge: on while today's check-in is still to do in an open window.
  useAppBadge(todayStatus);
  const history = useHistory();
  const rewards = useAvailableRewards();
  const rewardClaimable = (rewards.data?.availableRewards.length ?? 0) > 0;
  useEffect(() => {
    if (rewardClaimable) preloadRewardModal();
  }, [rewardClaimable]);

  const animateRequested = useDashboardParams(user);
  // The moment after a check-in (decision 020), handed over once by the check-in flow.
  // Read while rendering, forgotten once this render is committed: a render thrown away (a lazy child suspending
  // on the first load) and run again still finds it.
  const [handed] = useState(() => {
    const m = peekCheckInMoment();
    // Its code loads beside the dashboard's reads, so the moment covers the page as soon as the cards can render.
    if (m) preloadCheckInMoment();
    return m;
  });
  const [moment, setMoment] = useState(handed);
  useEffect(() => forgetCheckInMoment(), []);
  const endMoment = useCallback(() => setMoment(null), []);
  useDashboardKeys();
  useSessionFailureRedirect([today.error, history.error]);
  const loaded = useDashboardLoading({ pending: today.isPending || history.isPending, hasCachedData: hadCache, hasUser: !!user });
  // The cards render once every read they depend on has answered (or the loading gave up): until then the skeleton
  // holds their place, so nothing above the area tiles grows (and moves them) as each answer arrives.
  const cardsReady = loaded || [dashboard, today, history, rewards].every((q) => !q.isPending);
  // The cards render in React's deferred render (split into short tasks; the answers arrive in urgent updates, which
  // React would render in one task). The cards below the first screen follow once those above have been drawn: two
  // commits (each with its own style and layout) instead of one long one that would block a phone's main thread, and
  // the first screen is painted sooner. They are added after the last card shown, so nothing moves.
  const cardsShown = useDeferredValue(cardsReady);
  const restReady = useAfterPaint(cardsShown);
  // The dialogs it opens by itself mount after the rest has been drawn (a dialog's mount moves the focus and reads
  // computed styles: on a drawn page that costs only the dialog).
  const modalsReady = useAfterPaint(restReady);

  // The count-up runs when it was requested, once loading is over and any overlay has faded out (so it is seen),
  // on the fresh history (not the cached one being refetched after the check-in).
  const [animateKey, setAnimateKey] = useState(0);
  const historyReady = history.isSuccess && !history.isFetching;
  useEffect(() => {
    // After the moment (it covers the dashboard): the score moves while it is seen.
    if (!animateRequested || !loaded || !historyReady || moment) return;
    const t = setTimeout(() => setAnimateKey((k) => (k === 0 ? 1 : k)), OVERLAY_FADE_MS);
    return () => clearTimeout(t);
  }, [animateRequested, loaded, historyReady, moment]);

  // The server clock corrects the countdown for a wrong device clock.
  const serverOffsetMs = useMemo(() => {
    if (!today.data) return 0;
    return new Date(today.data.serverTime).getTime() - today.dataUpdatedAt;
  }, [today.data, today.dataUpdatedAt]);
  const refreshWindow = useCallback(() => {
    void client.invalidateQueries({ queryKey: todayQueryKey });
  }, [client]);

  if (!user) return null;
  const tier = user.tier;
  const h = history.data;
  const count = h?.count ?? 0;

  // During the 24-hour orientation the countdown runs to the end of the first check-in window, as the card says.
  const orientation = todayStatus?.orientationState;
  const countdown =
    todayStatus && orientation?.shouldShowFirstTimeCheckIn && orientation.endsAt
      ? { label: FIRST_WINDOW_COUNTDOWN_LABEL, target: orientation.endsAt }
      : todayStatus?.windowState.countdown;

  return (
    <Page wide className="grid grid-cols-1 content-start gap-4 lg:grid-cols-2">
      <div className="lg:col-span-2">
        <Greeting firstName={user.firstName} />
      </div>
      {!cardsShown && <DashboardSkeleton />}
      {cardsShown && (
        <>
          {countdown && (
            <CountdownCard label={countdown.label} target={countdown.target} serverOffsetMs={serverOffsetMs} onExpired={refreshWindow} />
          )}
          <ScoreCard
            percent={h?.overallScore ?? null}
            from={handed?.previousOverall ?? null}
            count={count}
            animateKey={animateKey}
            animationPending={animateRequested && animateKey === 0}
          />
          <CheckInCard status={todayStatus} unavailable={today.isError} />
          <TrialBanners />
        </>
      )}
      {restReady && (
        <>
          <StreakCard aside={<StrengthSummary />} />
          <RewardClaimCards />
          <PremiumCards tier={tier} hasCheckIns={count > 0} />
          <div className="lg:col-span-2">
            <AreaTiles averages={h?.areaAverages} tier={tier} count={count} />
          </div>
          <WellnessSummary percent={h?.overallScore ?? null} averages={h?.areaAverages} count={count} />
          <PromotionCard tier={tier} />
        </>
      )}
      {/* The dialogs the dashboard opens by itself (and their reads) wait until the loading is over and the page is
          drawn; the moment after a check-in comes at once, over the page. */}
      {loaded && (moment ? cardsReady : modalsReady) && <DashboardModals moment={moment} onMomentDone={endMoment} />}
    </Page>
  );
}
