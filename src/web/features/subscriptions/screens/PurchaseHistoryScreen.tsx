import { ComingSoon, Page, PageHeader } from '../../../components/ui/page';

/** /purchase-history — placeholder: heading, back link and a note until your purchase history lands. Replace in place. */
export default function PurchaseHistoryScreen() {
  return (
    <Page>
      <PageHeader title="Purchase History" backTo="/account" />
      <ComingSoon>Coming with your purchase history.</ComingSoon>
    </Page>
  );
}
