import { queryOptions, useQuery } from '@tanstack/react-query';
import type { HistoryResponse } from '@shared/schemas/check-ins';
import { api } from '@web/lib/api-client';
import { CHECK_INS_KEY } from '@web/lib/check-ins';
import { preloadedOr } from '@web/lib/preloaded';
import { QUERY_TIMES } from '@web/lib/query-client';

/**
 * GET /api/checkins/history: the check-in count, the averages and the recent days. Read by the dashboard, the
 * insights and the streak screen. Fresh for 5 min, kept 10 min (spec part 1 §9).
 */
export const historyQueryKey = [...CHECK_INS_KEY, 'history'] as const;

const HISTORY_URL = '/api/checkins/history';
/** The page shell's preloaded answer on the page's first dashboard (lib/preloaded.ts, taken once), else the server. */
export const fetchHistory = () => preloadedOr(HISTORY_URL, () => api.get<HistoryResponse>(HISTORY_URL));

export const getHistoryQueryOptions = () => queryOptions({ queryKey: historyQueryKey, queryFn: fetchHistory, ...QUERY_TIMES.history });

export const useHistory = ({ enabled = true }: { enabled?: boolean } = {}) => useQuery({ ...getHistoryQueryOptions(), enabled });
