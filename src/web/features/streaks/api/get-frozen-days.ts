import { queryOptions, useQuery } from '@tanstack/react-query';
import type { z } from 'zod';
import type { frozenDaysSchema } from '@shared/schemas/streaks';
import { api } from '@web/lib/api-client';
import { CHECK_IN_DERIVED } from '@web/lib/check-ins';
import { QUERY_TIMES } from '@web/lib/query-client';
import { STREAK_KEY } from './get-streak';

export type FrozenDays = z.infer<typeof frozenDaysSchema>;
/** GET /api/streak/frozen-days → {frozenDays}; cached 5 min (spec §9). */
export const getFrozenDays = () => api.get<FrozenDays>('/api/streak/frozen-days');
export const frozenDaysQueryKey = [...STREAK_KEY, 'frozen-days'] as const;
export const getFrozenDaysQueryOptions = () =>
  queryOptions({ queryKey: frozenDaysQueryKey, queryFn: getFrozenDays, ...QUERY_TIMES.frozenDays, meta: CHECK_IN_DERIVED });
export const useFrozenDays = () => useQuery(getFrozenDaysQueryOptions());
