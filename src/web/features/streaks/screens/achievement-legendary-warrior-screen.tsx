import { AchievementPage } from '../components/achievement';

/** /achievement/legendary-warrior — the 100-day achievement: achieved, or days to go. */
export default function AchievementLegendaryWarriorScreen() {
  return <AchievementPage days={100} title="Legendary Warrior Achievement" />;
}
