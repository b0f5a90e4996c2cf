import { Button } from '@web/components/ui/button';
import { browserTimezone } from '@web/lib/dates';
import { googleSignInUrl, useProviders } from '../api/get-providers';
import { Divider } from './auth-layout';

/**
 * 'Login with Google' / 'Sign up with Google', shown only when the server has Google sign-in configured
 * (DECISIONS: "Google sign-in is hidden or explains it is not configured"; a person cannot act on a server's
 * configuration, so it is hidden).
 */
export function GoogleButton({ flow, label }: { flow: 'signup' | 'login'; label: string }) {
  const providers = useProviders();
  if (providers.data?.google !== true) return null;
  return (
    <div>
      <Divider />
      <Button
        variant="outline"
        block
        onClick={() => window.location.assign(googleSignInUrl(flow, browserTimezone()))}
      >
        <svg aria-hidden="true" viewBox="0 0 24 24" width="20" height="20">
          <path fill="#4285F4" d="M22.5 12.3c0-.8-.1-1.5-.2-2.3H12v4.3h5.9a5 5 0 0 1-2.2 3.3v2.7h3.5c2-1.9 3.3-4.7 3.3-8z" />
          <path fill="#34A853" d="M12 23c3 0 5.5-1 7.2-2.7l-3.5-2.7c-1 .7-2.2 1.1-3.7 1.1-2.9 0-5.3-1.9-6.2-4.5H2.2v2.8A11 11 0 0 0 12 23z" />
          <path fill="#FBBC05" d="M5.8 14.2a6.6 6.6 0 0 1 0-4.3V7.1H2.2a11 11 0 0 0 0 9.9l3.6-2.8z" />
          <path fill="#EA4335" d="M12 5.4c1.6 0 3.1.6 4.2 1.7l3.1-3.1A11 11 0 0 0 2.2 7.1l3.6 2.8C6.7 7.3 9.1 5.4 12 5.4z" />
        </svg>
        {label}
      </Button>
    </div>
  );
}
