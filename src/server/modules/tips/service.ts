import type { ServiceContext } from '@server/context';
import { AREAS, areaAverages, toPercent } from '@shared/domain/scoring';
import { localDateOf } from '@shared/domain/dates';
import { successRateLevel } from '@shared/domain/insights';
import { AREA_ICONS, tipFor, tipsLevel } from '@shared/domain/tips';
import { usesScale } from '@shared/domain/tiers';
import { CHECK_IN_MESSAGES, type TipDto } from '@shared/schemas/check-ins';
import { forbidden } from '@server/errors';
import type { UserRow } from '@server/plugins/session';
import { allAreaScores, userTimeZone } from '../check-ins/service';
import { withCurrentTier } from '../subscriptions/service';

/**
 * GET /api/premium/tips: one tip per area from the user's all-time area averages (premium and ai-coach only) — the
 * same figure, from the same function (`areaAverages`), as the dashboard's tiles and the category page (issue 30:
 * Tips once read the last 7 check-ins, so Rest could read 68% here and 52% there). In the early days (fewer
 * check-ins than a level needs) every area gets a first-step tip, whatever its score.
 */
export async function personalisedTips(ctx: ServiceContext, user: UserRow): Promise<TipDto[]> {
  if (!usesScale((await withCurrentTier(ctx, user)).tier)) throw forbidden(CHECK_IN_MESSAGES.tipsPremiumOnly);
  const recent = await allAreaScores(ctx, user.id);
  if (!recent.length) return [];
  const averages = areaAverages(recent);
  const today = localDateOf(ctx.now(), userTimeZone(user));
  return AREAS.map((area) => {
    const score = toPercent(averages[area] ?? 0);
    const level = successRateLevel(score);
    return { category: area, icon: AREA_ICONS[area], score, level, tip: tipFor(area, tipsLevel(level, recent.length), today) };
  });
}
