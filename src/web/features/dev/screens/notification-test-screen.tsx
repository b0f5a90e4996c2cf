import { ComingSoon, Page, PageHeader } from '@web/components/ui/page';

/** /notification-test — placeholder: heading, back link and a note until developer notification checks lands. Replace in place. */
export default function NotificationTestScreen() {
  return (
    <Page>
      <PageHeader title="Notification Test" backTo="/settings" />
      <ComingSoon>Coming with developer notification checks.</ComingSoon>
    </Page>
  );
}
