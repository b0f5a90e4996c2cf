import { useCurrentUser } from '@web/features/auth/api/get-current-user';
import { NotificationSettings } from '../features/notifications';

/**
 * The notifications feature's pieces where other screens show them (composed here: features do not import each other).
 * The dashboard's Enable Push Notifications prompt is composed by ./dashboard-modals.tsx, last in its queue.
 */
export function SettingsNotifications() {
  const user = useCurrentUser().data;
  return user ? <NotificationSettings checkInTime={user.checkInTime} healthLink /> : null;
}
