import { useCurrentUser } from '../lib/current-user';
import { EnableNotificationsModal, NotificationSettings } from '../features/notifications';

/** The notifications feature's pieces where other screens show them (composed here: features do not import each other). */
export function SettingsNotifications() {
  const user = useCurrentUser().data;
  return user ? <NotificationSettings checkInTime={user.checkInTime} healthLink /> : null;
}

export function DashboardNotificationPrompt() {
  const user = useCurrentUser().data;
  return user ? <EnableNotificationsModal checkInTime={user.checkInTime} /> : null;
}
