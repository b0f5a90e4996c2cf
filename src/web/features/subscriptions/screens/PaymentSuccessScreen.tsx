import { ComingSoon, Page, PageHeader } from '../../../components/ui/page';

/** /payment-success — placeholder: heading, back link and a note until payment confirmation lands. Replace in place. */
export default function PaymentSuccessScreen() {
  return (
    <Page>
      <PageHeader title="Payment" backTo="/" />
      <ComingSoon>Coming with payment confirmation.</ComingSoon>
    </Page>
  );
}
