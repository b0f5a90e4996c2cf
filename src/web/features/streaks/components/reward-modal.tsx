import { useEffect } from 'react';
import type { PublicUser } from '../../../../shared/schemas/auth';
import { rewardFor, TRIAL_DAYS, TRIAL_LABELS, type RewardType } from '../../../../shared/domain/trials';
import { Button } from '../../../components/ui/button';
import { Modal } from '../../../components/ui/dialog';
import { toast } from '../../../components/ui/toast';
import { useClaimReward } from '../api/subscription';
import { STREAK_TEXTS, STREAK_TIMINGS } from '../texts';

/** First name uppercased, else the e-mail's part before the @, else 'USER' (spec part 1 §4.8). */
export function greetingName(user: Pick<PublicUser, 'firstName' | 'email'> | null | undefined): string {
  const first = user?.firstName?.trim();
  if (first) return first.toUpperCase();
  const local = user?.email?.split('@')[0]?.trim();
  if (local) return local;
  return 'USER';
}

/**
 * The reward modal: a free 30-day trial of Premium or AI Coach with its inclusions, 'AWESOME!' to claim
 * ('CLAIMING...' while pending), auto-closing after 8 s. A claim shows the success toast, refreshes the
 * subscription and rewards, closes, then hands over to the celebration.
 */
export function RewardModal({
  rewardType,
  user,
  onClose,
  onClaimed,
}: {
  rewardType: RewardType | null;
  user: PublicUser | null | undefined;
  onClose: () => void;
  onClaimed: (type: RewardType) => void;
}) {
  const claim = useClaimReward();
  const pending = claim.isPending;

  useEffect(() => {
    if (!rewardType || pending) return;
    const t = setTimeout(onClose, STREAK_TIMINGS.rewardAutoClose);
    return () => clearTimeout(t);
  }, [rewardType, pending, onClose]);

  if (!rewardType) return null;
  const reward = rewardFor(rewardType);
  const label = TRIAL_LABELS[reward.tier];

  const onClaim = () => {
    claim.mutate(rewardType, {
      onSuccess: (res) => {
        toast({ title: 'Reward Claimed!', description: res.message });
        onClose();
        onClaimed(rewardType);
      },
      onError: () => {
        toast({ title: STREAK_TEXTS.claimFailedTitle, description: STREAK_TEXTS.claimFailedBody, variant: 'destructive', duration: STREAK_TIMINGS.claimToast });
      },
    });
  };

  return (
    <Modal open onOpenChange={(o) => !o && !pending && onClose()} title={`CONGRATULATIONS, ${greetingName(user)}!`}>
      <div className="mt-3" data-testid="reward-modal">
        <p className="text-muted">
          You reached a {reward.milestone}-day streak. Enjoy a free {TRIAL_DAYS}-day trial of {label}!
        </p>
        <p className="mt-4 font-semibold">{label} includes:</p>
        <ul className="mt-2 space-y-1">
          {reward.features.map((f) => (
            <li key={f}>✓ {f}</li>
          ))}
        </ul>
        <Button className="mt-6" block onClick={onClaim} disabled={pending}>
          {pending ? STREAK_TEXTS.claiming : STREAK_TEXTS.awesome}
        </Button>
      </div>
    </Modal>
  );
}
