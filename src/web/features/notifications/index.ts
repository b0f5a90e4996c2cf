export { useNotificationPromptDue, usePermissionGrantedForNewUser } from './lib/prompt';
export { NotificationSettings } from './components/notification-settings';
