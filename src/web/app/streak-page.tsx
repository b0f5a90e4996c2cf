import StreakScreen from '../features/streaks/screens/streak-screen';
import { BuyShieldButton } from '../features/subscriptions';

/** /streak: the streak journey with the subscriptions feature's shield purchase (features do not import each other). */
export default function StreakPage() {
  return <StreakScreen buyShield={<BuyShieldButton className="mt-4" />} />;
}
