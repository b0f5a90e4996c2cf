import { ComingSoon, Page, PageHeader } from '../../../components/ui/page';

/** /shield-protection — placeholder: heading, back link and a note until the shield protection guide lands. Replace in place. */
export default function ShieldProtectionScreen() {
  return (
    <Page>
      <PageHeader title="Shield Protection" backTo="/streak" />
      <ComingSoon>Coming with the shield protection guide.</ComingSoon>
    </Page>
  );
}
