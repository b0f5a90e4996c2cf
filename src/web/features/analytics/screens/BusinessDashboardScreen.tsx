import { ComingSoon, Page, PageHeader } from '../../../components/ui/page';

/** /business-dashboard — placeholder: heading, back link and a note until the business dashboard lands. Replace in place. */
export default function BusinessDashboardScreen() {
  return (
    <Page>
      <PageHeader title="Business Dashboard" backTo="/settings" />
      <ComingSoon>Coming with the business dashboard.</ComingSoon>
    </Page>
  );
}
