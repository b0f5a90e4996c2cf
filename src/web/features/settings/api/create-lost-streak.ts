import { api } from '@web/lib/api-client';

/** POST /api/dev/create-lost-streak {lostDays} → {message} (developer tools, spec part 2 §7: 404 unless the server runs with developer tools). */
export const createLostStreak = (lostDays: number) => api.post<{ message: string }>('/api/dev/create-lost-streak', { lostDays });
