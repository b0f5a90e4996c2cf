import { useState } from 'react';
import { ApiError } from '@web/lib/api-client';
import { Button } from '@web/components/ui/button';
import { useResendVerification } from '../api/resend-verification';
import { RESEND_MESSAGES } from '../hooks/use-resend-handler';

export const VERIFY_BANNER_TEXTS = {
  ask: (email: string) => `Please verify your email: we sent a link to ${email}.`,
  why: 'Purchases and support messages wait for it.',
  resend: 'Resend',
  sending: 'Sending...',
} as const;

/**
 * The slim banner a signed-in user sees until the address is verified (docs/decisions/037): what to do, and Resend
 * (the same rate-limited resend as the sign-in screen's). Its answer is said in the banner, not in a toast.
 */
export function VerifyEmailBanner({ email }: { email: string }) {
  const resend = useResendVerification();
  const [answer, setAnswer] = useState<string | null>(null);
  const onResend = () =>
    resend.mutate(email, {
      onSuccess: (a) => setAnswer(a.message),
      onError: (err) => setAnswer(err instanceof ApiError ? err.serverMessage : RESEND_MESSAGES.networkFailure),
    });
  return (
    <section
      aria-label="Email verification"
      data-testid="verify-email-banner"
      className="border-b border-border bg-surface-2 px-4 py-2 text-sm text-fg lg:pl-28"
    >
      <div className="mx-auto flex max-w-2xl flex-wrap items-center justify-between gap-x-3 gap-y-1">
        <p className="min-w-0 flex-1 break-words">
          {VERIFY_BANNER_TEXTS.ask(email)} <span className="text-muted">{VERIFY_BANNER_TEXTS.why}</span>
        </p>
        <Button variant="outline" className="min-h-11 px-3 py-1 text-sm" onClick={onResend} disabled={resend.isPending}>
          {resend.isPending ? VERIFY_BANNER_TEXTS.sending : VERIFY_BANNER_TEXTS.resend}
        </Button>
        <p role="status" className="w-full text-muted empty:hidden">
          {answer ?? ''}
        </p>
      </div>
    </section>
  );
}
