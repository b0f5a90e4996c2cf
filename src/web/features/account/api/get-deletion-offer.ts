import { queryOptions } from '@tanstack/react-query';
import type { DeletionOffer } from '@shared/schemas/account';
import { api } from '@web/lib/api-client';

/** GET /api/user/deletion-offer → the one-time offer to show before deleting, or {offer: null}. Never cached. */
export const getDeletionOffer = () => api.get<DeletionOffer>('/api/user/deletion-offer');

export const getDeletionOfferQueryOptions = () =>
  queryOptions({ queryKey: ['account', 'deletion-offer'] as const, queryFn: getDeletionOffer, staleTime: 0, gcTime: 0 });
