export { EnableNotificationsModal, useNotificationPromptDue } from './components/enable-notifications-modal';
export { NotificationSettings } from './components/notification-settings';
