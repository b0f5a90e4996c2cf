import { ApiError } from '../../../lib/api-client';
import { toast } from '../../../components/ui/toast';
import { useResendVerification } from '../api/resend-verification';

export const RESEND_MESSAGES = {
  noEmail: 'Please enter your email address first.',
  networkFailure: 'Failed to resend verification email. Please try again.',
} as const;

/** Resend verification with the spec's toasts (part 1 §8 "Resend verification"). */
export function useResendHandler(): { resend: (email: string) => void; sending: boolean } {
  const m = useResendVerification();
  const resend = (raw: string) => {
    const email = raw.trim();
    if (!email) {
      toast({ title: 'Error', description: RESEND_MESSAGES.noEmail, variant: 'destructive' });
      return;
    }
    m.mutate(email, {
      onSuccess: (a) => toast({ title: 'Email Sent', description: a.message }),
      onError: (err) =>
        toast({
          title: 'Error',
          description: err instanceof ApiError ? err.serverMessage : RESEND_MESSAGES.networkFailure,
          variant: 'destructive',
        }),
    });
  };
  return { resend, sending: m.isPending };
}
