import type { ServiceContext } from '@server/context';
import { CORRELATION_RULES, correlations } from '@shared/domain/correlations';
import { usesScale } from '@shared/domain/tiers';
import { INSIGHTS_MESSAGES, type CorrelationsResponse } from '@shared/schemas/insights';
import { forbidden } from '@server/errors';
import type { UserRow } from '@server/plugins/session';
import { correlationDays } from '../check-ins/service';
import { withCurrentTier } from '../subscriptions/service';

/** The findings of a user's latest check-ins (at most a year of them), for any tier: the coach reads them too. */
export async function findingsOf(ctx: ServiceContext, userId: string): Promise<CorrelationsResponse> {
  const { ready, checkInsNeeded, findings } = correlations(await correlationDays(ctx, userId, CORRELATION_RULES.maxHistory));
  return { ready, checkInsNeeded, findings: findings.map(({ a, b, lag, direction, effect, days, text }) => ({ a, b, lag, direction, effect, days, text })) };
}

/** GET /api/insights/correlations: premium and ai-coach (like Weekly Insights); others get 403 with the upgrade message. */
export async function correlationsFor(ctx: ServiceContext, user: UserRow): Promise<CorrelationsResponse> {
  if (!usesScale((await withCurrentTier(ctx, user)).tier)) throw forbidden(INSIGHTS_MESSAGES.correlationsPremiumOnly);
  return findingsOf(ctx, user.id);
}
