import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import type { recoverResultSchema } from '@shared/schemas/streaks';
import { api } from '@web/lib/api-client';
import { STREAK_KEY } from './get-streak';

/** POST /api/streak/recover → shield-based recovery. */
export const recoverWithShield = () => api.post<z.infer<typeof recoverResultSchema>>('/api/streak/recover');
export function useRecoverWithShield() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: recoverWithShield,
    // Not awaited, as in decline-recovery.ts: the caller's toast comes before the refetch closes its dialog.
    onSuccess: () => {
      void qc.invalidateQueries({ queryKey: STREAK_KEY });
    },
  });
}
