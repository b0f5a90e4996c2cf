import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@web/lib/api-client';
import { aiCoachKeys } from './keys';

/** DELETE /api/ai-coach/conversations/{id} → {message}. */
export const deleteConversation = (id: string) =>
  api.delete<{ message: string }>(`/api/ai-coach/conversations/${encodeURIComponent(id)}`);

export function useDeleteConversation() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: deleteConversation,
    onSuccess: (_data, id) => {
      qc.removeQueries({ queryKey: aiCoachKeys.messages(id) });
      return qc.invalidateQueries({ queryKey: aiCoachKeys.conversations });
    },
  });
}
