import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@web/lib/api-client';
import { refreshFeedback } from './keys';

/** DELETE /api/feedback/:id (admin only); then the list and the unread count refresh. */
export const deleteFeedback = (id: string) => api.delete<{ message: string }>(`/api/feedback/${encodeURIComponent(id)}`);

export function useDeleteFeedback() {
  const qc = useQueryClient();
  return useMutation({ mutationFn: deleteFeedback, onSuccess: () => refreshFeedback(qc) });
}
