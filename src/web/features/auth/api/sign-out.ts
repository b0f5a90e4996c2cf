import type { QueryClient } from '@tanstack/react-query';
import { api } from '@web/lib/api-client';
import { wipeBrowserData } from '@web/lib/browser-data';

/**
 * Sign-out (spec part 1 §4.1, part 2 §4): POST /api/auth/logout, then the cache is cleared and the app
 * goes to / — also when the call fails (the failure is only logged).
 */
export async function signOut(client: QueryClient, go: (to: string) => void = (to) => window.location.assign(to)): Promise<void> {
  try {
    await api.post('/api/auth/logout');
  } catch (err) {
    console.warn('Sign-out call failed; signing out locally', err);
  }
  // Awaited (it never rejects): the navigation below must not cut short the deletion of the API read cache.
  await wipeBrowserData('sign-out');
  client.clear();
  go('/');
}
