import { ComingSoon, Page, PageHeader } from '../../../components/ui/page';

/** /faq — placeholder: heading, back link and a note until the FAQ lands. Replace in place. */
export default function FaqScreen() {
  return (
    <Page>
      <PageHeader title="Frequently Asked Questions" backTo="/settings" />
      <ComingSoon>Coming with the FAQ.</ComingSoon>
    </Page>
  );
}
