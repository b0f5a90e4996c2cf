import { useMutation } from '@tanstack/react-query';
import type { SendFeedbackResult } from '@shared/schemas/feedback';
import { api } from '@web/lib/api-client';

/** POST /api/feedback {message} (any signed-in user). */
export const sendFeedback = (message: string) => api.post<SendFeedbackResult>('/api/feedback', { message });

export const useSendFeedback = () => useMutation({ mutationFn: sendFeedback });
