import { queryOptions, useQuery } from '@tanstack/react-query';
import type { z } from 'zod';
import type { recoveryAvailableSchema } from '@shared/schemas/streaks';
import { api } from '@web/lib/api-client';
import { CHECK_IN_DERIVED } from '@web/lib/check-ins';
import { QUERY_TIMES } from '@web/lib/query-client';
import { STREAK_KEY } from './get-streak';

export type RecoveryAvailable = z.infer<typeof recoveryAvailableSchema>;
/** GET /api/streak/recovery-available → {available, lostStreakValue}; cached 30 s (gc 2 min). */
export const getRecoveryAvailable = () => api.get<RecoveryAvailable>('/api/streak/recovery-available');
export const getRecoveryAvailableQueryOptions = () =>
  queryOptions({ queryKey: [...STREAK_KEY, 'recovery-available'], queryFn: getRecoveryAvailable, ...QUERY_TIMES.recovery, meta: CHECK_IN_DERIVED });
export const useRecoveryAvailable = () => useQuery(getRecoveryAvailableQueryOptions());
