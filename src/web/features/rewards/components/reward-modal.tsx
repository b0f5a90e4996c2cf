import { useEffect } from 'react';
import type { PublicUser } from '@shared/schemas/auth';
import { rewardFor, TRIAL_DAYS, TRIAL_LABELS, type RewardType } from '@shared/domain/trials';
import { Button } from '@web/components/ui/button';
import { Modal } from '@web/components/ui/dialog';
import { toast } from '@web/components/ui/toast';
import { useClaimReward } from '../api/rewards';
import { REWARD_TEXTS, REWARD_TIMINGS, greetingName } from '../texts';
import { CheckList } from '@web/components/ui/check-list';

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
    const t = setTimeout(onClose, REWARD_TIMINGS.rewardAutoClose);
    return () => clearTimeout(t);
  }, [rewardType, pending, onClose]);

  if (!rewardType) return null;
  const reward = rewardFor(rewardType);
  const label = TRIAL_LABELS[reward.tier];

  const onClaim = () => {
    claim.mutate(rewardType, {
      onSuccess: (res) => {
        toast({ title: REWARD_TEXTS.claimedTitle, description: res.message });
        onClose();
        onClaimed(rewardType);
      },
      onError: () => {
        toast({ title: REWARD_TEXTS.claimFailedTitle, description: REWARD_TEXTS.claimFailedBody, variant: 'destructive', duration: REWARD_TIMINGS.claimToast });
      },
    });
  };

  return (
    <Modal open queued onOpenChange={(o) => !o && !pending && onClose()} title={`CONGRATULATIONS, ${greetingName(user)}!`}>
      <div className="mt-3" data-testid="reward-modal">
        <p className="text-muted">
          You reached a {reward.milestone}-day streak. Enjoy a free {TRIAL_DAYS}-day trial of {label}!
        </p>
        <p className="mt-4 font-semibold">{label} includes:</p>
        <CheckList items={reward.features} className="mt-2" />
        <Button className="mt-6" block onClick={onClaim} disabled={pending}>
          {pending ? REWARD_TEXTS.claiming : REWARD_TEXTS.awesome}
        </Button>
      </div>
    </Modal>
  );
}
