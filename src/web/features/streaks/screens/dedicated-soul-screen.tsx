import { AchievementPage } from '../components/achievement';

/** /dedicated-soul — the Dedicated Soul milestone (30 days). */
export default function DedicatedSoulScreen() {
  return <AchievementPage days={30} title="Dedicated Soul" />;
}
