import { withNow, type ServiceContext } from '@server/context';
import type { Area } from '@shared/domain/scoring';
import { localDateOf } from '@shared/domain/dates';
import { firstYearOf, yearBounds, yearDays, yearProblem, yearsOf } from '@shared/domain/year-in-pixels';
import { CORRELATION_RULES, correlations } from '@shared/domain/correlations';
import { usesScale } from '@shared/domain/tiers';
import { INSIGHTS_MESSAGES, type CorrelationsResponse, type YearResponse } from '@shared/schemas/insights';
import { badRequest, forbidden } from '@server/errors';
import type { UserRow } from '@server/plugins/session';
import { correlationDays, userTimeZone } from '../check-ins/service';
import { settleNow } from '../streaks/service';
import * as repo from './repo';
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

/**
 * GET /api/insights/year (issue 29, all tiers): every date of the year with its state (the streak calendar's rule)
 * and score. The streak is settled first, as the calendar does, so both agree; then one query reads the year.
 */
export async function yearFor(ctx: ServiceContext, user: UserRow, year: number, area: Area | null): Promise<YearResponse> {
  const now = ctx.now();
  await settleNow(withNow(ctx, now), user.id);
  const timezone = userTimeZone(user);
  const { first, last } = yearBounds(year);
  const rows = await repo.yearRows(ctx.db, user.id, first, last, area);
  const thisYear = Number(localDateOf(now, timezone).slice(0, 4));
  const firstYear = Math.min(firstYearOf(localDateOf(user.createdAt, timezone), rows.earliestCheckIn), thisYear);
  const problem = yearProblem(year, firstYear, thisYear);
  if (problem) throw badRequest(problem);
  const days = yearDays({
    year,
    now,
    timezone,
    checkInTime: user.checkInTime,
    registeredAt: user.createdAt,
    checkIns: rows.checkIns,
    frozen: rows.frozen,
    recovered: rows.recovered,
    rest: rows.rest,
    firstCheckIn: rows.firstCheckIn,
  });
  return { year, area, years: yearsOf(firstYear, thisYear), days };
}
