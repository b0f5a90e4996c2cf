/** Query keys of the AI coach (used only through the queryOptions of this folder). */
export const aiCoachKeys = {
  all: ['ai-coach'] as const,
  conversations: ['ai-coach', 'conversations'] as const,
  messages: (id: string) => ['ai-coach', 'conversations', id, 'messages'] as const,
};
