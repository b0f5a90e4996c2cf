import { useEffect, useRef, useState, type FormEvent } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { validateSignIn, type SignInField } from '@shared/domain/auth-rules';
import { ApiError } from '@web/lib/api-client';
import { setLoginFlags, writeSessionCache } from '@web/lib/session-cache';
import { Button, ButtonLink } from '@web/components/ui/button';
import { PasswordField } from '@web/components/ui/field';
import { showOverlay } from '@web/components/ui/loading-overlay';
import { toast } from '@web/components/ui/toast';
import { EmailField } from '../components/email-field';
import { useSignIn } from '../api/sign-in';
import { AuthLayout } from '../components/auth-layout';
import { GoogleButton } from '../components/google-button';
import { VerificationNotice } from '../components/verification-notice';
import { useGoogleQueryError } from '../hooks/use-google-query-error';
import { useResendHandler } from '../hooks/use-resend-handler';

/** Spec §9 delays. */
export const SIGN_IN_REDIRECT_MS = 500;
export const NO_USER_REDIRECT_MS = 3_000;

const HANDLED_ERRORS = ['google_2fa_error', 'google_login_failed', 'google_auth_failed'] as const;

export const SIGN_IN_TOASTS = {
  verification: {
    title: 'Email Verification Required',
    description: 'Please verify your email address before signing in. Check your inbox for the verification link.',
  },
  checkEmail: {
    title: 'Check Your Email',
    description: 'We sent you a verification link. Click it, then sign in here.',
  },
  notFound: { title: 'Account Not Found', description: "We don't know this email yet. Let's create your account!" },
} as const;

/** /signin and /login (spec part 1 §2.3, §4.2, §5, §8). */
export default function SignInScreen() {
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const [email, setEmail] = useState(params.get('email') ?? '');
  const [password, setPassword] = useState('');
  const [errors, setErrors] = useState<Partial<Record<SignInField, string>>>({});
  const [needsVerification, setNeedsVerification] = useState(params.get('verification') === 'pending');
  const [succeeded, setSucceeded] = useState(false);
  const signIn = useSignIn();
  const { resend, sending } = useResendHandler();
  const timers = useRef<number[]>([]);
  const announced = useRef(false);

  useGoogleQueryError(HANDLED_ERRORS);

  useEffect(() => {
    if (announced.current) return;
    announced.current = true;
    // With verification=pending the yellow box says it all (with the 'Check Your Email' words at its top): no
    // toast repeats it over the form.
  }, [params]);

  useEffect(() => {
    const list = timers.current;
    return () => list.forEach((t) => window.clearTimeout(t));
  }, []);

  const onEdit = (field: SignInField, value: string) => {
    if (field === 'email') setEmail(value);
    else setPassword(value);
    if (errors[field]) setErrors((e) => ({ ...e, [field]: undefined }));
  };

  const onFailure = (err: Error) => {
    const message = err instanceof ApiError ? err.serverMessage : err.message;
    if (err instanceof ApiError && (err.status === 403 || err.requiresVerification)) {
      // The yellow 'Email Verification Required' box appears (and is announced); a red toast would only repeat it
      // over the password field and the Log In button.
      setNeedsVerification(true);
      return;
    }
    if (/No user found|Please register first/i.test(message)) {
      toast({ ...SIGN_IN_TOASTS.notFound, variant: 'destructive' });
      const to = `/signup?email=${encodeURIComponent(email.trim())}`;
      timers.current.push(window.setTimeout(() => void navigate(to), NO_USER_REDIRECT_MS));
      return;
    }
    if (/Wrong password/i.test(message)) {
      toast({ title: 'Wrong Password', description: message, variant: 'destructive' });
      return;
    }
    if (/Google/.test(message)) {
      toast({ title: 'Use Google Login', description: message, variant: 'destructive' });
      return;
    }
    toast({ title: 'Error', description: message || 'Sign in failed', variant: 'destructive' });
  };

  const onSubmit = (e: FormEvent) => {
    e.preventDefault();
    if (signIn.isPending || succeeded) return;
    const found = validateSignIn({ email, password });
    if (found.email || found.password) {
      setErrors(found);
      return;
    }
    signIn.mutate(
      { email: email.trim(), password },
      {
        onSuccess: (answer) => {
          setSucceeded(true);
          writeSessionCache(answer.user);
          setLoginFlags();
          showOverlay('logging-in');
          timers.current.push(window.setTimeout(() => window.location.assign('/?login=success'), SIGN_IN_REDIRECT_MS));
        },
        onError: onFailure,
      },
    );
  };

  // The verification box resends to the address typed above; an empty or malformed one shows on that field.
  const onResend = () => {
    const problem = resend(email);
    if (problem) setErrors((e) => ({ ...e, email: problem }));
  };

  const busy = signIn.isPending || succeeded;
  return (
    <AuthLayout title="Log In" subtitle="Welcome back to Big 7">
      {needsVerification && (
        <VerificationNotice onResend={onResend} sending={sending} lead={params.get('verification') === 'pending' ? SIGN_IN_TOASTS.checkEmail : undefined} />
      )}
      <form noValidate onSubmit={onSubmit} className="space-y-4" aria-label="Log in">
        <EmailField value={email} error={errors.email} onValueChange={(v) => onEdit('email', v)} />
        <PasswordField
          label="Password"
          name="password"
          autoComplete="current-password"
          value={password}
          error={errors.password}
          onChange={(e) => onEdit('password', e.target.value)}
        />
        <div className="text-right">
          <Link to="/forgot-password" className="text-link inline-flex min-h-11 items-center">
            Forgot your password?
          </Link>
        </div>
        <Button type="submit" block disabled={busy}>
          {busy ? 'Signing In...' : 'Log In'}
        </Button>
      </form>
      <GoogleButton flow="login" label="Login with Google" />
      <p className="mt-6 text-center">
        Don&apos;t have an account?{' '}
        <Link to="/signup" className="text-link inline-flex min-h-11 items-center">
          Create one here
        </Link>
      </p>
      <ButtonLink to="/" variant="ghost" block className="mt-2">
        Back to Welcome
      </ButtonLink>
    </AuthLayout>
  );
}
