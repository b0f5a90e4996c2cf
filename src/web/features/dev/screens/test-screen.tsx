import { ComingSoon, Page, PageHeader } from '@web/components/ui/page';

/** /test — placeholder: heading, back link and a note until developer test tools lands. Replace in place. */
export default function TestScreen() {
  return (
    <Page>
      <PageHeader title="Test" backTo="/settings" />
      <ComingSoon>Coming with developer test tools.</ComingSoon>
    </Page>
  );
}
