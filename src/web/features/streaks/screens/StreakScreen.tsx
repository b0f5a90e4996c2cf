import { ComingSoon, Page, PageHeader } from '../../../components/ui/page';

/** /streak — placeholder: heading, back link and a note until the streak journey lands. Replace in place. */
export default function StreakScreen() {
  return (
    <Page>
      <PageHeader title="Streak Journey" backTo="/" />
      <ComingSoon>Coming with the streak journey.</ComingSoon>
    </Page>
  );
}
