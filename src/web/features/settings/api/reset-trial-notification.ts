import { api } from '@web/lib/api-client';

/** POST /api/developer/reset-trial-notification → {message} (developer tools, spec part 2 §7: 404 unless the server runs with developer tools). */
export const resetTrialNotification = () => api.post<{ message: string }>('/api/developer/reset-trial-notification', {});
