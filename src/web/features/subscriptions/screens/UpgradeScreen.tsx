import { ComingSoon, Page, PageHeader } from '../../../components/ui/page';
import { CouponEntry } from '../components/coupon-entry';
import { CurrentPlan } from '../components/current-plan';

/** /upgrade (Membership): current plan and coupon entry; plan cards and checkout arrive with the payments work. */
export default function UpgradeScreen() {
  return (
    <Page>
      <PageHeader title="Membership" />
      <div className="space-y-4">
        <CurrentPlan />
        <CouponEntry />
        <ComingSoon>Coming with plans and checkout.</ComingSoon>
      </div>
    </Page>
  );
}
