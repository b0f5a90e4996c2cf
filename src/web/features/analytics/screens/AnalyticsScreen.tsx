import { ComingSoon, Page, PageHeader } from '../../../components/ui/page';

/** /analytics — placeholder: heading, back link and a note until business analytics lands. Replace in place. */
export default function AnalyticsScreen() {
  return (
    <Page>
      <PageHeader title="Business Analytics" backTo="/settings" />
      <ComingSoon>Coming with business analytics.</ComingSoon>
    </Page>
  );
}
