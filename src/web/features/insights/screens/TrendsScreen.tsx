import { ComingSoon, Page, PageHeader } from '../../../components/ui/page';

/** /trends — placeholder: heading, back link and a note until weekly trends lands. Replace in place. */
export default function TrendsScreen() {
  return (
    <Page>
      <PageHeader title="Weekly Trends" backTo="/" />
      <ComingSoon>Coming with weekly trends.</ComingSoon>
    </Page>
  );
}
