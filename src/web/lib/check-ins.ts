import { queryOptions, useQuery, type Query, type QueryClient } from '@tanstack/react-query';
import type { HistoryResponse, TodayResponse } from '../../shared/schemas/check-ins';
import { api } from './api-client';
import { QUERY_TIMES } from './query-client';

/**
 * Today's check-in status and the check-in history: read by the check-in flow, the dashboard, the insights
 * screens and the streak screens alike, so they live once here (features never import each other).
 * Fresh for 5 min, kept 10 min (spec part 1 §9).
 */
export const checkInQueryKeys = {
  all: ['checkins'] as const,
  today: ['checkins', 'today'] as const,
  history: ['checkins', 'history'] as const,
};

export const fetchToday = () => api.get<TodayResponse>('/api/checkins/today');
export const fetchHistory = () => api.get<HistoryResponse>('/api/checkins/history');

export const getTodayQueryOptions = () =>
  queryOptions({ queryKey: checkInQueryKeys.today, queryFn: fetchToday, ...QUERY_TIMES.today });

export const getHistoryQueryOptions = () =>
  queryOptions({ queryKey: checkInQueryKeys.history, queryFn: fetchHistory, ...QUERY_TIMES.history });

export const useToday = () => useQuery(getTodayQueryOptions());
export const useHistory = () => useQuery(getHistoryQueryOptions());

/**
 * Marks a query whose answer is derived from the user's check-ins (tips, insights, streak, rewards…), so that
 * a check-in or an edit refreshes it. A feature adds it to its queryOptions (`meta: CHECK_IN_DERIVED`) and
 * keeps its own key; nothing else has to know about that query.
 */
export const CHECK_IN_DERIVED = { derivedFrom: 'check-ins' } as const;

/** Today's status, the history, and every query marked CHECK_IN_DERIVED. */
export const isCheckInQuery = (query: Pick<Query, 'queryKey' | 'meta'>): boolean =>
  query.queryKey[0] === checkInQueryKeys.all[0] || query.meta?.derivedFrom === CHECK_IN_DERIVED.derivedFrom;

/** After a check-in (or an edit) every check-in derived view is refetched (the ones on screen now, the rest when next shown). */
export function invalidateCheckIns(client: QueryClient): Promise<void> {
  return client.invalidateQueries({ predicate: isCheckInQuery });
}

/**
 * Session flag set by the check-in flow when it hands over to the dashboard: the dashboard then shows its
 * 1.5 s post-check-in loading screen (spec part 1 §4.9) before the score animation.
 */
export const JUST_CHECKED_IN_FLAG = 'big7_just_checked_in';
export const POST_CHECK_IN_LOADING_MS = 1_500;

/** The 5-point scale (values 0..4) with the words a screen reader speaks for each emoji. */
export const SCALE_OPTIONS = [
  { value: 0, emoji: '😞', label: 'Very poor' },
  { value: 1, emoji: '😕', label: 'Poor' },
  { value: 2, emoji: '😐', label: 'Okay' },
  { value: 3, emoji: '🙂', label: 'Good' },
  { value: 4, emoji: '😄', label: 'Excellent' },
] as const;

export function scaleOption(value: number) {
  return SCALE_OPTIONS.find((o) => o.value === value) ?? SCALE_OPTIONS[0];
}
