import { ComingSoon, Page, PageHeader } from '../../../components/ui/page';

/** /achievement/dedicated-soul — placeholder: heading, back link and a note until achievement details lands. Replace in place. */
export default function AchievementDedicatedSoulScreen() {
  return (
    <Page>
      <PageHeader title="Dedicated Soul Achievement" backTo="/streak" />
      <ComingSoon>Coming with achievement details.</ComingSoon>
    </Page>
  );
}
