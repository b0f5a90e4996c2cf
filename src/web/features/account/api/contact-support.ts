import { useMutation } from '@tanstack/react-query';
import type { SupportContact } from '@shared/schemas/account';
import { api } from '@web/lib/api-client';

/** POST /api/support/contact {subject, message} → {message}. */
export const contactSupport = (body: SupportContact) => api.post<{ message: string }>('/api/support/contact', body);

export function useContactSupport() {
  return useMutation({ mutationFn: contactSupport });
}
