import { api } from '@web/lib/api-client';

/** POST /api/test/reset-streak → {message} (developer tools, spec part 2 §7: 404 unless the server runs with developer tools). */
export const resetStreak = () => api.post<{ message: string }>('/api/test/reset-streak');
