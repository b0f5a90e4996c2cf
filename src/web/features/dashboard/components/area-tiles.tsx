import { Link } from 'react-router';
import { AREA_ICONS, AREAS, AREA_LABELS, type Area, toPercent } from '@shared/domain/scoring';
import { hasAiCoach, isAdFree, usesScale, type Tier } from '@shared/domain/tiers';
import { cn } from '@web/components/ui/cn';
import { hasEnoughForLevels, MIN_CHECK_INS_FOR_LEVELS, moreNeededText } from '@shared/domain/early-days';
import { scoreTextClass } from '@web/lib/score-colors';
import { PERIOD_LABELS } from '@shared/domain/insights';

const tileClass =
  'flex min-h-24 flex-col justify-between rounded-2xl border border-border bg-surface p-3 hover:bg-surface-2 focus-visible:outline-none focus-visible:ring-4 focus-visible:ring-ring';

/**
 * One tile per area (average over all check-ins), each opening /category/{area}; then the Ask AI Coach tile
 * (for the free tier the promotion card is the dashboard's one upsell, so the tile is not shown there).
 * Before there are enough check-ins the percentages are shown without the colour bands: one "No" is not an alarm.
 */
export function AreaTiles({ averages, tier, count }: { averages: Record<Area, number | null> | undefined; tier: Tier; count: number }) {
  const banded = hasEnoughForLevels(count);
  return (
    <section aria-labelledby="areas-heading">
      <h2 id="areas-heading" className="mb-3 text-lg font-bold">
        Your seven areas <span className="text-sm font-normal text-muted">· {PERIOD_LABELS.allTime}</span>
      </h2>
      {count > 0 && !banded && (
        <p className="-mt-1 mb-3 text-sm text-muted" data-testid="tiles-early">
          Early days: {moreNeededText(count, MIN_CHECK_INS_FOR_LEVELS, 'level')} in each area.
        </p>
      )}
      <ul className="grid grid-cols-2 gap-3 sm:grid-cols-3 lg:grid-cols-4">
        {AREAS.map((a) => {
          const avg = averages?.[a];
          const pct = avg === null || avg === undefined ? null : toPercent(avg);
          return (
            <li key={a}>
              <Link to={`/category/${a}`} className={tileClass} data-testid={`tile-${a}`}>
                <span className="flex items-center gap-2 font-semibold">
                  <span aria-hidden="true">{AREA_ICONS[a]}</span>
                  {AREA_LABELS[a]}
                </span>
                {pct === 0 && !usesScale(tier) ? (
                  // A yes/no area never answered yes: "not yet" and what starts it, not a bare red 0% (issue 30).
                  <span data-testid={`not-yet-${a}`}>
                    <span className="block text-lg font-bold text-fg">Not yet</span>
                    <span className="block text-xs text-muted">One “yes” starts it</span>
                  </span>
                ) : (
                  <span className={cn('text-2xl font-extrabold tabular-nums', pct === null ? 'text-muted' : banded ? scoreTextClass(pct) : 'text-fg')}>
                    {pct === null ? <span aria-label="no score yet">—</span> : `${pct}%`}
                  </span>
                )}
              </Link>
            </li>
          );
        })}
        {isAdFree(tier) && (
        <li>
          <Link to={hasAiCoach(tier) ? '/ai-coach' : '/upgrade'} className={cn(tileClass, 'border-primary')}>
            <span className="flex items-center gap-2 font-semibold">
              <span aria-hidden="true">🤖</span>
              Ask AI Coach
            </span>
            <span className="text-sm text-muted">{hasAiCoach(tier) ? 'Get advice from your check-ins' : 'Available with AI Coach'}</span>
          </Link>
        </li>
        )}
      </ul>
    </section>
  );
}
