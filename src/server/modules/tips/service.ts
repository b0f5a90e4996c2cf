import type { ServiceContext } from '@server/context';
import { AREAS } from '@shared/domain/areas';
import { localDateOf } from '@shared/domain/dates';
import { successRateLevel } from '@shared/domain/insights';
import { areaAverages, toPercent } from '@shared/domain/scoring';
import { AREA_ICONS, tipFor, tipsLevel } from '@shared/domain/tips';
import { usesScale } from '@shared/domain/tiers';
import { CHECK_IN_MESSAGES, type TipDto } from '@shared/schemas/check-ins';
import { forbidden } from '@server/errors';
import type { UserRow } from '@server/plugins/session';
import { recentAreaScores, userTimeZone } from '../check-ins/service';
import { withCurrentTier } from '../subscriptions/service';

/** How many of the latest check-ins make up "recent scores". */
export const RECENT_CHECK_INS = 7;

/**
 * GET /api/premium/tips: one tip per area from the user's recent scores (premium and ai-coach only). In the early
 * days (fewer check-ins than a level needs) every area gets a first-step tip, whatever its score.
 */
export async function personalisedTips(ctx: ServiceContext, user: UserRow): Promise<TipDto[]> {
  if (!usesScale((await withCurrentTier(ctx, user)).tier)) throw forbidden(CHECK_IN_MESSAGES.tipsPremiumOnly);
  const recent = await recentAreaScores(ctx, user.id, RECENT_CHECK_INS);
  if (!recent.length) return [];
  const averages = areaAverages(recent);
  const today = localDateOf(ctx.now(), userTimeZone(user));
  return AREAS.map((area) => {
    const score = toPercent(averages[area] ?? 0);
    const level = successRateLevel(score);
    return { category: area, icon: AREA_ICONS[area], score, level, tip: tipFor(area, tipsLevel(level, recent.length), today) };
  });
}
