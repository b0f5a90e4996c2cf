import type { TrialTier } from '@shared/domain/trials';
import { api } from '@web/lib/api-client';

/** POST /api/subscription/dismiss-trial-expiry {trialType}. */
export const dismissTrialExpiry = (trialType: TrialTier) =>
  api.post<{ message: string }>('/api/subscription/dismiss-trial-expiry', { trialType });
