import { ComingSoon, Page, PageHeader } from '../../../components/ui/page';

/** /notifications — placeholder: heading, back link and a note until notification preferences lands. Replace in place. */
export default function NotificationsScreen() {
  return (
    <Page>
      <PageHeader title="Notifications" backTo="/settings" />
      <ComingSoon>Coming with notification preferences.</ComingSoon>
    </Page>
  );
}
