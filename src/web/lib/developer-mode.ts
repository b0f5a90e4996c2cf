import type { PublicUser } from '@shared/schemas/auth';
import { useDevMode } from './dev-mode';

/**
 * Developer mode as the check-in flow needs it (spec part 2 §2: Cancel is enabled only in developer mode):
 * the local switch of lib/dev-mode.ts counts only when the server offers developer tools to this user
 * (user.devTools), so a flag left in storage does nothing in production.
 */
export function useDeveloperMode(user: Pick<PublicUser, 'devTools'> | null | undefined): boolean {
  const on = useDevMode();
  return Boolean(user?.devTools) && on;
}
