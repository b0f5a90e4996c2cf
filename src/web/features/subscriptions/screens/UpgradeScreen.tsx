import { ComingSoon, Page, PageHeader } from '../../../components/ui/page';

/** /upgrade — placeholder: heading and a note until plans, coupons and checkout lands. Replace in place. */
export default function UpgradeScreen() {
  return (
    <Page>
      <PageHeader title="Membership" />
      <ComingSoon>Coming with plans, coupons and checkout.</ComingSoon>
    </Page>
  );
}
