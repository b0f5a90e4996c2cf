import { useEffect, useState } from 'react';
import { useNotificationSettings } from '../api/get-notification-settings';
import { permissionState, shouldAutoEnable, watchPermissionGranted } from './permission';

/**
 * When the dashboard's Enable Push Notifications prompt is wanted, apart from the prompt itself
 * (../components/enable-notifications-modal.tsx, loaded only then): its delay, whether it is due, and whether the
 * browser's permission was granted outside it.
 */
export const NOTIFICATION_MODAL_DELAY_MS = 1_500;

/**
 * Whether the Enable Push Notifications prompt is due on the dashboard: hasSeenNotificationModal is false and 1.5 s
 * have passed since it loaded. Whether it opens now is the dashboard's call: it is the last of the dialogs the
 * dashboard opens by itself and waits for every other one (src/shared/domain/dashboard-modals.ts).
 */
export function useNotificationPromptDue(): boolean {
  const settings = useNotificationSettings();
  const unseen = settings.data ? !settings.data.hasSeenNotificationModal : false;
  const [waited, setWaited] = useState(false);
  useEffect(() => {
    if (!unseen) return;
    const t = setTimeout(() => setWaited(true), NOTIFICATION_MODAL_DELAY_MS);
    return () => clearTimeout(t);
  }, [unseen]);
  return unseen && waited;
}

/**
 * True once the browser's permission turned 'granted' for a new user with default permission (shouldAutoEnable),
 * through the prompt's Allow or the browser's own site settings: the prompt (mounted then) turns notifications on.
 */
export function usePermissionGrantedForNewUser(): boolean {
  const settings = useNotificationSettings();
  const autoEnable = shouldAutoEnable(permissionState(), settings.data);
  const [granted, setGranted] = useState(false);
  useEffect(() => {
    if (!autoEnable) return;
    return watchPermissionGranted(() => setGranted(true));
  }, [autoEnable]);
  return granted;
}
