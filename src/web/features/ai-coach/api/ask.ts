import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { AskRequest, AskResponse } from '@shared/schemas/ai-coach';
import { ApiError, api } from '@web/lib/api-client';
import { aiCoachKeys } from './keys';

/** POST /api/ai-coach/ask {question, conversationId?} → {advice, conversationId}. */
export const askCoach = (body: AskRequest) => api.post<AskResponse>('/api/ai-coach/ask', body);

/** The conversation a failed ask was stored in (the server keeps the question when the provider fails). */
function conversationOf(err: unknown): string | null {
  if (!(err instanceof ApiError)) return null;
  const body = err.body as { conversationId?: unknown } | undefined;
  return typeof body?.conversationId === 'string' ? body.conversationId : null;
}

/** Asking refreshes the conversation list and that conversation's messages, also after a failure that kept the question. */
export function useAskCoach() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: askCoach,
    onSettled: (data, err, vars) => {
      const id = data?.conversationId ?? conversationOf(err) ?? vars.conversationId ?? null;
      return Promise.all([
        qc.invalidateQueries({ queryKey: aiCoachKeys.conversations }),
        id ? qc.invalidateQueries({ queryKey: aiCoachKeys.messages(id) }) : undefined,
      ]).then(() => undefined);
    },
  });
}
