import { api } from '@web/lib/api-client';

/** POST /api/streak/reset-freeze-days {freezeDays} → {message} (developer tools, spec part 2 §7: 404 unless the server runs with developer tools). */
export const resetFreezeDays = (freezeDays: number) => api.post<{ message: string }>('/api/streak/reset-freeze-days', { freezeDays });
