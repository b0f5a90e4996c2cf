import { useEffect, useRef, useState, type FormEvent } from 'react';
import { useNavigate, useSearchParams } from 'react-router';
import { useQueryClient } from '@tanstack/react-query';
import { PASSWORD_HINT, validateSignUp, type SignUpField } from '@shared/domain/auth-rules';
import { ApiError } from '@web/lib/api-client';
import { currentUserQueryKey } from '@web/features/auth/api/get-current-user';
import { browserTimezone } from '@web/lib/dates';
import { setLoginFlags, setSignUpFlags, writeSessionCache } from '@web/lib/session-cache';
import { Button, ButtonLink } from '@web/components/ui/button';
import { PasswordField, TextField } from '@web/components/ui/field';
import { hideOverlay, showOverlay } from '@web/components/ui/loading-overlay';
import { toast } from '@web/components/ui/toast';
import { EmailField } from '../components/email-field';
import { useSignUp } from '../api/sign-up';
import { AuthLayout } from '../components/auth-layout';
import { GoogleButton } from '../components/google-button';
import { useGoogleQueryError } from '../hooks/use-google-query-error';

/** Spec §9: redirect after a sign-up conflict. */
export const CONFLICT_REDIRECT_MS = 2_000;
const HANDLED_ERRORS = ['google_2fa_error', 'google_auth_failed'] as const;

/** /signup (spec part 1 §2.4, §4.3, §5, §8). */
export default function SignUpScreen() {
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const [values, setValues] = useState({ firstName: '', email: params.get('email') ?? '', password: '' });
  const [fieldError, setFieldError] = useState<{ field: SignUpField; message: string } | null>(null);
  const [formError, setFormError] = useState<string | null>(null);
  const signUp = useSignUp();
  const timers = useRef<number[]>([]);

  useGoogleQueryError(HANDLED_ERRORS);
  useEffect(() => {
    const list = timers.current;
    return () => {
      list.forEach((t) => window.clearTimeout(t));
      hideOverlay();
    };
  }, []);

  const onEdit = (field: SignUpField, value: string) => {
    setValues((v) => ({ ...v, [field]: value }));
    if (fieldError?.field === field) setFieldError(null);
  };
  const errorFor = (field: SignUpField) => (fieldError?.field === field ? fieldError.message : undefined);

  const onSubmit = (e: FormEvent) => {
    e.preventDefault();
    if (signUp.isPending) return;
    setFormError(null);
    const problem = validateSignUp(values);
    if (problem) {
      setFieldError(problem);
      return;
    }
    const email = values.email.trim();
    showOverlay('logging-in');
    signUp.mutate(
      { firstName: values.firstName.trim(), email, password: values.password, timezone: browserTimezone() },
      {
        // Signed in at once (docs/decisions/037): the overlay stays while the browser loads the dashboard, where a
        // banner asks for the verification link until the address is verified.
        onSuccess: (answer) => {
          writeSessionCache(answer.user);
          setSignUpFlags();
          setLoginFlags();
          void queryClient.invalidateQueries({ queryKey: currentUserQueryKey });
          window.location.assign('/');
        },
        onError: (err) => {
          hideOverlay();
          if (err instanceof ApiError && err.status === 409) {
            toast({
              title: 'Email Already Registered',
              description: 'This email is already registered. Redirecting to login...',
              variant: 'destructive',
            });
            const to = `/signin?email=${encodeURIComponent(email)}`;
            timers.current.push(window.setTimeout(() => void navigate(to), CONFLICT_REDIRECT_MS));
            return;
          }
          const message = (err instanceof ApiError ? err.serverMessage : err.message) || 'An unexpected error occurred';
          setFormError(message);
          toast({ title: 'Registration Failed', description: message, variant: 'destructive' });
        },
      },
    );
  };

  return (
    <AuthLayout title="Join Big 7" subtitle="Start your wellness journey today">
      {formError && (
        <div role="alert" className="mb-4 rounded-xl border border-danger-text p-3 text-danger-text">
          {formError}
        </div>
      )}
      <form noValidate onSubmit={onSubmit} className="space-y-4" aria-label="Create your account">
        <TextField
          label="First Name"
          name="firstName"
          autoComplete="given-name"
          value={values.firstName}
          error={errorFor('firstName')}
          onChange={(e) => onEdit('firstName', e.target.value)}
        />
        <EmailField value={values.email} error={errorFor('email')} onValueChange={(v) => onEdit('email', v)} />
        <PasswordField
          label="Password"
          name="password"
          autoComplete="new-password"
          hint={PASSWORD_HINT}
          value={values.password}
          error={errorFor('password')}
          onChange={(e) => onEdit('password', e.target.value)}
        />
        <Button type="submit" block disabled={signUp.isPending}>
          {signUp.isPending ? 'Creating Account...' : 'Create Account'}
        </Button>
      </form>
      <GoogleButton flow="signup" label="Sign up with Google" />
      <ButtonLink to="/" variant="ghost" block className="mt-4">
        Back to Welcome
      </ButtonLink>
    </AuthLayout>
  );
}
