import type { QueryClient } from '@tanstack/react-query';

/** Query keys of the feedback inbox; every list and count query and invalidation goes through these. */
export const FEEDBACK_KEY = ['feedback'] as const;
export const FEEDBACK_LIST_KEY = ['feedback', 'list'] as const;
export const FEEDBACK_UNREAD_KEY = ['feedback', 'unread-count'] as const;

/** After a read or a delete the list and the unread count refresh (spec part 2 §4, §7). */
export const refreshFeedback = (qc: QueryClient) => qc.invalidateQueries({ queryKey: FEEDBACK_KEY });
