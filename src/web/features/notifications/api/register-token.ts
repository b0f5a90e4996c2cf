import type { PushSubscriptionJson } from '@shared/schemas/notifications';
import { api } from '@web/lib/api-client';

/** POST /api/notifications/register-token {token}: this browser's push subscription (lib/push-client.ts). */
export const registerToken = (sub: PushSubscriptionJson) =>
  api.post<{ success: true; devices: number }>('/api/notifications/register-token', { token: JSON.stringify(sub) });
