import { queryOptions, useQuery } from '@tanstack/react-query';
import type { Message } from '@shared/schemas/ai-coach';
import { api } from '@web/lib/api-client';
import { aiCoachKeys } from './keys';

/** GET /api/ai-coach/conversations/{id}/messages → [{id, role, content, createdAt}], oldest first. */
export const fetchMessages = (id: string) => api.get<Message[]>(`/api/ai-coach/conversations/${encodeURIComponent(id)}/messages`);

export const getMessagesQueryOptions = (id: string) =>
  queryOptions({ queryKey: aiCoachKeys.messages(id), queryFn: () => fetchMessages(id), staleTime: 0 });

/** Only when an id exists (spec part 2 §7). */
export const useMessages = (id: string | undefined, enabled = true) =>
  useQuery({ ...getMessagesQueryOptions(id ?? ''), enabled: enabled && !!id });
