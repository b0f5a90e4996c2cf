import { ComingSoon, Page, PageHeader } from '../../../components/ui/page';

/** /achievement/legendary-warrior — placeholder: heading, back link and a note until achievement details lands. Replace in place. */
export default function AchievementLegendaryWarriorScreen() {
  return (
    <Page>
      <PageHeader title="Legendary Warrior Achievement" backTo="/streak" />
      <ComingSoon>Coming with achievement details.</ComingSoon>
    </Page>
  );
}
