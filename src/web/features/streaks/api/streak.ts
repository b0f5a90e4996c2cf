import { queryOptions, useQuery } from '@tanstack/react-query';
import type { z } from 'zod';
import type { StreakView, frozenDaysSchema, recoveryAvailableSchema, recoveryPaymentsSchema } from '@shared/schemas/streaks';
import { api, apiRequest } from '@web/lib/api-client';
import { CHECK_IN_DERIVED } from '@web/lib/check-ins';
import { QUERY_TIMES, STREAK_KEY } from '@web/lib/query-client';

export { STREAK_KEY };

/** GET /api/streak → the server's streak view (the client displays it, never recomputes it). */
export const getStreak = () => api.get<StreakView>('/api/streak');
export const getStreakQueryOptions = () => queryOptions({ queryKey: [...STREAK_KEY], queryFn: getStreak, staleTime: 0, meta: CHECK_IN_DERIVED });
export const useStreak = () => useQuery(getStreakQueryOptions());

export type FrozenDays = z.infer<typeof frozenDaysSchema>;
/** GET /api/streak/frozen-days → {frozenDays}; cached 5 min (spec §9). */
export const getFrozenDays = () => api.get<FrozenDays>('/api/streak/frozen-days');
export const getFrozenDaysQueryOptions = () =>
  queryOptions({ queryKey: [...STREAK_KEY, 'frozen-days'], queryFn: getFrozenDays, ...QUERY_TIMES.frozenDays, meta: CHECK_IN_DERIVED });
export const useFrozenDays = () => useQuery(getFrozenDaysQueryOptions());

export type RecoveryPayments = z.infer<typeof recoveryPaymentsSchema>;
/** GET /api/streak/recovery-payments → {recoveryDates}. */
export const getRecoveryPayments = () => api.get<RecoveryPayments>('/api/streak/recovery-payments');
export const getRecoveryPaymentsQueryOptions = () =>
  queryOptions({ queryKey: [...STREAK_KEY, 'recovery-payments'], queryFn: getRecoveryPayments, staleTime: 0, meta: CHECK_IN_DERIVED });
export const useRecoveryPayments = () => useQuery(getRecoveryPaymentsQueryOptions());

export type RecoveryAvailable = z.infer<typeof recoveryAvailableSchema>;
/** GET /api/streak/recovery-available → {available, lostStreakValue}; cached 30 s (gc 2 min). */
export const getRecoveryAvailable = () => api.get<RecoveryAvailable>('/api/streak/recovery-available');
export const getRecoveryAvailableQueryOptions = () =>
  queryOptions({ queryKey: [...STREAK_KEY, 'recovery-available'], queryFn: getRecoveryAvailable, ...QUERY_TIMES.recovery, meta: CHECK_IN_DERIVED });
export const useRecoveryAvailable = () => useQuery(getRecoveryAvailableQueryOptions());

/**
 * The streak screen's read: null when the session is gone, so the screen can show its own
 * 'Unauthorized' toast and re-login redirect (spec part 1 §4.1) instead of the generic one.
 */
export const getStreakOrNull = () => apiRequest<StreakView>('/api/streak', { on401: 'null' });
export const useStreakForScreen = () =>
  useQuery({ queryKey: [...STREAK_KEY, 'screen'], queryFn: getStreakOrNull, staleTime: 0, meta: CHECK_IN_DERIVED });
