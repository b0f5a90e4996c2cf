import { queryOptions, useQuery } from '@tanstack/react-query';
import type { StreakView } from '@shared/schemas/streaks';
import { apiRequest } from '@web/lib/api-client';
import { CHECK_IN_DERIVED } from '@web/lib/check-ins';
import { QUERY_TIMES } from '@web/lib/query-client';

/**
 * Every streak query key starts with this, so one invalidation refreshes them all (a claimed reward's shields, a
 * purchase); a check-in refreshes them as CHECK_IN_DERIVED.
 */
export const STREAK_KEY = ['streak'] as const;

/**
 * GET /api/streak → the server's streak view (the client displays it, never recomputes it); null when the session
 * is gone, so the streak screen can show its own 'Unauthorized' toast and re-login redirect (spec part 1 §4.1)
 * instead of the generic one. The dashboard fills it from its one call (features/dashboard/api/get-dashboard.ts).
 */
export const getStreak = () => apiRequest<StreakView>('/api/streak', { on401: 'null' });
export const getStreakQueryOptions = () =>
  queryOptions({ queryKey: [...STREAK_KEY], queryFn: getStreak, ...QUERY_TIMES.streak, meta: CHECK_IN_DERIVED });
export const useStreak = () => useQuery(getStreakQueryOptions());
