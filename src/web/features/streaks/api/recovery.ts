import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import type { messageSchema, recoverResultSchema } from '@shared/schemas/streaks';
import { api } from '@web/lib/api-client';
import { STREAK_KEY } from './streak';

/** POST /api/streak/decline-recovery → {message}. */
export const declineRecovery = () => api.post<z.infer<typeof messageSchema>>('/api/streak/decline-recovery');
export function useDeclineRecovery() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: declineRecovery,
    onSuccess: () => qc.invalidateQueries({ queryKey: STREAK_KEY }),
  });
}

/** POST /api/streak/recover → shield-based recovery. */
export const recoverWithShield = () => api.post<z.infer<typeof recoverResultSchema>>('/api/streak/recover');
export function useRecoverWithShield() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: recoverWithShield,
    onSuccess: () => qc.invalidateQueries({ queryKey: STREAK_KEY }),
  });
}
