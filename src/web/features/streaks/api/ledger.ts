import { queryOptions, useQuery } from '@tanstack/react-query';
import type { z } from 'zod';
import type { ledgerSchema } from '@shared/schemas/streaks';
import { CHECK_IN_DERIVED } from '@web/lib/check-ins';
import { api } from '@web/lib/api-client';
import { STREAK_KEY } from './get-streak';

export type StreakLedger = z.infer<typeof ledgerSchema>;

/** GET /api/streak/usage-history → the streak ledger, newest first. */
export const getLedger = () => api.get<StreakLedger>('/api/streak/usage-history');
export const getLedgerQueryOptions = () => queryOptions({ queryKey: [...STREAK_KEY, 'ledger'], queryFn: getLedger, staleTime: 0, meta: CHECK_IN_DERIVED });
export const useLedger = () => useQuery(getLedgerQueryOptions());
