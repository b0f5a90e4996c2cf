import { ComingSoon, Page, PageHeader } from '../../../components/ui/page';

/** /completion — placeholder: heading, back link and a note until the check-in completion summary lands. Replace in place. */
export default function CompletionScreen() {
  return (
    <Page>
      <PageHeader title="Check-in Complete" backTo="/" />
      <ComingSoon>Coming with the check-in completion summary.</ComingSoon>
    </Page>
  );
}
