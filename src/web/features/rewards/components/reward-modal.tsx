import { useEffect, useState } from 'react';
import type { PublicUser } from '@shared/schemas/auth';
import { rewardFor, TRIAL_DAYS, TRIAL_LABELS, type RewardType } from '@shared/domain/trials';
import { Button } from '@web/components/ui/button';
import { Modal } from '@web/components/ui/dialog';
import { toast } from '@web/components/ui/toast';
import { useClaimReward } from '../api/claim-reward';
import { REWARD_TEXTS, REWARD_TIMINGS, greetingName } from '../texts';
import { CheckList } from '@web/components/ui/check-list';

/**
 * The reward modal, the second step after a milestone's celebration (issue 30): a free 30-day trial of Premium or
 * AI Coach with its inclusions, 'AWESOME!' to claim ('CLAIMING...' while pending), auto-closing after 8 s unclaimed
 * (the reward stays claimable from its card). A claim refreshes the subscription and rewards and turns this same
 * dialog into its confirmation ('Reward Claimed!', what the trial includes): one dialog, no second one and no toast.
 */
export function RewardModal({
  rewardType,
  user,
  onClose,
}: {
  rewardType: RewardType | null;
  user: PublicUser | null | undefined;
  onClose: () => void;
}) {
  const claim = useClaimReward();
  const pending = claim.isPending;
  const [claimed, setClaimed] = useState<{ type: RewardType; message: string } | null>(null);

  useEffect(() => {
    if (!rewardType) setClaimed(null);
  }, [rewardType]);

  useEffect(() => {
    if (!rewardType || pending || claimed) return;
    const t = setTimeout(onClose, REWARD_TIMINGS.rewardAutoClose);
    return () => clearTimeout(t);
  }, [rewardType, pending, claimed, onClose]);

  if (!rewardType) return null;
  const reward = rewardFor(rewardType);
  const label = TRIAL_LABELS[reward.tier];

  const onClaim = () => {
    claim.mutate(rewardType, {
      onSuccess: (res) => setClaimed({ type: rewardType, message: res.message }),
      onError: () => {
        toast({ title: REWARD_TEXTS.claimFailedTitle, description: REWARD_TEXTS.claimFailedBody, variant: 'destructive', duration: REWARD_TIMINGS.claimToast });
      },
    });
  };

  if (claimed?.type === rewardType) {
    return (
      <Modal open queued onOpenChange={(o) => !o && onClose()} title={REWARD_TEXTS.claimedTitle}>
        <div className="mt-3" data-testid="reward-claimed">
          <p>{claimed.message}</p>
          <p className="mt-2 text-muted">
            Your {label} trial has started: {reward.reward}.
          </p>
          <CheckList items={reward.features} className="mt-4" label="Included features" />
          <Button className="mt-6" block onClick={onClose}>
            Continue
          </Button>
        </div>
      </Modal>
    );
  }

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
