import type { QueryClient } from '@tanstack/react-query';
import { currentUserQueryKey } from '@web/features/auth/api/get-current-user';
import { clearSessionCache } from '../lib/session-cache';

/**
 * The signed-out pages prerendered at build time (decision 029): `/`, the sign-in and sign-up forms, the password
 * and e-mail links' screens and the legal texts. The server sends a path's markup inside `#root` only to a request
 * without a live session and without a query string (a screen that reads the query renders differently), and the
 * client hydrates it (main.tsx); every other page starts with an empty `#root` and is rendered by the client.
 */
export const PRERENDERED_PATHS = ['/', '/signin', '/login', '/signup', '/forgot-password', '/reset-password', '/verify-email', '/privacy', '/terms'] as const;

/**
 * A prerendered page was sent because the server found no live session: the app starts as a visitor's, as the
 * markup was rendered (the session check's answer is known, so it is not asked again, and a session cache left by
 * an expired session is dropped). Called before the first render, on the client (hydration) and at build time.
 */
export function startAsVisitor(client: QueryClient): void {
  clearSessionCache();
  client.setQueryData(currentUserQueryKey, null);
}
