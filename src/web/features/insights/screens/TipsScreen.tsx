import { ComingSoon, Page, PageHeader } from '../../../components/ui/page';

/** /tips — placeholder: heading, back link and a note until personalised tips lands. Replace in place. */
export default function TipsScreen() {
  return (
    <Page>
      <PageHeader title="Personalized Tips" backTo="/" />
      <ComingSoon>Coming with personalised tips.</ComingSoon>
    </Page>
  );
}
