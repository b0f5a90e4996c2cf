import { useParams } from 'react-router';
import { AREA_LABELS, isArea, normalizeStoredScore, toPercent } from '@shared/domain/scoring';
import { PERIOD_LABELS, scoreWord, successRateLevel, STRENGTH_THRESHOLD, WEAK_THRESHOLD } from '@shared/domain/insights';
import { AREA_ICONS, TIPS, tipsLevel } from '@shared/domain/tips';
import { ButtonLink } from '@web/components/ui/button';
import { Card, Page, PageHeader } from '@web/components/ui/page';
import { useHistory } from '@web/features/check-ins/api/get-history';
import { hasEnoughForLevels, MIN_CHECK_INS_FOR_LEVELS, moreNeededText } from '@shared/domain/early-days';
import { AREA_ABOUT, LEVEL_INSIGHT } from '../area-content';
import { WhatMovesWhat } from '../components/what-moves-what';
import { Gauge } from '../components/gauge';
import { AreaStrengthCard } from '../components/strength';

/** /category/:categoryId (spec part 2 §2): gauge, percentage, insights, about text and improvement tips. */
export default function CategoryScreen() {
  const { categoryId = '' } = useParams();
  const history = useHistory();
  if (!isArea(categoryId)) {
    return (
      <Page>
        <PageHeader title="Category Not Found" backTo="/" />
        <p className="mb-4 text-muted">There is no area called “{categoryId}”. The seven areas are rest, exercise, nutrition, goals, boundaries, connection and joy.</p>
        <ButtonLink to="/" block>
          Return to Dashboard
        </ButtonLink>
      </Page>
    );
  }
  const area = categoryId;
  const label = AREA_LABELS[area];
  const avg = history.data?.areaAverages[area];
  const pct = avg === null || avg === undefined ? null : toPercent(avg);
  const checkIns = history.data?.checkIns ?? [];
  const key = `${area}Score` as const;
  const good = checkIns.filter((c) => normalizeStoredScore(c[key]) >= WEAK_THRESHOLD).length;
  const strong = checkIns.filter((c) => normalizeStoredScore(c[key]) >= STRENGTH_THRESHOLD).length;
  const level = pct === null ? null : successRateLevel(pct);
  // A level needs a few check-ins before it claims anything (decision 020).
  const enough = hasEnoughForLevels(checkIns.length);
  // Praise ('Keep it going') and level tips wait for a level too: first steps until then.
  const tipsFrom = tipsLevel(level ?? 'fair', checkIns.length);
  const ofCheckIns = `${checkIns.length} check-in${checkIns.length === 1 ? '' : 's'}`;
  const tipsHeading = !enough ? 'First steps' : tipsFrom === 'good' || tipsFrom === 'excellent' ? 'Keep it going' : 'Improvement tips';

  return (
    <Page>
      <PageHeader title={label} backTo="/" backLabel="Back to Dashboard">
        <span aria-hidden="true" className="text-3xl">
          {AREA_ICONS[area]}
        </span>
      </PageHeader>
      <div className="space-y-4">
        <Card>
          {history.isPending ? (
            <p role="status" className="text-muted">
              Loading your {label.toLowerCase()} score…
            </p>
          ) : (
            <>
              <Gauge percent={pct} label={`${label} score, ${PERIOD_LABELS.allTime}`} banded={enough} />
              <p className="mt-2 text-center text-sm text-muted" data-testid="category-period">
                {checkIns.length === 0 ? 'No check-ins yet' : `All time: the average of your ${ofCheckIns}`}
              </p>
            </>
          )}
        </Card>

        <Card>
          <h2 className="text-lg font-bold">Insights</h2>
          {level === null || pct === null ? (
            <p className="mt-2 text-muted">Complete a check-in to see insights for {label.toLowerCase()}.</p>
          ) : (
            <>
              <p className="mt-2" data-testid="category-insight">
                {enough ? (
                  <>
                    <span className="font-semibold">{scoreWord(pct)}.</span> {LEVEL_INSIGHT[level](label, pct)}
                  </>
                ) : (
                  <>
                    <span className="font-semibold">Early days.</span>{' '}
                    {`${label} is at ${pct}% so far. ${moreNeededText(checkIns.length, MIN_CHECK_INS_FOR_LEVELS, 'level')}.`}
                  </>
                )}
              </p>
              <ul className="mt-3 list-disc space-y-1 pl-5 text-sm">
                <li>{`${good} of ${ofCheckIns} at 50% or more`}</li>
                <li>{`${strong} of ${ofCheckIns} at 70% or more (a strength)`}</li>
              </ul>
            </>
          )}
        </Card>

        <AreaStrengthCard area={area} />

        <WhatMovesWhat area={area} />

        <Card>
          <h2 className="text-lg font-bold">About {label}</h2>
          <p className="mt-2">{AREA_ABOUT[area]}</p>
        </Card>

        <Card>
          <h2 className="text-lg font-bold">{tipsHeading}</h2>
          <ul className="mt-2 space-y-2">
            {TIPS[area][tipsFrom].map((t) => (
              <li key={t} className="rounded-xl bg-surface-2 p-3">
                {t}
              </li>
            ))}
          </ul>
        </Card>
      </div>
    </Page>
  );
}
