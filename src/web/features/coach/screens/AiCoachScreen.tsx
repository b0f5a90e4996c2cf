import { ComingSoon, Page, PageHeader } from '../../../components/ui/page';

/** /ai-coach — placeholder: heading, back link and a note until the AI coach lands. Replace in place. */
export default function AiCoachScreen() {
  return (
    <Page>
      <PageHeader title="AI Coach" backTo="/" />
      <ComingSoon>Coming with the AI coach.</ComingSoon>
    </Page>
  );
}
