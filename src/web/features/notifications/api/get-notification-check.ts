import { queryOptions, useQuery } from '@tanstack/react-query';
import type { NotificationCheck } from '@shared/schemas/notifications';
import { api } from '@web/lib/api-client';
import { NOTIFICATIONS_KEY } from './keys';

/** Every check (one per push endpoint) sits under this key: a registration refreshes them. */
export const notificationCheckKey = [...NOTIFICATIONS_KEY, 'check'] as const;

/**
 * GET /api/notifications/check: reminder health (devices, last delivered, next reminders) and, given this browser's
 * push endpoint, whether the server has this device registered.
 */
export const getNotificationCheck = (endpoint: string | null) =>
  api.get<NotificationCheck>(`/api/notifications/check${endpoint ? `?endpoint=${encodeURIComponent(endpoint)}` : ''}`);
export const getNotificationCheckQueryOptions = (endpoint: string | null) =>
  queryOptions({ queryKey: [...notificationCheckKey, endpoint], queryFn: () => getNotificationCheck(endpoint) });
/** `endpoint` undefined: not known yet (not fetched). */
export const useNotificationCheck = (endpoint: string | null | undefined) =>
  useQuery({ ...getNotificationCheckQueryOptions(endpoint ?? null), enabled: endpoint !== undefined });
