import type { ReactNode } from 'react';
import type { PublicUser } from '@shared/schemas/auth';
import { DeveloperModeChrome } from '../features/dev/components/developer-mode';
import { VerifyEmailBanner } from '../features/auth/components/verify-email-banner';

/**
 * What sits above a signed-in screen (often nothing), in one lazy chunk (the signed-out pages' budget, decision 033): the developer
 * mode banner, and until the address is verified the verification banner with Resend (decision 037).
 */
export function TopChrome({ user, extra }: { user: PublicUser; extra: ReactNode }) {
  return (
    <>
      {user.devTools && <DeveloperModeChrome user={user} extra={extra} />}
      {!user.emailVerified && <VerifyEmailBanner email={user.email} />}
    </>
  );
}
