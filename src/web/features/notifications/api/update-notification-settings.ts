import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { NotificationSettings } from '@shared/schemas/notifications';
import { api } from '@web/lib/api-client';
import { notificationCheckKey } from './get-notification-check';
import { notificationSettingsQueryKey } from './get-notification-settings';

/** PATCH /api/notifications/settings {dailyReminders?, hasSeenNotificationModal?} → the settings. */
export const patchNotificationSettings = (patch: Partial<NotificationSettings>) =>
  api.patch<NotificationSettings>('/api/notifications/settings', patch);

/** The answer replaces the cached settings; the reminder health (next reminders) is read again. */
export function usePatchNotificationSettings() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: patchNotificationSettings,
    onSuccess: async (settings) => {
      client.setQueryData(notificationSettingsQueryKey, settings);
      await client.invalidateQueries({ queryKey: notificationCheckKey });
    },
  });
}
