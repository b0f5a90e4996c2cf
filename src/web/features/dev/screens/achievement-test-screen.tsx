import { ComingSoon, Page, PageHeader } from '@web/components/ui/page';

/** /achievement/test — placeholder: heading, back link and a note until developer achievement previews lands. Replace in place. */
export default function AchievementTestScreen() {
  return (
    <Page>
      <PageHeader title="Achievement Test" backTo="/settings" />
      <ComingSoon>Coming with developer achievement previews.</ComingSoon>
    </Page>
  );
}
