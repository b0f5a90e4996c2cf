import StreakScreen from '../features/streaks/screens/streak-screen';
import { RewardClaims } from '../features/rewards';
import { BuyShieldButton } from '../features/subscriptions';

/**
 * /streak: the streak journey with the subscriptions feature's shield purchase and the rewards feature's claims of
 * rewards earned and not claimed yet (features do not import each other).
 */
export default function StreakPage() {
  return <StreakScreen buyShield={<BuyShieldButton className="mt-4" />} rewardClaims={<RewardClaims />} />;
}
