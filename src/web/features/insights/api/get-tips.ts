import { queryOptions, useQuery } from '@tanstack/react-query';
import type { TipDto } from '@shared/schemas/check-ins';
import { api } from '@web/lib/api-client';
import { CHECK_IN_DERIVED } from '@web/lib/check-ins';
import { QUERY_TIMES } from '@web/lib/query-client';

/** GET /api/premium/tips (premium and ai-coach only): one tip per area from recent scores. */
export const fetchTips = () => api.get<{ tips: TipDto[] }>('/api/premium/tips');

/** Derived from the latest check-ins: a check-in or an edit refreshes it. */
export const getTipsQueryOptions = () =>
  queryOptions({ queryKey: ['premium', 'tips'] as const, queryFn: fetchTips, meta: CHECK_IN_DERIVED, ...QUERY_TIMES.today });

export const useTips = (enabled: boolean) => useQuery({ ...getTipsQueryOptions(), enabled });
