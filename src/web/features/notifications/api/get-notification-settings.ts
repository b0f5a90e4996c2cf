import { queryOptions, useQuery } from '@tanstack/react-query';
import type { NotificationSettings } from '@shared/schemas/notifications';
import { api } from '@web/lib/api-client';
import { QUERY_TIMES } from '@web/lib/query-client';
import { NOTIFICATIONS_KEY } from './keys';

export const notificationSettingsQueryKey = [...NOTIFICATIONS_KEY, 'settings'] as const;

/** GET /api/notifications/settings, refetched every 5 minutes (spec part 2 §9). */
export const getNotificationSettings = () => api.get<NotificationSettings>('/api/notifications/settings');
export const getNotificationSettingsQueryOptions = () =>
  queryOptions({
    queryKey: notificationSettingsQueryKey,
    queryFn: getNotificationSettings,
    refetchInterval: QUERY_TIMES.notificationSettingsRefetchInterval,
  });
export const useNotificationSettings = (enabled = true) => useQuery({ ...getNotificationSettingsQueryOptions(), enabled });
