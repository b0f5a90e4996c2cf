import { api } from '@web/lib/api-client';

/** POST /api/test/set-streak {days} → {message} (developer tools, spec part 2 §7: 404 unless the server runs with developer tools). */
export const setStreak = (days: number) => api.post<{ message: string }>('/api/test/set-streak', { days });
