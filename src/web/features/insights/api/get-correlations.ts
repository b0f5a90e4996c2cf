import { queryOptions, useQuery } from '@tanstack/react-query';
import type { CorrelationsResponse } from '@shared/schemas/insights';
import { api } from '@web/lib/api-client';
import { CHECK_IN_DERIVED } from '@web/lib/check-ins';
import { QUERY_TIMES } from '@web/lib/query-client';

/** GET /api/insights/correlations (premium and ai-coach only): what moves what in the user's history. */
export const fetchCorrelations = () => api.get<CorrelationsResponse>('/api/insights/correlations');

/** Derived from the check-ins: a check-in or an import refreshes it. */
export const getCorrelationsQueryOptions = () =>
  queryOptions({ queryKey: ['insights', 'correlations'] as const, queryFn: fetchCorrelations, meta: CHECK_IN_DERIVED, ...QUERY_TIMES.today });

export const useCorrelations = (enabled: boolean) => useQuery({ ...getCorrelationsQueryOptions(), enabled });
