import { useCallback } from 'react';
import { useCurrentUser } from '@web/features/auth/api/get-current-user';
import { openRewardModal, useRewardModal } from '../reward-store';
import { RewardClaimCards } from './reward-claim-cards';
import { RewardModal } from './reward-modal';

/**
 * The rewards earned and not claimed yet, each a card that opens its reward dialog, outside the dashboard (its
 * queue renders the dialog there): on /streak's Milestone Rewards card, a reward left unclaimed (the dialog's 8 s
 * auto-close, or closed) is claimed later (issue 30).
 */
export function RewardClaims() {
  const user = useCurrentUser().data;
  const open = useRewardModal();
  const close = useCallback(() => openRewardModal(null), []);
  return (
    <>
      <RewardClaimCards />
      <RewardModal rewardType={open} user={user} onClose={close} />
    </>
  );
}
