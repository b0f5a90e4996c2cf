import { randomBytes } from 'node:crypto';
import { hashToken } from '@server/plugins/session';

/** A fresh e-mail link token (32 random bytes, base64url) and the SHA-256 stored in its place. */
export function newEmailToken(): { token: string; id: string } {
  const token = randomBytes(32).toString('base64url');
  return { token, id: hashToken(token) };
}

export { hashToken };

/** Stands for the token in a queued e-mail's link until the job sending it makes the token (safe in HTML and URLs). */
export const EMAIL_LINK_TOKEN = 'EMAIL-LINK-TOKEN';
