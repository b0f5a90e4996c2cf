import { useMutation } from '@tanstack/react-query';
import { api } from '@web/lib/api-client';

/** POST /api/stripe/portal → {url} of Stripe's customer portal (manage card, invoices, cancellation). */
export const openBillingPortal = () => api.post<{ url: string }>('/api/stripe/portal');
export const useBillingPortal = () => useMutation({ mutationFn: openBillingPortal, onSuccess: ({ url }) => window.location.assign(url) });
