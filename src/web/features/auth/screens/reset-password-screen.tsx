import { useState, type FormEvent } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { useQueryClient } from '@tanstack/react-query';
import { PASSWORD_HINT, passwordProblem } from '@shared/domain/auth-rules';
import { ApiError } from '@web/lib/api-client';
import { currentUserQueryKey } from '@web/features/auth/api/get-current-user';
import { wipeBrowserData } from '@web/lib/browser-data';
import { Button } from '@web/components/ui/button';
import { PasswordField } from '@web/components/ui/field';
import { toast } from '@web/components/ui/toast';
import { useResetPassword } from '../api/reset-password';
import { AuthLayout, BackToSignIn } from '../components/auth-layout';
import { detached } from '@web/lib/detached';

export const PASSWORDS_DIFFER = 'Passwords do not match';
export const MISSING_RESET_TOKEN = 'This password reset link is incomplete. Request a new one.';

/** /reset-password?token=…: set a new password with the sign-up rules, then sign in. */
export default function ResetPasswordScreen() {
  const [params] = useSearchParams();
  const token = params.get('token') ?? '';
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const [password, setPassword] = useState('');
  const [confirm, setConfirm] = useState('');
  const [errors, setErrors] = useState<{ password?: string; confirm?: string }>({});
  const [failure, setFailure] = useState<string | null>(token ? null : MISSING_RESET_TOKEN);
  const m = useResetPassword();

  const onSubmit = (e: FormEvent) => {
    e.preventDefault();
    const problem = passwordProblem(password);
    if (problem) return setErrors({ password: problem });
    if (password !== confirm) return setErrors({ confirm: PASSWORDS_DIFFER });
    setFailure(null);
    m.mutate(
      { token, password },
      {
        onSuccess: detached(async (a) => {
          // Every session of the account was revoked: forget the signed-in state, then sign in afresh.
          void wipeBrowserData('sign-out');
          await queryClient.invalidateQueries({ queryKey: currentUserQueryKey });
          toast({ title: 'Password Reset', description: a.message });
          void navigate('/signin');
        }),
        onError: (err) => setFailure(err instanceof ApiError ? err.serverMessage : err.message),
      },
    );
  };

  return (
    <AuthLayout title="Reset Password" subtitle="Choose a new password for your account.">
      {failure && (
        <div role="alert" className="mb-4 rounded-xl border border-danger-text p-3">
          <p className="text-danger-text">{failure}</p>
          <Link to="/forgot-password" className="text-link mt-1 inline-flex min-h-11 items-center">
            Request a new link
          </Link>
        </div>
      )}
      {token && (
        <form noValidate onSubmit={onSubmit} className="space-y-4" aria-label="Set a new password">
          <PasswordField
            label="New Password"
            autoComplete="new-password"
            hint={PASSWORD_HINT}
            value={password}
            error={errors.password}
            onChange={(e) => {
              setPassword(e.target.value);
              setErrors((x) => ({ ...x, password: undefined }));
            }}
          />
          <PasswordField
            label="Confirm New Password"
            autoComplete="new-password"
            value={confirm}
            error={errors.confirm}
            onChange={(e) => {
              setConfirm(e.target.value);
              setErrors((x) => ({ ...x, confirm: undefined }));
            }}
          />
          <Button type="submit" block disabled={m.isPending}>
            {m.isPending ? 'Resetting...' : 'Reset Password'}
          </Button>
        </form>
      )}
      <BackToSignIn />
    </AuthLayout>
  );
}
