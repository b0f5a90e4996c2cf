import { useEffect, type FormEvent } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { useSearchParams } from 'react-router';
import { ApiError } from '@web/lib/api-client';
import { currentUserQueryKey, useCurrentUser } from '@web/features/auth/api/get-current-user';
import { Button, ButtonLink } from '@web/components/ui/button';
import { useVerifyEmail } from '../api/verify-email';
import { EmailField, useEmailField } from '../components/email-field';
import { AuthLayout } from '../components/auth-layout';
import { useResendHandler } from '../hooks/use-resend-handler';

export const MISSING_VERIFY_TOKEN = 'This verification link is incomplete. Request a new one below.';

/** /verify-email?token=…: confirms the address once, then offers sign-in (or a new link). */
export default function VerifyEmailScreen() {
  const [params] = useSearchParams();
  const token = params.get('token') ?? '';
  const q = useVerifyEmail(token);
  const user = useCurrentUser().data;
  const qc = useQueryClient();
  // A signed-in user (signed in since sign-up: decision 037) reads the verified address at once: the banner goes.
  const verified = q.isSuccess;
  useEffect(() => {
    if (verified) void qc.invalidateQueries({ queryKey: currentUserQueryKey });
  }, [verified, qc]);

  if (token && q.isPending) {
    return (
      <AuthLayout title="Verifying Email">
        <p role="status" className="text-center text-muted">
          Checking your verification link...
        </p>
      </AuthLayout>
    );
  }
  if (q.isSuccess) {
    const to = user ? '/' : `/signin?email=${encodeURIComponent(q.data.email)}`;
    return (
      <AuthLayout title="Email Verified">
        <div role="status" className="rounded-xl border border-border bg-success-bg p-4 text-success-fg">
          {q.data.message}
        </div>
        <ButtonLink to={to} block className="mt-6">
          {user ? 'Go to Dashboard' : 'Sign In'}
        </ButtonLink>
      </AuthLayout>
    );
  }
  const failure = !token ? MISSING_VERIFY_TOKEN : q.error instanceof ApiError ? q.error.serverMessage : (q.error?.message ?? '');
  return (
    <AuthLayout title="Verification Failed">
      <div role="alert" className="rounded-xl border border-danger-text p-3 text-danger-text">
        {failure}
      </div>
      <ResendForm />
      <ButtonLink to={user ? '/' : '/signin'} variant="ghost" block className="mt-4">
        {user ? 'Back to Dashboard' : 'Back to Log In'}
      </ButtonLink>
    </AuthLayout>
  );
}

function ResendForm() {
  const email = useEmailField();
  const { resend, sending } = useResendHandler();
  const onSubmit = (e: FormEvent) => {
    e.preventDefault();
    // An empty or malformed address is reported here and never sent.
    email.setError(resend(email.value) ?? undefined);
  };
  return (
    <form noValidate onSubmit={onSubmit} className="mt-6 space-y-4" aria-label="Send a new verification link">
      <EmailField {...email} />
      <Button type="submit" block disabled={sending}>
        {sending ? 'Sending...' : 'Resend verification email'}
      </Button>
    </form>
  );
}
