import { ComingSoon, Page, PageHeader } from '../../../components/ui/page';

/** /feedback — placeholder: heading, back link and a note until the feedback inbox lands. Replace in place. */
export default function FeedbackScreen() {
  return (
    <Page>
      <PageHeader title="Community Feedback" backTo="/settings" />
      <ComingSoon>Coming with the feedback inbox.</ComingSoon>
    </Page>
  );
}
