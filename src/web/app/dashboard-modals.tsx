import { useCallback, useEffect, useMemo, useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { dashboardModal, offerRewardNow, unseenShieldDays } from '@shared/domain/dashboard-modals';
import type { RewardType } from '@shared/domain/trials';
import { useCurrentUser } from '../lib/current-user';
import { useSessionFailureRedirect } from '../lib/session-failure';
import { addToList, readList } from '../lib/stored-list';
import { useSubscription } from '../lib/subscription';
import { useOtherDialogOpen } from '../components/ui/dialog';
import { EnableNotificationsModal, useNotificationPromptDue } from '../features/notifications';
import { CelebrationModal, RewardModal, openRewardModal, rewardsOfferedKey, useAvailableRewards, useRewardModal } from '../features/rewards';
import { RecoverStreakModal, STREAK_KEY, ShieldsProtectedModal, streakStorageKeys, useFrozenDays, useRecoveryAvailable, useStreak } from '../features/streaks';
import { TrialExpiredModal, useRecoveryCheckout } from '../features/subscriptions';

/**
 * The dialogs the dashboard opens by itself, one at a time in the order of src/shared/domain/dashboard-modals.ts:
 * the trial that just ended, Streak Protected!, Recover Your Streak, a milestone reward (then its celebration),
 * and last Enable Push Notifications. None opens while another dialog is (a celebration, or one the person opened).
 * Composed here from the subscriptions, streak, rewards and notifications features; what they show comes from the
 * server.
 */
export function DashboardModals() {
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
  const recoveryCheckout = useRecoveryCheckout();
  const [celebrating, setCelebrating] = useState<RewardType | null>(null);
  const [dismissed, setDismissed] = useState<Set<string>>(() => new Set());
  const [recoveryPrompted, setRecoveryPrompted] = useState(() => sessionStorage.getItem(streakStorageKeys.recoveryPrompted) === 'true');
  const notificationPromptDue = useNotificationPromptDue();
  const otherDialogOpen = useOtherDialogOpen();

  // A shield used within the last week that this user has not acknowledged yet (read again after each acknowledgement).
  const unseenShields = useMemo(() => {
    if (!frozen || !streak || dismissed.has('never')) return [];
    return unseenShieldDays(frozen.frozenDays, streak.today, new Set(readList(streakStorageKeys.shieldsSeen(userId))));
  }, [frozen, streak, userId, dismissed]);

  const active = dashboardModal({
    trialExpired: Boolean(sub?.trialJustExpired) && !dismissed.has('trial-expired'),
    unseenShields: unseenShields.length,
    recoveriesAvailable: recovery?.available ?? 0,
    todayCompleted: streak ? streak.todayCompleted : null,
    recoveryPrompted: recoveryPrompted || dismissed.has('recovery'),
    rewardRequested: rewardOpen !== null,
    notificationPromptDue: notificationPromptDue && !dismissed.has('notifications'),
    otherDialogOpen: otherDialogOpen || celebrating !== null,
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
    if (!offerRewardNow({ modal: active, celebrating: celebrating !== null, unofferedReward: Boolean(fresh) }) || !fresh) return;
    addToList(rewardsOfferedKey(userId), [fresh.type]);
    openRewardModal(fresh.type);
  }, [active, celebrating, rewards, userId]);

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
          checkout={recoveryCheckout}
          onClose={() => {
            setRecoveryPrompted(true);
            close('recovery');
          }}
        />
      )}
      <RewardModal rewardType={active === 'reward' ? rewardOpen : null} user={user} onClose={closeReward} onClaimed={setCelebrating} />
      <CelebrationModal rewardType={celebrating} onClose={() => setCelebrating(null)} />
      {user && <EnableNotificationsModal checkInTime={user.checkInTime} open={active === 'notifications'} onAnswered={notificationsAnswered} />}
    </>
  );
}
