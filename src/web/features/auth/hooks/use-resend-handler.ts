import { emailProblem } from '@shared/domain/auth-rules';
import { ApiError } from '@web/lib/api-client';
import { toast } from '@web/components/ui/toast';
import { useResendVerification } from '../api/resend-verification';

export const RESEND_MESSAGES = {
  noEmail: 'Please enter your email address first.',
  networkFailure: 'Failed to resend verification email. Please try again.',
} as const;

/**
 * Checks the typed address before anything is sent: empty gives 'Please enter your email address first.'
 * (spec part 1 §8), a wrong shape 'Please enter a valid email address' (§5). Only a plausible address
 * (trimmed) reaches `send`. Returns the problem, or null when it sent.
 */
export function resendIfValid(raw: string, send: (email: string) => void): string | null {
  const problem = emailProblem(raw, RESEND_MESSAGES.noEmail);
  if (problem) return problem;
  send(raw.trim());
  return null;
}

/**
 * Resend verification with the spec's toasts (part 1 §8 "Resend verification") for the server's answer. `resend`
 * returns the problem with the typed address, or null when the request went out: the screen shows that problem on
 * its e-mail field, once (a toast would repeat it over the form).
 */
export function useResendHandler(): { resend: (email: string) => string | null; sending: boolean } {
  const m = useResendVerification();
  const resend = (raw: string) =>
    resendIfValid(
      raw,
      (email) =>
        m.mutate(email, {
          onSuccess: (a) => toast({ title: 'Email Sent', description: a.message }),
          onError: (err) =>
            toast({
              title: 'Error',
              description: err instanceof ApiError ? err.serverMessage : RESEND_MESSAGES.networkFailure,
              variant: 'destructive',
            }),
        }),
    );
  return { resend, sending: m.isPending };
}
