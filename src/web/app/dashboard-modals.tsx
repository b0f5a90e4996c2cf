import { useCallback, useEffect, useMemo, useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { celebrationFor, weekDots } from '@shared/domain/check-in-moment';
import { dashboardModal, offerRewardNow, unseenShieldDays } from '@shared/domain/dashboard-modals';
import type { CheckInMoment } from '../lib/check-ins';
import { useHistory } from '../features/check-ins/api/get-history';
import { lazyComponent } from '../lib/lazy-component';
import { useCurrentUser } from '@web/features/auth/api/get-current-user';
import { useSessionFailureRedirect } from '../lib/session-failure';
import { addToList, readList } from '../lib/stored-list';
import { useSubscription } from '../features/subscriptions/api/get-subscription';
import { useOtherDialogOpen } from '../components/ui/dialog-state';
// From the features' files, not their index files: an index's other parts (the settings' switch, the reward
// claims) would come into this page's files with it.
import { useNotificationPromptDue, usePermissionGrantedForNewUser } from '../features/notifications/lib/prompt';
import { openRewardModal, rewardsOfferedKey, useRewardModal } from '../features/rewards/reward-store';
import { useAvailableRewards } from '../features/rewards/api/get-available-rewards';
import { STREAK_KEY, streakStorageKeys, useFrozenDays, useRecoveryAvailable, useStreak } from '../features/streaks';

// Each dialog's code loads when it opens (issue 26: the dashboard's first view shows none of them); the moment after
// a check-in starts loading as the dashboard's code does (preloadCheckInMoment), so it opens as soon as before.
const CheckInMomentOverlay = lazyComponent(() => import('../features/dashboard/components/check-in-moment').then((m) => m.CheckInMomentOverlay));
const TrialExpiredModal = lazyComponent(() => import('../features/subscriptions/components/trial-expired-modal').then((m) => m.TrialExpiredModal));
const ShieldsProtectedModal = lazyComponent(() => import('../features/streaks/components/streak-modals').then((m) => m.ShieldsProtectedModal));
const RecoverStreakModal = lazyComponent(() => import('./dashboard-recovery-modal').then((m) => m.DashboardRecoveryModal));
const RewardModal = lazyComponent(() => import('../features/rewards/components/reward-modal').then((m) => m.RewardModal));
const EnableNotificationsModal = lazyComponent(() =>
  import('../features/notifications/components/enable-notifications-modal').then((m) => m.EnableNotificationsModal),
);

/** Starts loading the moment's code (a check-in handed one over): it is on its way while the dashboard loads. */
export const preloadCheckInMoment = CheckInMomentOverlay.preload;
/**
 * Starts loading the reward dialog's code once the rewards read says one can be claimed: a reward not offered yet
 * opens it by itself, and a claim card opens it on a tap, so its code is on its way before the dialogs' stage.
 */
export const preloadRewardModal = RewardModal.preload;

/**
 * The dialogs the dashboard opens by itself, one at a time in the order of src/shared/domain/dashboard-modals.ts:
 * the full-screen moment after a check-in (with its celebration), the trial that just ended, Streak Protected!,
 * Recover Your Streak, a milestone reward (claimed in the same dialog), and last Enable Push Notifications. None opens
 * while another dialog is (one the person opened). Composed here from the dashboard, subscriptions, streak, rewards
 * and notifications features; what they show comes from the server.
 */
export function DashboardModals({ moment = null, onMomentDone }: { moment?: CheckInMoment | null; onMomentDone?: () => void } = {}) {
  const qc = useQueryClient();
  const user = useCurrentUser().data;
  const userId = user?.id ?? 'anonymous';
  const { data: streak } = useStreak();
  const { data: frozen, error: frozenError } = useFrozenDays();
  const { data: recovery } = useRecoveryAvailable();
  const { data: sub, error: subError } = useSubscription();
  useSessionFailureRedirect([frozenError, subError]);
  const { data: rewards } = useAvailableRewards();
  const rewardOpen = useRewardModal();
  const { data: history } = useHistory();
  const [dismissed, setDismissed] = useState<Set<string>>(() => new Set());
  const [recoveryPrompted, setRecoveryPrompted] = useState(() => sessionStorage.getItem(streakStorageKeys.recoveryPrompted) === 'true');
  const notificationPromptDue = useNotificationPromptDue();
  const permissionGranted = usePermissionGrantedForNewUser();
  const otherDialogOpen = useOtherDialogOpen();

  // A shield used within the last week that this user has not acknowledged yet (read again after each acknowledgement).
  const unseenShields = useMemo(() => {
    if (!frozen || !streak || dismissed.has('never')) return [];
    return unseenShieldDays(frozen.frozenDays, streak.today, new Set(readList(streakStorageKeys.shieldsSeen(userId))));
  }, [frozen, streak, userId, dismissed]);

  const active = dashboardModal({
    checkInMoment: moment !== null,
    trialExpired: Boolean(sub?.trialJustExpired) && !dismissed.has('trial-expired'),
    unseenShields: unseenShields.length,
    recoveriesAvailable: recovery?.available ?? 0,
    todayCompleted: streak ? streak.todayCompleted : null,
    recoveryPrompted: recoveryPrompted || dismissed.has('recovery'),
    rewardRequested: rewardOpen !== null,
    notificationPromptDue: notificationPromptDue && !dismissed.has('notifications'),
    otherDialogOpen,
  });

  // Remember that the recovery prompt showed this session.
  useEffect(() => {
    if (active !== 'recovery') return;
    sessionStorage.setItem(streakStorageKeys.recoveryPrompted, 'true');
  }, [active]);

  // A newly earned reward opens its modal once by itself (also right after the check-in that earned it).
  useEffect(() => {
    const offered = new Set(readList(rewardsOfferedKey(userId)));
    const fresh = rewards?.availableRewards.find((r) => !offered.has(r.type));
    if (!offerRewardNow({ modal: active, celebrating: false, unofferedReward: Boolean(fresh) }) || !fresh) return;
    addToList(rewardsOfferedKey(userId), [fresh.type]);
    openRewardModal(fresh.type);
  }, [active, rewards, userId]);

  // The moment's streak is the server's answer to the check-in (a queued one: the cached streak plus today); its
  // celebration only ever the server's (shown once: it follows the one check-in that reached it).
  const momentView = useMemo(() => {
    if (!moment) return null;
    const today = moment.date ?? streak?.today ?? null;
    return {
      streak: moment.streak ?? (moment.queued ? null : (streak?.currentStreak ?? null)),
      celebration: celebrationFor(moment.queued ? null : (moment.streak ?? null), { newDay: !moment.replaced }),
      dots: today ? weekDots(today, history?.checkIns.map((c) => c.date) ?? []) : [],
    };
  }, [moment, streak, history]);
  const momentDone = useCallback(() => onMomentDone?.(), [onMomentDone]);

  // The notifications prompt, once mounted (opened, or the permission granted outside it), stays mounted: Allow's
  // subscription goes on after the dialog has closed.
  const [notificationsMounted, setNotificationsMounted] = useState(false);
  if (!notificationsMounted && (active === 'notifications' || permissionGranted)) setNotificationsMounted(true);

  const close = useCallback((name: string) => setDismissed((s) => new Set(s).add(name)), []);
  const closeReward = useCallback(() => openRewardModal(null), []);
  const notificationsAnswered = useCallback(() => close('notifications'), [close]);
  // OK (or the × / Escape) acknowledges the shields just used and refreshes the frozen days.
  const acknowledgeShields = () => {
    addToList(streakStorageKeys.shieldsSeen(userId), unseenShields);
    close(`protected-${unseenShields.join(',')}`);
    void qc.invalidateQueries({ queryKey: [...STREAK_KEY, 'frozen-days'] });
  };

  return (
    <>
      {active === 'moment' && moment && momentView && (
        <CheckInMomentOverlay
          moment={moment}
          streak={momentView.streak}
          dots={momentView.dots}
          celebration={momentView.celebration}
          hasReward={Boolean(moment.rewardType && rewards?.availableRewards.some((r) => r.type === moment.rewardType))}
          onDone={momentDone}
        />
      )}
      {active === 'trial-expired' && sub?.trialJustExpired && (
        <TrialExpiredModal trial={sub.trialJustExpired} backOn={sub.tier} onClose={() => close('trial-expired')} />
      )}
      {active === 'shields-protected' && (
        <ShieldsProtectedModal days={unseenShields} shieldsLeft={streak?.freezeDaysRemaining ?? null} onAcknowledge={acknowledgeShields} />
      )}
      {active === 'recovery' && recovery && (
        <RecoverStreakModal
          lostStreakValue={recovery.lostStreakValue}
          offerEndsOn={recovery.offerEndsOn}
          onClose={() => {
            setRecoveryPrompted(true);
            close('recovery');
          }}
        />
      )}
      {active === 'reward' && rewardOpen && (
        <RewardModal rewardType={rewardOpen} user={user} onClose={closeReward} />
      )}
      {user && notificationsMounted && (
        <EnableNotificationsModal
          checkInTime={user.checkInTime}
          open={active === 'notifications'}
          granted={permissionGranted}
          onAnswered={notificationsAnswered}
        />
      )}
    </>
  );
}
