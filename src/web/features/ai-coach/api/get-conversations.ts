import { queryOptions, useQuery } from '@tanstack/react-query';
import type { Conversation } from '@shared/schemas/ai-coach';
import { api } from '@web/lib/api-client';
import { aiCoachKeys } from './keys';

/** GET /api/ai-coach/conversations → [{id, title, createdAt}], newest first (ai-coach tier only). */
export const fetchConversations = () => api.get<Conversation[]>('/api/ai-coach/conversations');

export const getConversationsQueryOptions = () =>
  queryOptions({ queryKey: aiCoachKeys.conversations, queryFn: fetchConversations, staleTime: 0 });

export const useConversations = (enabled: boolean) => useQuery({ ...getConversationsQueryOptions(), enabled });
