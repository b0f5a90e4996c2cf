import type { ServiceContext } from '@server/context';
import { CodeChallengeMethod, OAuth2Client, generateCodeVerifier, generateState } from 'arctic';
import { z } from 'zod';
import type { AppConfig } from '@server/config';
import * as repo from './repo';

export const GOOGLE_SCOPES = ['openid', 'email', 'profile'];
/** How long the state, code verifier, flow and timezone cookies live. */
export const GOOGLE_COOKIE_TTL_S = 10 * 60;

export const GOOGLE_MESSAGES = {
  notConfigured: 'Google sign-in is not configured on this server.',
  denied: 'Google sign-in was cancelled. Please try again.',
  providerError: 'Google authentication failed. Please try again.',
  stateMismatch: 'Your Google sign-in session expired or could not be verified. Please try again.',
  tokenFailed: 'Google authentication failed. Please try again.',
  accountFailed: 'Failed to create your account. Please try again.',
  emailNotVerified:
    "Your Google account's e-mail address is not verified. Verify it with Google or sign up with e-mail.",
  sessionFailed: 'Session setup failed. Please try again.',
} as const;

export type GoogleConfig = NonNullable<AppConfig['google']>;

export function redirectUri(config: AppConfig): string {
  return `${config.appUrl}/api/auth/google/callback`;
}

function client(config: AppConfig, google: GoogleConfig): OAuth2Client {
  return new OAuth2Client(google.clientId, google.clientSecret, redirectUri(config));
}

/** The provider URL to send the browser to, plus the secrets kept in short-lived cookies. */
export function startGoogleAuth(config: AppConfig, google: GoogleConfig): { url: string; state: string; codeVerifier: string } {
  const state = generateState();
  const codeVerifier = generateCodeVerifier();
  const url = client(config, google).createAuthorizationURLWithPKCE(
    google.authUrl,
    state,
    CodeChallengeMethod.S256,
    codeVerifier,
    GOOGLE_SCOPES,
  );
  url.searchParams.set('prompt', 'select_account');
  return { url: url.toString(), state, codeVerifier };
}

const googleProfileSchema = z.object({
  sub: z.string().min(1).max(255),
  email: z.string().min(3).max(254),
  email_verified: z.union([z.boolean(), z.enum(['true', 'false']).transform((v) => v === 'true')]).optional(),
  given_name: z.string().max(200).optional(),
  family_name: z.string().max(200).optional(),
  name: z.string().max(400).optional(),
  picture: z.string().max(2000).optional(),
});
export type GoogleProfile = z.infer<typeof googleProfileSchema>;

/** Exchanges the code (with the PKCE verifier) and reads the user's profile. Throws on any failure. */
export async function fetchGoogleProfile(
  config: AppConfig,
  google: GoogleConfig,
  code: string,
  codeVerifier: string,
): Promise<GoogleProfile> {
  const tokens = await client(config, google).validateAuthorizationCode(google.tokenUrl, code, codeVerifier);
  const res = await fetch(google.userInfoUrl, {
    headers: { Authorization: `Bearer ${tokens.accessToken()}`, Accept: 'application/json' },
    signal: AbortSignal.timeout(10_000),
  });
  if (!res.ok) throw new Error(`userinfo answered ${res.status}`);
  return googleProfileSchema.parse(await res.json());
}

export class GoogleAccountError extends Error {}

const truncate = (s: string | undefined, n: number) => (s ? s.slice(0, n) : undefined);

/**
 * The account for a Google identity whose e-mail Google has verified (any other is refused: an unverified
 * address proves nothing about who owns it): found by Google id; else linked to the account with the same
 * e-mail; else created.
 */
export async function findOrCreateGoogleUser(
  ctx: ServiceContext,
  profile: GoogleProfile,
  timezone: string | undefined,
): Promise<repo.UserRow> {
  if (profile.email_verified !== true) throw new GoogleAccountError(GOOGLE_MESSAGES.emailNotVerified);
  const now = ctx.now();
  const email = profile.email.trim().toLowerCase();
  const bySub = await repo.findUserByGoogleSub(ctx.db, profile.sub);
  if (bySub) {
    // A link made before it had to be proven is proven now that Google vouches for the account's own address.
    if (bySub.googleLinkVerified || bySub.email !== email) return bySub;
    return (await repo.updateUser(ctx.db, bySub.id, { googleLinkVerified: true, updatedAt: now })) ?? bySub;
  }
  const byEmail = await repo.findUserByEmail(ctx.db, email);
  if (byEmail) {
    const linked = await repo.updateUser(ctx.db, byEmail.id, {
      googleSub: profile.sub,
      googleLinkVerified: true,
      // A password set on a never-verified account was not set by a proven owner of the address (it may be
      // someone who registered it first): linking must not turn it into a working password.
      ...(byEmail.emailVerifiedAt ? {} : { passwordHash: null }),
      emailVerifiedAt: byEmail.emailVerifiedAt ?? now,
      profileImageUrl: byEmail.profileImageUrl ?? profile.picture ?? null,
      lastName: byEmail.lastName ?? truncate(profile.family_name, 100) ?? null,
      updatedAt: now,
    });
    if (!linked) throw new GoogleAccountError(GOOGLE_MESSAGES.accountFailed);
    return linked;
  }
  const firstName =
    truncate(profile.given_name?.trim(), 100) || truncate(profile.name?.trim(), 100) || email.split('@')[0] || 'Friend';
  return repo.insertUser(ctx.db, {
    email,
    passwordHash: null,
    firstName,
    lastName: truncate(profile.family_name, 100) ?? null,
    profileImageUrl: profile.picture ?? null,
    provider: 'google',
    googleSub: profile.sub,
    googleLinkVerified: true,
    timezone: timezone ?? 'UTC',
    emailVerifiedAt: now,
    createdAt: now,
    updatedAt: now,
  });
}
