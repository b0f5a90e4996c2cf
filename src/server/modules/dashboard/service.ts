import type { Dashboard } from '@shared/schemas/dashboard';
import type { ServiceContext } from '@server/context';
import type { UserRow } from '@server/plugins/session';
import { toPublicUser } from '../auth/public-user';
import * as checkIns from '../check-ins/service';
import * as streaks from '../streaks/service';
import * as subscriptions from '../subscriptions/service';
import { readUserState } from '../user-state/service';

/**
 * GET /api/dashboard: the answers of GET /api/auth/user, /api/checkins/today, /api/streak and /api/subscription
 * from the user's state (user-state: ONE read, cached while a change feed keeps it fresh), each part built by its
 * owner's pure view builder — the same builders those endpoints use; tests hold the answers equal.
 *
 * Returns null when something is due that those endpoints bring up to date on read (see readUserState); the caller
 * then answers through the spec services (routes.ts).
 */
export async function readDashboard(ctx: ServiceContext, signedIn: Pick<UserRow, 'id' | 'timezone'>): Promise<Dashboard | null> {
  const s = await readUserState(ctx, signedIn);
  if (!s) return null;
  return {
    user: toPublicUser(s.rows.user, ctx.config),
    today: checkIns.todayFromState(s),
    streak: streaks.streakFromState(s),
    subscription: subscriptions.subscriptionFromState(s),
  };
}
