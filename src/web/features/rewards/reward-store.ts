import type { RewardType } from '@shared/domain/trials';
import { createValueStore, useStore } from '@web/lib/create-store';

/** Which reward modal is open: shared by the claim cards (open it) and the dashboard modals (render it). */
const openReward = createValueStore<RewardType | null>(null);

export function openRewardModal(type: RewardType | null): void {
  openReward.set(type);
}

export function useRewardModal(): RewardType | null {
  return useStore(openReward);
}

/** Local storage: the rewards whose modal already opened by itself for this user. */
export const rewardsOfferedKey = (userId: string) => `big7_rewards_offered_${userId}`;
