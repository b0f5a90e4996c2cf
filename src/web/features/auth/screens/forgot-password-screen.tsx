import { useState, type FormEvent } from 'react';
import { validateSignIn } from '@shared/domain/auth-rules';
import { Button } from '@web/components/ui/button';
import { toastError } from '@web/components/ui/toast';
import { useForgotPassword } from '../api/forgot-password';
import { EmailField, useEmailField } from '../components/email-field';
import { AuthLayout, BackToSignIn } from '../components/auth-layout';

/** /forgot-password: request a reset link by e-mail (DECISIONS.md). */
export default function ForgotPasswordScreen() {
  const email = useEmailField();
  const [sent, setSent] = useState<string | null>(null);
  const m = useForgotPassword();

  const onSubmit = (e: FormEvent) => {
    e.preventDefault();
    const problem = validateSignIn({ email: email.value, password: 'x' }).email;
    if (problem) {
      email.setError(problem);
      return;
    }
    m.mutate(email.value.trim(), { onSuccess: (a) => setSent(a.message), onError: (err) => toastError(err) });
  };

  return (
    <AuthLayout title="Forgot Password" subtitle="We'll email you a link to set a new password.">
      {sent ? (
        <div role="status" className="rounded-xl border border-border bg-surface p-4">
          <p>{sent}</p>
          <p className="mt-2 text-sm text-muted">The link works once and expires after 1 hour.</p>
        </div>
      ) : (
        <form noValidate onSubmit={onSubmit} className="space-y-4" aria-label="Request a password reset link">
          <EmailField {...email} />
          <Button type="submit" block disabled={m.isPending}>
            {m.isPending ? 'Sending...' : 'Send Reset Link'}
          </Button>
        </form>
      )}
      <BackToSignIn />
    </AuthLayout>
  );
}
