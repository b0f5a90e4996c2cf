import { useQuery } from '@tanstack/react-query';
import { useNotificationCheck } from '../api/get-notification-check';
import { useNotificationSettings } from '../api/get-notification-settings';
import { NOTIFICATIONS_KEY } from '../api/keys';
import { deviceReminderState, isIosNotInstalled } from './device-state';
import { permissionState, thisDeviceEndpoint } from './push-client';

/** This browser's push endpoint (null without a subscription): read from the browser, not the server. */
export const THIS_DEVICE_ENDPOINT_KEY = [...NOTIFICATIONS_KEY, 'endpoint'] as const;

/**
 * This device's reminder state as the server knows it: the browser's permission, this browser's push endpoint,
 * GET /api/notifications/check?endpoint=… (registered or not, last delivery) and the settings.
 */
export function useThisDevice() {
  const settings = useNotificationSettings();
  const permission = permissionState();
  const endpoint = useQuery({ queryKey: THIS_DEVICE_ENDPOINT_KEY, queryFn: thisDeviceEndpoint, staleTime: 60_000 });
  const check = useNotificationCheck(endpoint.isSuccess ? endpoint.data : undefined);
  const registered = !endpoint.isSuccess ? undefined : endpoint.data === null ? false : check.data?.thisDevice?.registered;
  const iosNotInstalled = isIosNotInstalled();
  const state = deviceReminderState({ permission, iosNotInstalled, dailyReminders: settings.data?.dailyReminders, registered });
  return { state, permission, iosNotInstalled, settings, check, registered, endpoint: endpoint.data ?? null };
}
