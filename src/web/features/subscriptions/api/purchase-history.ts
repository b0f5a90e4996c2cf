import { queryOptions, useQuery } from '@tanstack/react-query';
import type { Purchase } from '@shared/schemas/payments';
import { api } from '@web/lib/api-client';

export const PURCHASE_HISTORY_KEY = ['purchase-history'] as const;

/** GET /api/purchase-history → purchases, newest first; never cached (spec part 2 §7). */
export const getPurchaseHistory = () => api.get<Purchase[]>('/api/purchase-history');
export const getPurchaseHistoryQueryOptions = () =>
  queryOptions({ queryKey: [...PURCHASE_HISTORY_KEY], queryFn: getPurchaseHistory, staleTime: 0, gcTime: 0 });
export const usePurchaseHistory = () => useQuery(getPurchaseHistoryQueryOptions());
