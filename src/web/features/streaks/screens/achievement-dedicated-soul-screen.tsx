import { AchievementPage } from '../components/achievement';

/** /achievement/dedicated-soul — the 30-day achievement: achieved, or days to go. */
export default function AchievementDedicatedSoulScreen() {
  return <AchievementPage days={30} title="Dedicated Soul Achievement" />;
}
