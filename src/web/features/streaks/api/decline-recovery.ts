import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import type { messageSchema } from '@shared/schemas/streaks';
import { api } from '@web/lib/api-client';
import { STREAK_KEY } from './get-streak';

/** POST /api/streak/decline-recovery → {message}. */
export const declineRecovery = () => api.post<z.infer<typeof messageSchema>>('/api/streak/decline-recovery');
export function useDeclineRecovery() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: declineRecovery,
    // Not awaited: the refetch closes the dialog (no recovery is offered any more), and a caller's own onSuccess (its
    // toast) must run while the dialog is still mounted — TanStack Query skips a mutate() callback after unmount.
    onSuccess: () => {
      void qc.invalidateQueries({ queryKey: STREAK_KEY });
    },
  });
}
