import { queryOptions, useQuery } from '@tanstack/react-query';
import type { StrengthResponse } from '@shared/schemas/insights';
import { api } from '@web/lib/api-client';
import { CHECK_IN_DERIVED } from '@web/lib/check-ins';
import { QUERY_TIMES } from '@web/lib/query-client';

/** GET /api/insights/strength (all tiers; issue 28): the strength score overall and per area, with its last 90 days. */
export const fetchStrength = () => api.get<StrengthResponse>('/api/insights/strength');

/** Moved by each settled day: a check-in or an edit refreshes it, and it is read again each day like today's views. */
export const getStrengthQueryOptions = () =>
  queryOptions({ queryKey: ['insights', 'strength'] as const, queryFn: fetchStrength, meta: CHECK_IN_DERIVED, ...QUERY_TIMES.today });

export const useStrength = () => useQuery(getStrengthQueryOptions());
