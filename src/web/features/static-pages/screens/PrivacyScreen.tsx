import { ComingSoon, Page, PageHeader } from '../../../components/ui/page';

/** /privacy — placeholder: heading, back link and a note until the privacy policy lands. Replace in place. */
export default function PrivacyScreen() {
  return (
    <Page>
      <PageHeader title="Privacy Policy" backTo="/settings" />
      <ComingSoon>Coming with the privacy policy.</ComingSoon>
    </Page>
  );
}
