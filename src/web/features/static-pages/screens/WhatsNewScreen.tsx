import { ComingSoon, Page, PageHeader } from '../../../components/ui/page';

/** /whats-new — placeholder: heading, back link and a note until the release notes lands. Replace in place. */
export default function WhatsNewScreen() {
  return (
    <Page>
      <PageHeader title="What's New" backTo="/settings" />
      <ComingSoon>Coming with the release notes.</ComingSoon>
    </Page>
  );
}
