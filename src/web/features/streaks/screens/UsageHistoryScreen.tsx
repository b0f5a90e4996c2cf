import { ComingSoon, Page, PageHeader } from '../../../components/ui/page';

/** /usage-history — placeholder: heading, back link and a note until shield usage history lands. Replace in place. */
export default function UsageHistoryScreen() {
  return (
    <Page>
      <PageHeader title="Shield Usage History" backTo="/streak" />
      <ComingSoon>Coming with shield usage history.</ComingSoon>
    </Page>
  );
}
