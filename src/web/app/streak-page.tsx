import { lazy, Suspense } from 'react';
import StreakScreen from '../features/streaks/screens/streak-screen';
import { BuyShieldButton } from '../features/subscriptions';

/** Rewards earned and not claimed yet: loaded with the streak screen, not before it (the route table stays small). */
const RewardClaims = lazy(() => import('../features/rewards').then((m) => ({ default: m.RewardClaims })));

/**
 * /streak: the streak journey with the subscriptions feature's shield purchase and the rewards feature's claims of
 * rewards earned and not claimed yet (features do not import each other).
 */
export default function StreakPage() {
  return (
    <StreakScreen
      buyShield={<BuyShieldButton className="mt-4" />}
      rewardClaims={
        <Suspense fallback={null}>
          <RewardClaims />
        </Suspense>
      }
    />
  );
}
