import { useCallback, useEffect, useMemo, useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { Page } from '../components/ui/page';
import { checkInQueryKeys, useHistory, useToday } from '../lib/check-ins';
import { useCurrentUser } from '../lib/current-user';
import { useSessionFailureRedirect } from '../lib/session-failure';
import {
  AreaTiles,
  CheckInCard,
  CountdownCard,
  Greeting,
  PremiumCards,
  PromotionCard,
  ScoreCard,
  useDashboardKeys,
  useDashboardLoading,
  useDashboardParams,
  WellnessSummary,
} from '../features/dashboard';
import { DashboardNotificationPrompt } from './notification-slots';
import { DashboardStreakModals, RewardClaimCards, StreakCard, TrialBanners } from '../features/streaks/dashboard';

/**
 * / and /dashboard for signed-in users (spec part 1 §2.8), top to bottom: greeting, countdown, overall score,
 * check-in button (and the orientation card), trial banners, streak card, reward claim cards, Personalized Tips
 * and Weekly Insights, the seven area tiles with Ask AI Coach, the written summary, the free tier's promotion,
 * and the streak modals. Composed here from the dashboard and streak features.
 */
export default function DashboardPage() {
  const client = useQueryClient();
  const [hadCache] = useState(
    () => client.getQueryData(checkInQueryKeys.today) !== undefined && client.getQueryData(checkInQueryKeys.history) !== undefined,
  );
  const userQuery = useCurrentUser();
  const user = userQuery.data ?? null;
  const today = useToday();
  const history = useHistory();

  const animateRequested = useDashboardParams();
  useDashboardKeys();
  useSessionFailureRedirect([today.error, history.error]);
  const loaded = useDashboardLoading({ pending: today.isPending || history.isPending, hasCachedData: hadCache, hasUser: !!user });

  // The count-up runs once loading is over (after the post-check-in loading screen), when it was requested.
  const [animateKey, setAnimateKey] = useState(0);
  const historyReady = history.isSuccess;
  useEffect(() => {
    if (animateRequested && loaded && historyReady) setAnimateKey((k) => (k === 0 ? 1 : k));
  }, [animateRequested, loaded, historyReady]);

  // The server clock corrects the countdown for a wrong device clock.
  const serverOffsetMs = useMemo(() => {
    if (!today.data) return 0;
    return new Date(today.data.serverTime).getTime() - today.dataUpdatedAt;
  }, [today.data, today.dataUpdatedAt]);
  const refreshWindow = useCallback(() => {
    void client.invalidateQueries({ queryKey: checkInQueryKeys.today });
  }, [client]);

  if (!user) return null;
  const tier = user.tier;
  const h = history.data;
  const count = h?.count ?? 0;

  return (
    <Page className="space-y-4">
      <Greeting firstName={user.firstName} />
      {today.data && (
        <CountdownCard
          label={today.data.windowState.countdown.label}
          target={today.data.windowState.countdown.target}
          serverOffsetMs={serverOffsetMs}
          onExpired={refreshWindow}
        />
      )}
      <ScoreCard
        percent={h?.overallScore ?? null}
        count={count}
        animateKey={animateKey}
        animationPending={animateRequested && animateKey === 0}
      />
      <CheckInCard status={today.data} unavailable={today.isError} />
      <TrialBanners />
      <StreakCard />
      <RewardClaimCards />
      <PremiumCards tier={tier} hasCheckIns={count > 0} />
      <AreaTiles averages={h?.areaAverages} tier={tier} />
      <WellnessSummary percent={h?.overallScore ?? null} averages={h?.areaAverages} />
      <PromotionCard tier={tier} />
      <DashboardStreakModals />
      <DashboardNotificationPrompt />
    </Page>
  );
}
