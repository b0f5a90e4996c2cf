import { queryOptions } from '@tanstack/react-query';
import { api } from '@web/lib/api-client';
import { NOTIFICATIONS_KEY } from './keys';

/** GET /api/notifications/vapid-public-key: the server's key a push subscription is made with (lib/push-client.ts). */
export const getVapidPublicKey = () => api.get<{ publicKey: string }>('/api/notifications/vapid-public-key');
export const getVapidPublicKeyQueryOptions = () =>
  queryOptions({ queryKey: [...NOTIFICATIONS_KEY, 'vapid-public-key'], queryFn: getVapidPublicKey, staleTime: Infinity });
