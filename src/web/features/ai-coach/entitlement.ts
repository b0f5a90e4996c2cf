import { hasAiCoach } from '@shared/domain/tiers';
import { useCurrentUser } from '@web/features/auth/api/get-current-user';
import { useSubscription } from '@web/features/subscriptions/api/get-subscription';

/**
 * Whether the signed-in user has the AI Coach: the subscription (always fetched afresh, so a trial that just
 * started or ended counts at once), or the cached user's tier until it arrives.
 */
export function useHasAiCoach(): boolean {
  const user = useCurrentUser().data;
  const sub = useSubscription().data;
  const tier = sub?.tier ?? user?.tier;
  return !!tier && hasAiCoach(tier);
}
