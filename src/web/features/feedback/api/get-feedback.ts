import { queryOptions, useQuery } from '@tanstack/react-query';
import type { FeedbackItem } from '@shared/schemas/feedback';
import { api } from '@web/lib/api-client';
import { FEEDBACK_LIST_KEY } from './keys';

/** GET /api/feedback (admin only): every item, newest first. */
export const fetchFeedback = () => api.get<FeedbackItem[]>('/api/feedback');

/** Read afresh each time the inbox opens (new messages arrive from other people). */
export const getFeedbackQueryOptions = () =>
  queryOptions({ queryKey: FEEDBACK_LIST_KEY, queryFn: fetchFeedback, staleTime: 0, gcTime: 5 * 60_000 });

export const useFeedback = (enabled: boolean) => useQuery({ ...getFeedbackQueryOptions(), enabled });
