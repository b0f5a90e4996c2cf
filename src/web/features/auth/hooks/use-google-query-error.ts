import { useEffect, useRef } from 'react';
import { useSearchParams } from 'react-router';
import { toast } from '@web/components/ui/toast';

/** Spec §9: the Google 2FA toast stays 10 s. */
export const GOOGLE_2FA_TOAST_MS = 10_000;

const GOOGLE_TOASTS: Record<string, { title: string; description: string; duration?: number }> = {
  google_2fa_error: {
    title: 'Google Sign-in Issue',
    description:
      'Google asked for extra verification that could not be completed. Sign out of Google fully and try again, or use email registration instead.',
    duration: GOOGLE_2FA_TOAST_MS,
  },
  google_auth_failed: {
    title: 'Google Sign-in Failed',
    description: 'We could not sign you in with Google. Please try again or use your email address.',
  },
  google_login_failed: {
    title: 'Google Sign-in Failed',
    description: 'We could not sign you in with Google. Please try again or use your email address.',
  },
};

/** Toasts once for an `error` query parameter on the sign-in and sign-up screens, then removes it. */
export function useGoogleQueryError(handled: readonly string[]): void {
  const [params, setParams] = useSearchParams();
  const done = useRef(false);
  useEffect(() => {
    if (done.current) return;
    const error = params.get('error');
    if (!error) return;
    done.current = true;
    const known = handled.includes(error) ? GOOGLE_TOASTS[error] : undefined;
    const message = params.get('message');
    toast({
      title: known?.title ?? 'Error',
      description: known?.description ?? message ?? 'Something went wrong. Please try again.',
      variant: 'destructive',
      duration: known?.duration,
    });
    const next = new URLSearchParams(params);
    next.delete('error');
    next.delete('message');
    next.delete('provider');
    setParams(next, { replace: true });
  }, [params, setParams, handled]);
}
