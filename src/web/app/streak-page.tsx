import { useLocation } from 'react-router';
import StreakScreen from '../features/streaks/screens/streak-screen';
import { RewardClaims } from '../features/rewards';
import { BuyShieldButton } from '../features/subscriptions';
import YearPage from './year-page';

/**
 * /streak: the streak journey with the subscriptions feature's shield purchase and the rewards feature's claims of
 * rewards earned and not claimed yet (features do not import each other).
 * /insights/year (the year in pixels) is served from here too: it shares Check-in Details with the streak screen,
 * and a lazy chunk of its own would add its file names to the entry, which every page loads (issue 26's budget).
 */
export default function StreakPage() {
  const { pathname } = useLocation();
  if (pathname === '/insights/year') return <YearPage />;
  return <StreakScreen buyShield={<BuyShieldButton className="mt-4" />} rewardClaims={<RewardClaims />} />;
}
