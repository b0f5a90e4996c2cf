import { queryOptions, useQuery } from '@tanstack/react-query';
import type { TodayResponse } from '@shared/schemas/check-ins';
import { api } from '@web/lib/api-client';
import { CHECK_INS_KEY } from '@web/lib/check-ins';
import { QUERY_TIMES } from '@web/lib/query-client';

/**
 * GET /api/checkins/today: today's check-in status and window. Read by the check-in flow, the dashboard (which
 * fills it from its one call: features/dashboard/api/get-dashboard.ts), the insights and the AI coach.
 * Fresh for 5 min, kept 10 min (spec part 1 §9).
 */
export const todayQueryKey = [...CHECK_INS_KEY, 'today'] as const;

export const fetchToday = () => api.get<TodayResponse>('/api/checkins/today');

export const getTodayQueryOptions = () => queryOptions({ queryKey: todayQueryKey, queryFn: fetchToday, ...QUERY_TIMES.today });

/** `enabled: false` holds the read back (the dashboard, while its one call may still fill it). */
export const useToday = ({ enabled = true }: { enabled?: boolean } = {}) => useQuery({ ...getTodayQueryOptions(), enabled });
