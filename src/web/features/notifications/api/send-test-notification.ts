import { api } from '@web/lib/api-client';

/** POST /api/notifications/send-test: a test reminder to each of the user's devices (the reminder health screen). */
export const sendTestNotification = () => api.post<{ success: true; devices: number }>('/api/notifications/send-test', {});
