import { randomBytes } from 'node:crypto';
import { hashToken } from '@server/plugins/session';

/** A fresh e-mail link token (32 random bytes, base64url) and the SHA-256 stored in its place. */
export function newEmailToken(): { token: string; id: string } {
  const token = randomBytes(32).toString('base64url');
  return { token, id: hashToken(token) };
}

export { hashToken };
