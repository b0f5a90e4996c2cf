import { useMutation } from '@tanstack/react-query';
import { api } from '@web/lib/api-client';

/** POST /api/stripe/test-checkout/:id/cancel → {url} of the cancel page (…?payment=cancelled). */
export const cancelTestCheckout = (id: string) => api.post<{ url: string }>(`/api/stripe/test-checkout/${encodeURIComponent(id)}/cancel`);
export const useCancelTestCheckout = () => useMutation({ mutationFn: cancelTestCheckout, onSuccess: ({ url }) => window.location.assign(url) });
