import { ComingSoon, Page, PageHeader } from '../../../components/ui/page';

/** /terms — placeholder: heading, back link and a note until the terms of service lands. Replace in place. */
export default function TermsScreen() {
  return (
    <Page>
      <PageHeader title="Terms of Service" backTo="/settings" />
      <ComingSoon>Coming with the terms of service.</ComingSoon>
    </Page>
  );
}
