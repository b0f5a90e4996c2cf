import { queryOptions, useQuery } from '@tanstack/react-query';
import type { TestCheckoutSession } from '@shared/schemas/payments';
import { api } from '@web/lib/api-client';

/** GET /api/stripe/test-checkout/:id → the TEST MODE session (product, price, status); 404 when Stripe is configured. */
export const getTestCheckout = (id: string) => api.get<TestCheckoutSession>(`/api/stripe/test-checkout/${encodeURIComponent(id)}`);
export const getTestCheckoutQueryOptions = (id: string) =>
  queryOptions({ queryKey: ['test-checkout', id], queryFn: () => getTestCheckout(id), staleTime: 0, gcTime: 0 });
export const useTestCheckout = (id: string) => useQuery({ ...getTestCheckoutQueryOptions(id), enabled: id !== '' });
