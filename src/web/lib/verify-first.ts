import { ApiError } from './api-client';

/**
 * The server's sentence when an action waits for a verified e-mail address (403 with requiresVerification,
 * docs/decisions/037), for the screen to show in place of a failure toast; null for any other failure. Apart from
 * api-client.ts so the signed-out pages do not carry it.
 */
export function verifyFirstMessage(err: unknown): string | null {
  return err instanceof ApiError && err.status === 403 && err.requiresVerification ? err.serverMessage : null;
}
