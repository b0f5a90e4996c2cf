import { api } from '@web/lib/api-client';

/** POST /api/test/simulate-shield-protection → {message} (developer tools, spec part 2 §7: 404 unless the server runs with developer tools). */
export const simulateShieldProtection = () => api.post<{ message: string }>('/api/test/simulate-shield-protection');
