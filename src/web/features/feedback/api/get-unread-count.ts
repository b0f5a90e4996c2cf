import { queryOptions, useQuery } from '@tanstack/react-query';
import type { UnreadCount } from '@shared/schemas/feedback';
import { api } from '@web/lib/api-client';
import { FEEDBACK_UNREAD_KEY } from './keys';

/** The unread count is polled this often in developer mode (spec part 2 §4, §9). */
export const UNREAD_POLL_MS = 30_000;

/** GET /api/feedback/unread-count (admin only) → {count}. */
export const fetchUnreadFeedbackCount = () => api.get<UnreadCount>('/api/feedback/unread-count');

export const getUnreadFeedbackCountQueryOptions = () =>
  queryOptions({
    queryKey: FEEDBACK_UNREAD_KEY,
    queryFn: fetchUnreadFeedbackCount,
    staleTime: 0,
    refetchInterval: UNREAD_POLL_MS,
    refetchIntervalInBackground: false,
  });

export const useUnreadFeedbackCount = (enabled = true) => useQuery({ ...getUnreadFeedbackCountQueryOptions(), enabled });
