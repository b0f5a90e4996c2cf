import { ComingSoon, Page, PageHeader } from '@web/components/ui/page';

/** /scroll-test — placeholder: heading, back link and a note until developer scroll checks lands. Replace in place. */
export default function ScrollTestScreen() {
  return (
    <Page>
      <PageHeader title="Scroll Test" backTo="/settings" />
      <ComingSoon>Coming with developer scroll checks.</ComingSoon>
    </Page>
  );
}
