import { queryOptions, useQuery } from '@tanstack/react-query';
import type { z } from 'zod';
import type { recoveryPaymentsSchema } from '@shared/schemas/streaks';
import { api } from '@web/lib/api-client';
import { CHECK_IN_DERIVED } from '@web/lib/check-ins';
import { STREAK_KEY } from './get-streak';

export type RecoveryPayments = z.infer<typeof recoveryPaymentsSchema>;
/** GET /api/streak/recovery-payments → {recoveryDates}. */
export const getRecoveryPayments = () => api.get<RecoveryPayments>('/api/streak/recovery-payments');
export const getRecoveryPaymentsQueryOptions = () =>
  queryOptions({ queryKey: [...STREAK_KEY, 'recovery-payments'], queryFn: getRecoveryPayments, staleTime: 0, meta: CHECK_IN_DERIVED });
export const useRecoveryPayments = () => useQuery(getRecoveryPaymentsQueryOptions());
