import { ComingSoon, Page, PageHeader } from '../../../components/ui/page';

/** /ai-coach/conversation/:id — placeholder: heading, back link and a note until AI coach conversations lands. Replace in place. */
export default function AiCoachConversationScreen() {
  return (
    <Page>
      <PageHeader title="Conversation" backTo="/ai-coach" />
      <ComingSoon>Coming with AI coach conversations.</ComingSoon>
    </Page>
  );
}
