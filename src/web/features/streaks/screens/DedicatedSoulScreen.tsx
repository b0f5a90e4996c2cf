import { ComingSoon, Page, PageHeader } from '../../../components/ui/page';

/** /dedicated-soul — placeholder: heading, back link and a note until the Dedicated Soul milestone lands. Replace in place. */
export default function DedicatedSoulScreen() {
  return (
    <Page>
      <PageHeader title="Dedicated Soul" backTo="/streak" />
      <ComingSoon>Coming with the Dedicated Soul milestone.</ComingSoon>
    </Page>
  );
}
