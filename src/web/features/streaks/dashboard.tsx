import { useCallback, useEffect, useMemo, useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { useQueryClient } from '@tanstack/react-query';
import { TRIAL_LABELS, rewardFor, type RewardType, type TrialTier } from '../../../shared/domain/trials';
import { TIER_LABELS } from '../../../shared/domain/tiers';
import { useCurrentUser } from '../../lib/current-user';
import { useSessionFailureRedirect } from '../../lib/session-failure';
import { Button } from '../../components/ui/button';
import { Modal } from '../../components/ui/dialog';
import { toast } from '../../components/ui/toast';
import { useFrozenDays, useRecoveryAvailable, useStreak, STREAK_KEY } from './api/streak';
import { useDeclineRecovery } from './api/recovery';
import { useStartCheckout } from './api/checkout';
import { dismissTrialExpiry, useAvailableRewards } from './api/subscription';
import { SUBSCRIPTION_KEY, useSubscription } from '../../lib/subscription';
import { CelebrationModal } from './components/celebration';
import { RewardModal } from './components/reward-modal';
import { TrialBanner } from './components/trial';
import { addToList, openRewardModal, readList, storageKeys, useRewardModal } from './reward-store';
import { STREAK_TEXTS, STREAK_TIMINGS } from './texts';

/**
 * The streak feature's parts of the dashboard (spec part 1 §2.8), composed by the dashboard page.
 * Everything shown comes from the server: streak, level, icon, shields, rewards, trials.
 */

/** Streak card: level name and icon (a snowflake when yesterday was frozen and today has no check-in); → /streak. */
export function StreakCard() {
  const { data: streak, isPending, isError } = useStreak();
  if (isPending || isError || !streak) {
    return (
      <Link to="/streak" className="block rounded-2xl border border-border bg-surface p-4 font-semibold" data-testid="streak-card">
        Streak Journey <span aria-hidden="true">›</span>
      </Link>
    );
  }
  const frozen = streak.yesterdayFrozen && !streak.todayCompleted;
  return (
    <Link
      to="/streak"
      data-testid="streak-card"
      className="flex min-h-20 items-center gap-4 rounded-2xl border border-border bg-surface p-4 hover:bg-surface-2 focus-visible:outline-none focus-visible:ring-4 focus-visible:ring-ring"
    >
      <span className="text-4xl" role="img" aria-label={frozen ? 'Frozen: a shield protected yesterday' : streak.level.name}>
        {streak.icon}
      </span>
      <span className="flex-1">
        <span className="block text-2xl font-bold" data-testid="streak-count">
          {streak.currentStreak} {streak.currentStreak === 1 ? 'Day' : 'Days'}
        </span>
        <span className="block text-muted" data-testid="streak-level">
          {streak.level.name}
        </span>
      </span>
      <span className="text-sm text-muted">
        <span aria-hidden="true">🛡️</span> {streak.freezeDaysRemaining} <span className="sr-only">{streak.freezeDaysRemaining === 1 ? 'shield' : 'shields'} left</span>
        <span aria-hidden="true"> ›</span>
      </span>
    </Link>
  );
}

/** Trial banners for premium and ai-coach with an expiry date (spec part 1 §4.8). */
export function TrialBanners() {
  const { data: sub } = useSubscription();
  if (!sub) return null;
  const banners: Array<{ tier: TrialTier; expiresAt: Date }> = [];
  if (sub.tier === 'premium' && sub.premiumExpiresAt) banners.push({ tier: 'premium', expiresAt: new Date(sub.premiumExpiresAt) });
  if (sub.tier === 'ai-coach' && sub.aiCoachExpiresAt) banners.push({ tier: 'ai-coach', expiresAt: new Date(sub.aiCoachExpiresAt) });
  if (!banners.length) return null;
  return (
    <div className="space-y-3">
      {banners.map((b) => (
        <TrialBanner key={b.tier} tier={b.tier} expiresAt={b.expiresAt} />
      ))}
    </div>
  );
}

/** One card per reward the server says is available; tapping opens the reward modal. */
export function RewardClaimCards() {
  const { data } = useAvailableRewards();
  const rewards = data?.availableRewards ?? [];
  if (!rewards.length) return null;
  return (
    <div className="space-y-3">
      {rewards.map((r) => (
        <button
          key={r.type}
          type="button"
          onClick={() => openRewardModal(r.type)}
          data-testid={`reward-card-${r.type}`}
          className="flex min-h-16 w-full items-center gap-3 rounded-2xl border border-success-fg/30 bg-success-bg p-4 text-left text-success-fg focus-visible:outline-none focus-visible:ring-4 focus-visible:ring-ring"
        >
          <span className="text-3xl" aria-hidden="true">
            🎁
          </span>
          <span className="flex-1">
            <span className="block font-bold">{r.milestone}-Day Milestone Reward</span>
            <span className="block text-sm">{r.reward} · Tap to claim</span>
          </span>
        </button>
      ))}
    </div>
  );
}

type StreakModal = 'trial-expired' | 'protected' | 'recovery' | null;

/** Streak Protected!, Recover Your Streak, reward modal and celebration, trial-expiry modal. */
export function DashboardStreakModals() {
  const qc = useQueryClient();
  const navigate = useNavigate();
  const user = useCurrentUser().data;
  const userId = user?.id ?? 'anonymous';
  const { data: streak } = useStreak();
  const { data: frozen, error: frozenError } = useFrozenDays();
  const { data: recovery } = useRecoveryAvailable();
  const { data: sub, error: subError } = useSubscription();
  useSessionFailureRedirect([frozenError, subError]);
  const { data: rewards } = useAvailableRewards();
  const rewardOpen = useRewardModal();
  const [celebrating, setCelebrating] = useState<RewardType | null>(null);
  const [dismissed, setDismissed] = useState<Set<string>>(() => new Set());
  const [recoveryPrompted, setRecoveryPrompted] = useState(() => sessionStorage.getItem(storageKeys.recoveryPrompted) === 'true');

  // A shield used within the last week that this user has not acknowledged yet.
  const unseenShields = useMemo(() => {
    if (!frozen || !streak || dismissed.has('never')) return [];
    const seen = new Set(readList(storageKeys.shieldsSeen(userId)));
    const weekAgo = new Date(`${streak.today}T00:00:00Z`);
    weekAgo.setUTCDate(weekAgo.getUTCDate() - 7);
    const from = weekAgo.toISOString().slice(0, 10);
    return frozen.frozenDays.filter((d) => d >= from && d < streak.today && !seen.has(d));
  }, [frozen, streak, userId, dismissed]);

  const active: StreakModal = (() => {
    if (sub?.trialJustExpired && !dismissed.has('trial-expired')) return 'trial-expired';
    if (unseenShields.length) return 'protected';
    if (recovery && recovery.available > 0 && streak && !streak.todayCompleted && !recoveryPrompted && !dismissed.has('recovery')) return 'recovery';
    return null;
  })();

  // Remember that the recovery prompt showed this session.
  useEffect(() => {
    if (active !== 'recovery') return;
    sessionStorage.setItem(storageKeys.recoveryPrompted, 'true');
  }, [active]);

  // A newly earned reward opens its modal once by itself (also right after the check-in that earned it).
  useEffect(() => {
    if (active || rewardOpen || celebrating || !rewards?.availableRewards.length) return;
    const offered = new Set(readList(storageKeys.rewardsOffered(userId)));
    const fresh = rewards.availableRewards.find((r) => !offered.has(r.type));
    if (!fresh) return;
    addToList(storageKeys.rewardsOffered(userId), [fresh.type]);
    openRewardModal(fresh.type);
  }, [active, rewardOpen, celebrating, rewards, userId]);

  const close = useCallback((name: string) => setDismissed((s) => new Set(s).add(name)), []);
  const closeReward = useCallback(() => openRewardModal(null), []);
  // OK (or the × / Escape) acknowledges the shields just used and refreshes the frozen days.
  const acknowledgeShields = () => {
    addToList(storageKeys.shieldsSeen(userId), unseenShields);
    close(`protected-${unseenShields.join(',')}`);
    void qc.invalidateQueries({ queryKey: [...STREAK_KEY, 'frozen-days'] });
  };

  return (
    <>
      {active === 'trial-expired' && sub?.trialJustExpired && (
        <TrialExpiredModal
          trial={sub.trialJustExpired}
          backOn={sub.tier}
          onDone={async (upgrade) => {
            close('trial-expired');
            try {
              await dismissTrialExpiry(sub.trialJustExpired!);
            } catch (err) {
              console.warn('Could not record the trial-expiry dismissal', err);
            }
            void qc.invalidateQueries({ queryKey: SUBSCRIPTION_KEY });
            if (upgrade) setTimeout(() => navigate('/upgrade'), STREAK_TIMINGS.upgradeRedirect);
          }}
        />
      )}
      {active === 'protected' && (
        <Modal
          open
          onOpenChange={(o) => {
            if (!o) acknowledgeShields();
          }}
          title={STREAK_TEXTS.protectedTitle}
          description={STREAK_TEXTS.protectedBody}
        >
          <p className="mt-3 text-5xl text-center" aria-hidden="true">
            🛡️
          </p>
          <Button className="mt-6" block onClick={acknowledgeShields}>
            OK
          </Button>
        </Modal>
      )}
      {active === 'recovery' && recovery && (
        <RecoverStreakModal
          lostStreakValue={recovery.lostStreakValue}
          onClose={() => {
            setRecoveryPrompted(true);
            close('recovery');
          }}
        />
      )}
      <RewardModal rewardType={active ? null : rewardOpen} user={user} onClose={closeReward} onClaimed={setCelebrating} />
      <CelebrationModal rewardType={celebrating} onClose={() => setCelebrating(null)} />
    </>
  );
}

function TrialExpiredModal({ trial, backOn, onDone }: { trial: TrialTier; backOn: string; onDone: (upgrade: boolean) => void }) {
  const tierLabel = backOn === 'premium' ? TIER_LABELS.premium : TIER_LABELS.free;
  return (
    <Modal
      open
      onOpenChange={(o) => !o && onDone(false)}
      title={`Your ${TRIAL_LABELS[trial]} Trial Has Ended`}
      description={`You are back on the ${tierLabel} tier. Upgrade to keep ${rewardFor(trial).features[0]?.toLowerCase() ?? 'your features'} and more.`}
    >
      <div className="mt-6 flex flex-col gap-3">
        <Button block onClick={() => onDone(true)}>
          {STREAK_TEXTS.upgradeYes}
        </Button>
        <Button block variant="outline" onClick={() => onDone(false)}>
          {STREAK_TEXTS.upgradeNo}
        </Button>
      </div>
    </Modal>
  );
}

function RecoverStreakModal({ lostStreakValue, onClose }: { lostStreakValue: number; onClose: () => void }) {
  const decline = useDeclineRecovery();
  const checkout = useStartCheckout();
  const busy = decline.isPending || checkout.isPending;
  return (
    <Modal
      open
      onOpenChange={(o) => !o && !busy && onClose()}
      title={STREAK_TEXTS.recoverTitle}
      description={`Your ${lostStreakValue}-day streak was lost. Recover it and keep going where you left off.`}
    >
      <p className="mt-3 text-center text-5xl" aria-hidden="true">
        🔥
      </p>
      <div className="mt-6 flex flex-col gap-3">
        <Button
          block
          disabled={busy}
          onClick={() =>
            checkout.mutate('streak_recovery', {
              onError: () => toast({ title: 'Error', description: STREAK_TEXTS.checkoutFailedDashboard, variant: 'destructive' }),
            })
          }
        >
          {STREAK_TEXTS.recoverButton}
        </Button>
        <Button
          block
          variant="outline"
          disabled={busy}
          onClick={() =>
            decline.mutate(undefined, {
              onSuccess: () => {
                toast({ title: STREAK_TEXTS.declinedTitle, description: STREAK_TEXTS.declinedBody });
                onClose();
              },
              onError: () => {
                toast({ title: 'Error', description: STREAK_TEXTS.declineFailed, variant: 'destructive' });
                onClose();
              },
            })
          }
        >
          {STREAK_TEXTS.noThanks}
        </Button>
      </div>
    </Modal>
  );
}
