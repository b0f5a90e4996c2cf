import { useEffect } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { ButtonLink } from '@web/components/ui/button';
import { Logo } from '@web/components/ui/logo';

/** Spec §9: the Google error banner stays 10 s, then the query string is cleared. */
export const GOOGLE_BANNER_MS = 10_000;
export const TWO_FACTOR_HINT = 'Complete your 2FA verification and try again';

export const WELCOME_GOOGLE_ERRORS: Record<string, string> = {
  account_creation_failed: 'Failed to create your account. Please try again.',
  authentication_failed: 'Google authentication failed. Please try again.',
  session_failed: 'Session setup failed. Please try again.',
  // Shown instead of the server's words (written for whoever runs the server): what the person can do now.
  google_not_configured: 'Google sign-in isn’t available here. You can sign up or log in with your email address and a password instead.',
};
export const TWO_FACTOR_TEXT =
  'Google authentication requires two-factor verification. Please complete it with Google and try again.';

/** The banner text for a Google error on the welcome screen (the server message wins when present). */
export function googleBannerText(error: string, message: string | null, retry: string | null): string {
  if (error === 'authentication_failed' && retry === 'true') return TWO_FACTOR_TEXT;
  if (error === 'google_not_configured') return WELCOME_GOOGLE_ERRORS.google_not_configured!;
  return message || WELCOME_GOOGLE_ERRORS[error] || 'Google sign-in failed. Please try again.';
}

/** / for visitors (spec part 1 §2.2). */
export default function WelcomeScreen() {
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const error = params.get('error');
  const provider = params.get('provider');
  const banner = error && provider === 'google' ? googleBannerText(error, params.get('message'), params.get('retry')) : null;

  useEffect(() => {
    if (!banner) return;
    const t = window.setTimeout(() => void navigate('/', { replace: true }), GOOGLE_BANNER_MS);
    return () => window.clearTimeout(t);
  }, [banner, navigate]);

  return (
    <main id="main" className="mx-auto flex min-h-dvh w-full max-w-md flex-col items-center justify-center px-4 py-10 text-center">
      {banner && (
        <div role="alert" data-testid="google-error-banner" className="mb-8 w-full rounded-xl border border-danger-text bg-surface p-4 text-left">
          <p className="font-semibold text-danger-text">{banner}</p>
          {/two-factor/i.test(banner) && <p className="mt-1 text-sm">{TWO_FACTOR_HINT}</p>}
        </div>
      )}
      <Logo size={160} title="Big 7 logo" />
      <h1 className="mt-6 text-4xl font-extrabold tracking-tight">Big 7</h1>
      <p className="mt-3 text-lg text-muted">
        Rate the seven areas of your wellbeing in two minutes a day, keep your streak and see where you stand.
      </p>
      <div className="mt-10 flex w-full flex-col gap-3">
        <ButtonLink to="/signup" block>
          Sign Up
        </ButtonLink>
        <ButtonLink to="/login" variant="outline" block>
          Login
        </ButtonLink>
      </div>
      <nav aria-label="Legal" className="mt-10 flex gap-4 text-sm">
        <Link to="/privacy" className="text-link inline-flex min-h-11 items-center">
          Privacy Policy
        </Link>
        <Link to="/terms" className="text-link inline-flex min-h-11 items-center">
          Terms of Service
        </Link>
      </nav>
    </main>
  );
}
