import { ComingSoon, Page, PageHeader } from '../../../components/ui/page';

/** /checkin — placeholder: heading, back link and a note until the daily check-in flow lands. Replace in place. */
export default function CheckInScreen() {
  return (
    <Page>
      <PageHeader title="Daily Check-in" backTo="/" />
      <ComingSoon>Coming with the daily check-in flow.</ComingSoon>
    </Page>
  );
}
