import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { NotificationCheck, NotificationSettings, PushSubscriptionJson } from '@shared/schemas/notifications';
import { api } from '@web/lib/api-client';

export const notificationKeys = {
  settings: ['notifications', 'settings'] as const,
  check: ['notifications', 'check'] as const,
  /** This browser's push endpoint (null without a subscription). */
  endpoint: ['notifications', 'endpoint'] as const,
};

/** GET /api/notifications/settings, refetched every 5 minutes (spec part 2 §9). */
export const notificationSettingsQuery = () =>
  queryOptions({
    queryKey: notificationKeys.settings,
    queryFn: () => api.get<NotificationSettings>('/api/notifications/settings'),
    refetchInterval: 5 * 60_000,
  });
export const useNotificationSettings = (enabled = true) => useQuery({ ...notificationSettingsQuery(), enabled });

/**
 * GET /api/notifications/check: reminder health (devices, last delivered, next reminders) and, given this browser's
 * push endpoint, whether the server has this device registered. `endpoint` undefined: not known yet (not fetched).
 */
export const useNotificationCheck = (endpoint: string | null | undefined) =>
  useQuery({
    queryKey: [...notificationKeys.check, endpoint ?? null],
    queryFn: () => api.get<NotificationCheck>(`/api/notifications/check${endpoint ? `?endpoint=${encodeURIComponent(endpoint)}` : ''}`),
    enabled: endpoint !== undefined,
  });

export const fetchVapidPublicKey = () => api.get<{ publicKey: string }>('/api/notifications/vapid-public-key');
export const registerToken = (sub: PushSubscriptionJson) =>
  api.post<{ success: true; devices: number }>('/api/notifications/register-token', { token: JSON.stringify(sub) });
export const patchNotificationSettings = (patch: Partial<NotificationSettings>) => api.patch<NotificationSettings>('/api/notifications/settings', patch);
export const sendTestNotification = () => api.post<{ success: true; devices: number }>('/api/notifications/send-test', {});

export function usePatchNotificationSettings() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: patchNotificationSettings,
    onSuccess: async (settings) => {
      client.setQueryData(notificationKeys.settings, settings);
      await client.invalidateQueries({ queryKey: notificationKeys.check });
    },
  });
}
