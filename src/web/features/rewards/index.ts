/** The milestone rewards' parts where other screens show them (composed by src/web/app). */
export { useAvailableRewards, getAvailableRewards, getAvailableRewardsQueryOptions, REWARDS_KEY } from './api/get-available-rewards';
export { RewardClaimCards } from './components/reward-claim-cards';
export { openRewardModal, rewardsOfferedKey, useRewardModal } from './reward-store';
export { RewardClaims } from './components/reward-claims';
