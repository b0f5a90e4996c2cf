import { useMutation } from '@tanstack/react-query';
import { api } from '@web/lib/api-client';

/** POST /api/stripe/test-checkout/:id/pay → {url} of the success page (as Stripe would return). */
export const payTestCheckout = (id: string) => api.post<{ url: string }>(`/api/stripe/test-checkout/${encodeURIComponent(id)}/pay`);
export const usePayTestCheckout = () => useMutation({ mutationFn: payTestCheckout, onSuccess: ({ url }) => window.location.assign(url) });
