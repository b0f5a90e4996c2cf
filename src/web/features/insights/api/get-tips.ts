import { queryOptions, useQuery } from '@tanstack/react-query';
import type { TipDto } from '../../../../shared/schemas/check-ins';
import { api } from '../../../lib/api-client';
import { QUERY_TIMES } from '../../../lib/query-client';

/** GET /api/premium/tips (premium and ai-coach only): one tip per area from recent scores. */
export const fetchTips = () => api.get<{ tips: TipDto[] }>('/api/premium/tips');

export const getTipsQueryOptions = () =>
  queryOptions({ queryKey: ['premium', 'tips'] as const, queryFn: fetchTips, ...QUERY_TIMES.today });

export const useTips = (enabled: boolean) => useQuery({ ...getTipsQueryOptions(), enabled });
