import { useMutation } from '@tanstack/react-query';
import type { PaymentType, ProcessPaymentResult } from '@shared/schemas/payments';
import { api } from '@web/lib/api-client';

/** POST /api/stripe/process-payment {sessionId, paymentType}: the server asks the provider; only success or failure is used. */
export const processPayment = (sessionId: string, paymentType: PaymentType) =>
  api.post<ProcessPaymentResult>('/api/stripe/process-payment', { sessionId, paymentType });

export const useProcessPayment = () =>
  useMutation({ mutationFn: ({ sessionId, paymentType }: { sessionId: string; paymentType: PaymentType }) => processPayment(sessionId, paymentType) });
