import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { FeedbackItem } from '@shared/schemas/feedback';
import { api } from '@web/lib/api-client';
import { refreshFeedback } from './keys';

/** PATCH /api/feedback/:id/read (admin only) → the item, now read. */
export const markFeedbackRead = (id: string) => api.patch<FeedbackItem>(`/api/feedback/${encodeURIComponent(id)}/read`);

export function useMarkFeedbackRead() {
  const qc = useQueryClient();
  return useMutation({ mutationFn: markFeedbackRead, onSettled: () => refreshFeedback(qc) });
}
